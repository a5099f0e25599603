//! The journal file: append-only JSON lines, created with mode 0600 (its items may be private).
//!
//! A write is recorded ahead: its intent (request, item as read, item as expected after) is
//! appended and forced to disk before the request is sent, and its outcome is appended after
//! (written with the images the service returned, or not written). An intent without an outcome
//! is a write whose fate is unknown (a crash or a lost answer between sending and recording);
//! it reads back as a pending entry, which undo resolves by reading the item. Lines of older
//! versions (one complete entry each, without a `record` field) read back as written entries.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::entry::{JournalConnection, JournalEntry};
use super::tail::lines_from_end;
use crate::domain::ddb_json::{item_from_json, item_to_json};
use crate::domain::value::Item;

/// The journal at one path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    path: PathBuf,
}

/// What became of a recorded intent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Written, with the images as the service returned them (or as the plan implies).
    Written {
        before: Option<Item>,
        after: Option<Item>,
    },
    /// Nothing was written (the condition failed, or the server refused the request).
    NotWritten,
    /// Passed over by the user: reading the item could not tell whether it was written (someone
    /// wrote since), so it stays pending in the history and undo never reverts it.
    PassedOver,
}

/// Identifies one intent within the journal: time, process and a counter, so concurrent
/// processes never collide.
pub(super) fn new_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    format!(
        "{nanos:x}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

impl Journal {
    /// `$XDG_STATE_HOME/ddbx/journal.jsonl`, else `~/.local/state/ddbx/journal.jsonl`; `None`
    /// without either variable. `DDBX_JOURNAL` (a file path) overrides both.
    #[must_use]
    pub fn default_path() -> Option<PathBuf> {
        if let Some(path) = std::env::var_os("DDBX_JOURNAL").filter(|value| !value.is_empty()) {
            return Some(PathBuf::from(path));
        }
        let state = crate::storage::state_home()?;
        Some(crate::storage::ddbx_dir(&state).join("journal.jsonl"))
    }

    #[must_use]
    pub fn open(path: PathBuf) -> Self {
        Self { path }
    }

    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one complete (written) entry as one line, durably.
    pub fn append(&self, entry: &JournalEntry) -> io::Result<()> {
        self.append_line(&entry.to_json())
    }

    /// Appends `entry` as an intent, durably (`fsync`), and returns its id for the outcome. When
    /// this fails the write must not be sent.
    pub fn append_intent(&self, entry: &JournalEntry) -> io::Result<String> {
        let id = new_id();
        let mut line = entry.to_json();
        if let Some(object) = line.as_object_mut() {
            object.insert("record".to_owned(), json!("intent"));
            object.insert("id".to_owned(), json!(id));
        }
        self.append_line(&line)?;
        Ok(id)
    }

    /// Appends the outcome of intent `id`, durably.
    pub fn append_outcome(&self, id: &str, outcome: &Outcome) -> io::Result<()> {
        let image = |item: &Option<Item>| item.as_ref().map_or(Value::Null, item_to_json);
        let line = match outcome {
            Outcome::Written { before, after } => json!({
                "record": "outcome", "id": id, "written": true,
                "before": image(before), "after": image(after),
            }),
            Outcome::NotWritten => json!({"record": "outcome", "id": id, "written": false}),
            // `written: null` reads as no outcome, so an older ddbx keeps it pending.
            Outcome::PassedOver => {
                json!({"record": "outcome", "id": id, "written": null, "passed_over": true})
            }
        };
        self.append_line(&line)
    }

    pub(super) fn append_line(&self, value: &Value) -> io::Result<()> {
        let mut line = value.to_string();
        line.push('\n');
        crate::storage::append_private_durable(&self.path, line.as_bytes())
    }

    /// Every readable entry, oldest first; writes known not to have happened are left out, and
    /// an intent without an outcome is a pending entry. A missing journal has none.
    pub fn entries(&self) -> io::Result<Vec<JournalEntry>> {
        let mut found = self.newest_entries(|_| false)?;
        found.reverse();
        Ok(found)
    }

    /// The newest entries, newest first, read from the end of the file until `enough` holds for
    /// one of them: finding the last write reads only the tail of a long journal.
    fn newest_entries(
        &self,
        enough: impl Fn(&JournalEntry) -> bool,
    ) -> io::Result<Vec<JournalEntry>> {
        crate::storage::require_regular_file(&self.path)?;
        let file = match fs::File::open(&self.path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(error),
        };
        // Outcomes follow their intents, so reading backwards meets an outcome first.
        let mut outcomes: HashMap<String, Option<Outcome>> = HashMap::new();
        let mut entries = Vec::new();
        for line in lines_from_end(file, crate::domain::limits::MAX_JOURNAL_LINE)? {
            let Ok(value) = serde_json::from_str::<Value>(&line?) else {
                continue;
            };
            let record = value.get("record").and_then(Value::as_str);
            let id = value.get("id").and_then(Value::as_str).map(str::to_owned);
            match (record, id) {
                (Some("outcome"), Some(id)) => {
                    outcomes.insert(id, outcome_from_json(&value));
                }
                (Some("intent"), Some(id)) => {
                    let Some(mut entry) = JournalEntry::from_json(&value) else {
                        continue;
                    };
                    match outcomes.remove(&id) {
                        Some(Some(Outcome::NotWritten)) => continue,
                        Some(Some(Outcome::PassedOver)) => {
                            entry.pending = true;
                            entry.passed_over = true;
                        }
                        Some(Some(Outcome::Written { before, after })) => {
                            entry.before = before;
                            entry.after = after;
                        }
                        // No outcome, or one that cannot be read: the fate is unknown.
                        Some(None) | None => entry.pending = true,
                    }
                    let done = enough(&entry);
                    entries.push(entry);
                    if done {
                        break;
                    }
                }
                (None, _) => {
                    if let Some(entry) = JournalEntry::from_json(&value) {
                        let done = enough(&entry);
                        entries.push(entry);
                        if done {
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(entries)
    }

    /// The most recent entry for `table` written through the same connection (kind, endpoint,
    /// region and profile): an undo must never carry a write from one place (a local server)
    /// to another (production) just because the table names match. A write passed over by
    /// `undo --skip-pending` is never the one to undo, so the one before it is found.
    pub fn last_for(
        &self,
        table: &str,
        connection: &JournalConnection,
    ) -> io::Result<Option<JournalEntry>> {
        let matches = |entry: &JournalEntry| {
            entry.table == table && entry.connection == *connection && !entry.passed_over
        };
        Ok(self.newest_entries(matches)?.into_iter().find(matches))
    }

    /// The newest `limit` entries `keep` accepts, newest first, read from the end of the file;
    /// the flag is true when the limit stopped the reading (older matches may remain).
    pub fn newest_matching(
        &self,
        keep: impl Fn(&JournalEntry) -> bool,
        limit: usize,
    ) -> io::Result<(Vec<JournalEntry>, bool)> {
        let found = std::cell::Cell::new(0_usize);
        let enough = |entry: &JournalEntry| {
            if keep(entry) {
                found.set(found.get() + 1);
            }
            found.get() >= limit
        };
        let entries: Vec<JournalEntry> = self
            .newest_entries(enough)?
            .into_iter()
            .filter(|entry| keep(entry))
            .collect();
        let limited = entries.len() >= limit;
        Ok((entries, limited))
    }

    /// The most recent entry for `table`, wherever it was written (see [`Self::last_for`]).
    pub fn last_for_table(&self, table: &str) -> io::Result<Option<JournalEntry>> {
        let matches = |entry: &JournalEntry| entry.table == table;
        Ok(self.newest_entries(matches)?.into_iter().find(matches))
    }
}

/// An outcome line's outcome; `None` when it cannot be read.
pub(super) fn outcome_from_json(value: &Value) -> Option<Outcome> {
    if value.get("passed_over").and_then(Value::as_bool) == Some(true) {
        return Some(Outcome::PassedOver);
    }
    if !value.get("written")?.as_bool()? {
        return Some(Outcome::NotWritten);
    }
    let image = |field: &str| -> Option<Option<Item>> {
        match value.get(field)? {
            Value::Null => Some(None),
            other => item_from_json(other).ok().map(Some),
        }
    };
    Some(Outcome::Written {
        before: image("before")?,
        after: image("after")?,
    })
}
