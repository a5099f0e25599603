//! Test support for the TUI: an inline worker that runs `update`'s commands against the memory
//! engine right away (no terminal, no sleeps), and small hand-made tables.
#![allow(dead_code)]

pub mod bulk;
pub mod fake_backend;
pub mod orders;
pub mod pty;
pub mod query_form;
// The same file as `support::scratch`: a test binary may hold both, and a test of the terminal UI
// alone needs it without the rest of `support`.
#[allow(clippy::duplicate_mod)]
#[path = "../support/scratch.rs"]
pub mod scratch;
pub mod screen;
pub mod stream;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadFor, ReadJob};
use ddbx::app::state::{Partition, Settings, State};
use ddbx::app::update::{start, update};
use ddbx::backend::Backend;
use ddbx::domain::collection::Collections;
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};
use ddbx::keymap::Keymap;

/// 2026-07-01T00:00:00Z: the fixed "now" of every test.
pub const NOW: i64 = 1_782_864_000;

/// A state plus an inline worker over a backend.
pub struct Harness {
    pub state: State,
    pub backend: Arc<dyn Backend>,
    /// Commands the inline worker does not run (clipboard, cancel, quit), in order.
    pub side_effects: Vec<Command>,
    /// Every backend command issued, in order.
    pub requests: Vec<Command>,
    /// The test's own directories, removed with the harness.
    scratch: Vec<scratch::Scratch>,
}

impl Harness {
    pub fn new(backend: Arc<dyn Backend>, table: &str, settings: Settings) -> Self {
        let mut state = State::new(table, backend.connection(), Keymap::defaults(), settings);
        update(
            &mut state,
            Action::Tick(Clock {
                uptime: Duration::ZERO,
                unix_seconds: NOW,
            }),
        );
        Self {
            state,
            backend,
            side_effects: Vec::new(),
            requests: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// A fresh directory of this test's own (`name` tells whose), removed with the harness.
    pub fn scratch_dir(&mut self, name: &str) -> std::path::PathBuf {
        let dir = scratch::Scratch::new(name);
        let path = dir.path().to_path_buf();
        self.scratch.push(dir);
        path
    }

    /// A private journal for this test, in a directory removed with the harness; the app writes
    /// to it from now on. Returns its path.
    pub fn private_journal(&mut self, name: &str) -> std::path::PathBuf {
        let path = self.scratch_dir(name).join("ddbx").join("journal.jsonl");
        self.state.session.journal_path = Some(path.clone());
        path
    }

    /// Starts the app and runs every resulting request to completion.
    pub async fn start(&mut self) {
        let commands = start(&mut self.state);
        self.run(commands).await;
    }

    /// Applies an action and runs everything it causes.
    pub async fn act(&mut self, action: Action) {
        let commands = update(&mut self.state, action);
        self.run(commands).await;
    }

    /// Applies actions in order.
    pub async fn act_all(&mut self, actions: impl IntoIterator<Item = Action>) {
        for action in actions {
            self.act(action).await;
        }
    }

    /// Applies an action without running what it causes; returns the commands.
    pub fn act_only(&mut self, action: Action) -> Vec<Command> {
        update(&mut self.state, action)
    }

    /// Runs commands (and the commands their results cause) until none are left.
    pub async fn run(&mut self, commands: Vec<Command>) {
        let mut queue: VecDeque<Command> = commands.into();
        while let Some(command) = queue.pop_front() {
            let result = self.execute(command).await;
            if let Some(action) = result {
                queue.extend(update(&mut self.state, action));
            }
        }
    }

    /// Runs one command and returns its result action (without applying it). Reads go through
    /// the worker's own `answer`, so the harness pairs answers exactly as the app does.
    pub async fn execute(&mut self, command: Command) -> Option<Action> {
        match command {
            Command::Read(job) => {
                self.requests.push(Command::Read(job.clone()));
                Some(ddbx::worker::answer(job, self.backend.as_ref()).await)
            }
            // Writes run through the worker's own write path, the journal on disk.
            Command::ExecuteWrite {
                id,
                table,
                planned,
                journal,
            } => {
                let done = ddbx::worker::write_done(
                    id,
                    &table,
                    &planned,
                    journal.clone(),
                    self.backend.as_ref(),
                )
                .await;
                self.requests.push(Command::ExecuteWrite {
                    id,
                    table,
                    planned,
                    journal,
                });
                Some(done)
            }
            // A transaction of staged changes through the worker's own transaction path.
            Command::ExecuteTransaction {
                id,
                description,
                staged,
                assembled,
                journal,
                plan,
            } => {
                self.requests.push(Command::ExecuteTransaction {
                    id,
                    description: description.clone(),
                    staged: staged.clone(),
                    assembled: assembled.clone(),
                    journal: journal.clone(),
                    plan: plan.clone(),
                });
                let job = ddbx::worker::TransactionJob {
                    id,
                    description,
                    staged,
                    assembled,
                    journal,
                    plan,
                };
                Some(ddbx::worker::transaction_done(job, self.backend.as_ref()).await)
            }
            // A table's query history file, read by the worker's own function.
            Command::LoadQueryHistory { table, path } => {
                Some(ddbx::worker::history_loaded(table, &path))
            }
            // Bulk groups and exports through the worker's own bulk path.
            command @ (Command::ExecuteBatchGroup { .. } | Command::ExportItems { .. }) => {
                self.requests.push(command.clone());
                ddbx::worker::bulk_done(command, self.backend.as_ref()).await
            }
            other => {
                self.side_effects.push(other);
                None
            }
        }
    }

    /// The reads issued, in order.
    pub fn reads(&self) -> impl Iterator<Item = &ReadJob> {
        self.requests.iter().filter_map(|command| match command {
            Command::Read(job) => Some(job),
            _ => None,
        })
    }

    /// The reads issued for `owner`, in order.
    pub fn reads_for(&self, owner: ReadFor) -> Vec<&Read> {
        self.reads()
            .filter(|job| job.owner == owner)
            .map(|job| &job.read)
            .collect()
    }

    /// The reads issued since the first `before` requests, in order.
    pub fn reads_since(&self, before: usize) -> Vec<&Read> {
        self.requests[before..]
            .iter()
            .filter_map(|command| match command {
                Command::Read(job) => Some(&job.read),
                _ => None,
            })
            .collect()
    }

    /// Every transaction of staged changes sent, in order.
    pub fn transactions(&self) -> Vec<&ddbx::domain::edit::transaction::Assembled> {
        self.requests
            .iter()
            .filter_map(|command| match command {
                Command::ExecuteTransaction { assembled, .. } => Some(assembled.as_ref()),
                _ => None,
            })
            .collect()
    }

    /// Discovery scan pages issued.
    pub fn scans(&self) -> usize {
        self.reads_for(ReadFor::Discovery).len()
    }

    /// Every write command that reached the backend, in order.
    pub fn writes(&self) -> Vec<&Command> {
        self.requests
            .iter()
            .filter(|c| matches!(c, Command::ExecuteWrite { .. }))
            .collect()
    }

    /// The builder's query pages issued, in order.
    pub fn query_pages(&self) -> Vec<&ddbx::backend::QueryRequest> {
        self.reads_for(ReadFor::QueryRun)
            .into_iter()
            .filter_map(|read| match read {
                Read::Query(request) => Some(request),
                _ => None,
            })
            .collect()
    }

    /// The partition query pages issued, in order.
    pub fn queries(&self) -> Vec<&Read> {
        self.reads_for(ReadFor::Partition)
    }
}

/// A started app over the demo table of `size` items (seed 1) in the memory engine.
pub async fn started_demo(size: usize, settings: Settings) -> Harness {
    let (description, items) = ddbx::demo::generate(1, size);
    let backend =
        ddbx::backend::memory::MemoryBackend::new(description, items).expect("demo loads");
    let mut harness = Harness::new(Arc::new(backend), ddbx::demo::TABLE_NAME, settings);
    harness.start().await;
    harness
}

/// The partition opened first (of those opened, the one with the lowest key text); panics when
/// none is open.
pub fn first_partition(state: &State) -> &Partition {
    state
        .explore
        .partitions
        .values()
        .next()
        .expect("a partition opened")
}

/// What the discovery scan found; panics before it found anything.
pub fn discovered(state: &State) -> &Collections {
    state
        .explore
        .discovery
        .found
        .as_ref()
        .expect("the discovery scan ran")
}

/// The text of the open editor; panics when none is open.
pub fn editor_text(harness: &Harness) -> String {
    harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .expect("the editor is open")
        .text()
}

/// `PK`/`SK` string table description named `name`.
pub fn pk_sk_table(name: &str) -> TableDescription {
    TableDescription::new(
        name,
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

/// An item from (name, string) pairs.
pub fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

/// A small single-table data set: 2 users (one with 3 orders), 2 orders with line items, 1 store.
pub fn shop_items() -> Vec<Item> {
    vec![
        item(&[("PK", "USER#u1"), ("SK", "METADATA"), ("name", "Ada")]),
        item(&[
            ("PK", "USER#u1"),
            ("SK", "ORDER#2026-07-01#o1"),
            ("status", "PENDING"),
        ]),
        item(&[
            ("PK", "USER#u1"),
            ("SK", "ORDER#2026-07-02#o2"),
            ("status", "SHIPPED"),
        ]),
        item(&[
            ("PK", "USER#u1"),
            ("SK", "ORDER#2026-07-03#o3"),
            ("status", "PENDING"),
        ]),
        item(&[("PK", "USER#u2"), ("SK", "METADATA"), ("name", "Bo")]),
        item(&[("PK", "ORDER#o1"), ("SK", "ITEM#1"), ("product", "Widget")]),
        item(&[("PK", "ORDER#o1"), ("SK", "ITEM#2"), ("product", "Gadget")]),
        item(&[("PK", "ORDER#o2"), ("SK", "ITEM#1"), ("product", "Gizmo")]),
        item(&[("PK", "STORE#s1"), ("SK", "METADATA"), ("city", "Lisbon")]),
    ]
}

/// A backend with `items` in a `PK`/`SK` table called `Shop`.
pub fn shop_backend(items: Vec<Item>) -> Arc<fake_backend::FakeBackend> {
    Arc::new(fake_backend::FakeBackend::new(pk_sk_table("Shop"), items))
}

/// Settings with small pages so paging is exercised.
pub fn small_pages(page_size: u32) -> Settings {
    Settings {
        page_size,
        ..Settings::default()
    }
}

/// Prefix → (partitions, items) computed independently of the app.
pub fn expected_groups(items: &[Item]) -> BTreeMap<String, (usize, usize)> {
    let mut partitions: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for item in items {
        let Some(pk) = item.get("PK").and_then(|pk| pk.as_s()) else {
            continue;
        };
        let prefix = pk.split('#').next().unwrap_or(pk).to_owned();
        partitions
            .entry(prefix.clone())
            .or_default()
            .insert(pk.to_owned());
        *counts.entry(prefix).or_default() += 1;
    }
    partitions
        .into_iter()
        .map(|(prefix, pks)| {
            let items = counts[&prefix];
            (prefix, (pks.len(), items))
        })
        .collect()
}

/// `items` written as a scan-output file (`{"Item": …}` lines) named `file` in a fresh temporary
/// directory named after `test`; the directory (removed when dropped) and the file's path.
pub fn items_file(test: &str, file: &str, items: &[Item]) -> (scratch::Scratch, String) {
    let dir = scratch::Scratch::new(test);
    let path = dir.join(file);
    let lines: Vec<String> = items
        .iter()
        .map(|item| {
            serde_json::json!({ "Item": ddbx::domain::ddb_json::item_to_json(item) }).to_string()
        })
        .collect();
    std::fs::write(&path, lines.join("\n")).expect("file written");
    let path_text = path.display().to_string();
    (dir, path_text)
}
