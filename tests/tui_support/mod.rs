//! Test support for the TUI: an inline worker that runs `update`'s commands against the memory
//! engine right away (no terminal, no sleeps), and small hand-made tables.
#![allow(dead_code)]

pub mod fake_backend;
pub mod orders;
pub mod pty;
pub mod screen;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::command::Command;
use ddbx::app::state::{Settings, State};
use ddbx::app::update::{start, update};
use ddbx::backend::Backend;
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
        }
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

    /// Runs one command and returns its result action (without applying it).
    pub async fn execute(&mut self, command: Command) -> Option<Action> {
        match &command {
            Command::Describe { .. }
            | Command::AccountId { .. }
            | Command::ScanPage { .. }
            | Command::QueryPartition { .. }
            | Command::QueryPage { .. }
            | Command::GetItem { .. }
            | Command::IndexScanPage { .. }
            | Command::FetchIndexBaseItem { .. } => {
                self.requests.push(command.clone());
            }
            _ => {}
        }
        match command {
            Command::Describe { id, table } => Some(Action::Described {
                id,
                result: self.backend.describe_table(&table).await.map(Box::new),
            }),
            Command::AccountId { id } => Some(Action::AccountId {
                id,
                result: self.backend.account_id().await,
            }),
            Command::ScanPage {
                id,
                segment,
                request,
            } => Some(Action::ScanPage {
                id,
                segment,
                result: self.backend.scan(request).await,
            }),
            Command::QueryPartition { id, request } => Some(Action::PartitionPage {
                id,
                result: self.backend.query(request).await,
            }),
            // edittui: writes run through editcore's executor, the journal on disk.
            Command::ExecuteWrite { id, planned } => {
                self.requests.push(Command::ExecuteWrite {
                    id,
                    planned: planned.clone(),
                });
                Some(Action::WriteDone {
                    id,
                    result: ddbx::edit::execute::execute_planned(self.backend.as_ref(), &planned)
                        .await,
                })
            }
            Command::AppendJournal { path, write } => {
                let entry = ddbx::journal::JournalEntry::for_write(
                    &self.backend.connection(),
                    &write.table,
                    &write.planned,
                    write.key,
                    write.before,
                    write.after,
                );
                Some(Action::JournalWritten(
                    ddbx::journal::Journal::open(path)
                        .append(&entry)
                        .map_err(|error| error.to_string()),
                ))
            }
            Command::LoadJournal { id, path, table } => Some(Action::JournalLoaded {
                id,
                result: ddbx::journal::Journal::open(path)
                    .last_for(
                        &table,
                        &ddbx::journal::JournalConnection::from(&self.backend.connection()),
                    )
                    .map(|entry| entry.map(Box::new))
                    .map_err(|error| error.to_string()),
            }),
            Command::QueryPage { id, request } => Some(Action::QueryPage {
                id,
                result: self.backend.query(request).await,
            }),
            Command::GetItem { id, request } => Some(Action::BaseItem {
                id,
                result: self.backend.get_item(request).await,
            }),
            Command::IndexScanPage { id, request } => Some(Action::IndexScanPage {
                id,
                result: self.backend.scan(request).await,
            }),
            Command::FetchIndexBaseItem { id, request } => Some(Action::IndexBaseItem {
                id,
                result: self.backend.get_item(request).await,
            }),
            other => {
                self.side_effects.push(other);
                None
            }
        }
    }

    pub fn scans(&self) -> usize {
        self.requests
            .iter()
            .filter(|c| matches!(c, Command::ScanPage { .. }))
            .count()
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
        self.requests
            .iter()
            .filter_map(|c| match c {
                Command::QueryPage { request, .. } => Some(request),
                _ => None,
            })
            .collect()
    }

    pub fn queries(&self) -> Vec<&Command> {
        self.requests
            .iter()
            .filter(|c| matches!(c, Command::QueryPartition { .. }))
            .collect()
    }
}

/// `PK`/`SK` string table description named `name`.
pub fn pk_sk_table(name: &str) -> TableDescription {
    TableDescription::new(
        name,
        KeySchema {
            partition: KeyAttribute::new("PK", ValueType::S),
            sort: Some(KeyAttribute::new("SK", ValueType::S)),
        },
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
