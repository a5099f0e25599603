//! A bulk run in the journal: a header line naming the run (its id, table, connection and what
//! it does), then its writes as ordinary intents and outcomes carrying the run's id. Intents and
//! outcomes are appended a group at a time, each group forced to disk once, so a run of ten
//! thousand writes costs a few hundred `fsync`s and every intent is still durable before its
//! request is sent.

use std::collections::HashMap;
use std::fs;
use std::io::{self, BufRead as _};

use serde_json::{Value, json};

use super::entry::{JournalConnection, JournalEntry};
use super::file::{Journal, Outcome, new_id, outcome_from_json};
use crate::domain::value::Item;

/// What a run is, recorded once before its first write: a resumed run must do the same thing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchHeader {
    pub batch: String,
    pub table: String,
    pub connection: JournalConnection,
    /// The run's scope and action, in words; a resume must describe itself identically.
    pub plan: String,
}

/// How the plan of a run that was one `TransactWriteItems` begins: such a run is undone as one
/// transaction too, never item by item.
pub const TRANSACTION_PLAN: &str = "TransactWriteItems";

impl BatchHeader {
    /// True when the run was one transaction (all its writes or none).
    #[must_use]
    pub fn is_transaction(&self) -> bool {
        self.plan.starts_with(TRANSACTION_PLAN)
    }
}

/// The fate of one write of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchOutcome {
    Written {
        before: Option<Item>,
        after: Option<Item>,
    },
    /// The item changed since it was read (or the key of a create was taken): skipped.
    Conflict,
    /// Refused by the service (throttled, invalid): not written, may be tried again.
    NotWritten,
}

/// One write of a run, as the journal knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchRecord {
    pub entry: JournalEntry,
    /// `None`: the intent was recorded but no outcome (a crash between sending and recording).
    pub outcome: Option<BatchOutcome>,
}

/// Everything the journal holds about one run, writes in the order they were recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BatchLog {
    pub header: Option<BatchHeader>,
    pub records: Vec<BatchRecord>,
}

/// A new run id: unique across processes and time.
#[must_use]
pub fn new_batch_id() -> String {
    format!("b-{}", new_id())
}

impl Journal {
    /// Records the start of a run, durably.
    pub fn append_batch_header(&self, header: &BatchHeader) -> io::Result<()> {
        let text = |value: &Option<String>| value.clone().map_or(Value::Null, Value::String);
        self.append_line(&json!({
            "record": "batch",
            "batch": header.batch,
            "table": header.table,
            "connection": {
                "kind": header.connection.kind,
                "profile": text(&header.connection.profile),
                "region": text(&header.connection.region),
                "endpoint": text(&header.connection.endpoint),
            },
            "plan": header.plan,
        }))
    }

    /// Appends `entries` as intents in one write and one `fsync`, returning their ids in order.
    /// When this fails none of them may be sent.
    pub fn append_intents(&self, entries: &[JournalEntry]) -> io::Result<Vec<String>> {
        let mut ids = Vec::with_capacity(entries.len());
        let mut lines = String::new();
        for entry in entries {
            let id = new_id();
            let mut line = entry.to_json();
            if let Some(object) = line.as_object_mut() {
                object.insert("record".to_owned(), json!("intent"));
                object.insert("id".to_owned(), json!(id));
            }
            lines.push_str(&line.to_string());
            lines.push('\n');
            ids.push(id);
        }
        crate::storage::append_private_durable(self.path(), lines.as_bytes())?;
        Ok(ids)
    }

    /// Appends the outcomes of intents, in one write and one `fsync`.
    pub fn append_outcomes(&self, outcomes: &[(String, BatchOutcome)]) -> io::Result<()> {
        let image = |item: &Option<Item>| item.as_ref().map_or(Value::Null, super::item_json);
        let mut lines = String::new();
        for (id, outcome) in outcomes {
            let line = match outcome {
                BatchOutcome::Written { before, after } => json!({
                    "record": "outcome", "id": id, "written": true,
                    "before": image(before), "after": image(after),
                }),
                BatchOutcome::Conflict => {
                    json!({"record": "outcome", "id": id, "written": false, "conflict": true})
                }
                BatchOutcome::NotWritten => {
                    json!({"record": "outcome", "id": id, "written": false})
                }
            };
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
        crate::storage::append_private_durable(self.path(), lines.as_bytes())
    }

    /// The id of the latest run journaled to the same table through the same connection doing
    /// the same plan as `like` (whatever `like`'s id): the run a resume continues.
    pub fn latest_batch_like(&self, like: &BatchHeader) -> io::Result<Option<String>> {
        crate::storage::require_regular_file(self.path())?;
        let file = match fs::File::open(self.path()) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        let mut latest = None;
        for line in io::BufReader::new(file).lines() {
            let line = line?;
            // Headers are short; intents and outcomes are skipped before parsing.
            if line.len() > crate::domain::limits::MAX_JOURNAL_LINE
                || !line.contains("\"record\":\"batch\"")
            {
                continue;
            }
            let Some(header) = serde_json::from_str::<Value>(&line)
                .ok()
                .as_ref()
                .and_then(header_from_json)
            else {
                continue;
            };
            if header.table == like.table
                && header.connection == like.connection
                && header.plan == like.plan
            {
                latest = Some(header.batch);
            }
        }
        Ok(latest)
    }

    /// Every write of run `batch`, read forwards through the whole journal (a run is looked up
    /// rarely: to undo or resume it).
    pub fn batch_log(&self, batch: &str) -> io::Result<BatchLog> {
        crate::storage::require_regular_file(self.path())?;
        let file = match fs::File::open(self.path()) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(BatchLog::default()),
            Err(error) => return Err(error),
        };
        let mut log = BatchLog::default();
        let mut positions: HashMap<String, usize> = HashMap::new();
        for line in io::BufReader::new(file).lines() {
            let line = line?;
            if line.len() > crate::domain::limits::MAX_JOURNAL_LINE {
                continue;
            }
            let Ok(value) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            let record = value.get("record").and_then(Value::as_str);
            let id = value.get("id").and_then(Value::as_str).map(str::to_owned);
            let in_batch = value.get("batch").and_then(Value::as_str) == Some(batch);
            match (record, id) {
                (Some("batch"), _) if in_batch => log.header = header_from_json(&value),
                (Some("intent"), Some(id)) if in_batch => {
                    if let Some(entry) = JournalEntry::from_json(&value) {
                        positions.insert(id, log.records.len());
                        log.records.push(BatchRecord {
                            entry,
                            outcome: None,
                        });
                    }
                }
                (Some("outcome"), Some(id)) => {
                    if let Some(&position) = positions.get(&id) {
                        log.records[position].outcome = batch_outcome_from_json(&value);
                    }
                }
                _ => {}
            }
        }
        Ok(log)
    }
}

fn batch_outcome_from_json(value: &Value) -> Option<BatchOutcome> {
    if value.get("conflict").and_then(Value::as_bool) == Some(true) {
        return Some(BatchOutcome::Conflict);
    }
    Some(match outcome_from_json(value)? {
        Outcome::Written { before, after } => BatchOutcome::Written { before, after },
        Outcome::NotWritten => BatchOutcome::NotWritten,
        // Unknown, and never reverted: as a write someone else changed.
        Outcome::PassedOver => BatchOutcome::Conflict,
    })
}

fn header_from_json(value: &Value) -> Option<BatchHeader> {
    let string = |field: &str| value.get(field)?.as_str().map(str::to_owned);
    let connection = value.get("connection")?;
    let optional = |field: &str| connection.get(field)?.as_str().map(str::to_owned);
    Some(BatchHeader {
        batch: string("batch")?,
        table: string("table")?,
        connection: JournalConnection {
            kind: optional("kind").unwrap_or_default(),
            profile: optional("profile"),
            region: optional("region"),
            endpoint: optional("endpoint"),
        },
        plan: string("plan")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn entry(batch: &str, pk: &str) -> JournalEntry {
        let key = Item::from([("PK".to_owned(), AttrValue::s(pk))]);
        let mut after = key.clone();
        after.insert("x".to_owned(), AttrValue::s("1"));
        JournalEntry {
            time: "2026-01-01T00:00:00Z".to_owned(),
            connection: JournalConnection::default(),
            table: "T".to_owned(),
            key: key.clone(),
            operation: "UpdateItem".to_owned(),
            request: "UpdateItem".to_owned(),
            before: Some(key),
            after: Some(after),
            pending: false,
            passed_over: false,
            id: None,
            reverts: None,
            batch: Some(batch.to_owned()),
            adjusts: Vec::new(),
        }
    }

    #[test]
    fn a_run_reads_back_with_its_header_outcomes_and_unconfirmed_writes_only() {
        let dir = std::env::temp_dir().join(format!("ddbx-batch-{}", new_id()));
        let journal = Journal::open(dir.join("journal.jsonl"));
        let header = BatchHeader {
            batch: "b-1".to_owned(),
            table: "T".to_owned(),
            connection: JournalConnection::default(),
            plan: "bulk scan set x=1".to_owned(),
        };
        journal.append_batch_header(&header).expect("header");
        let ids = journal
            .append_intents(&[entry("b-1", "a"), entry("b-1", "b"), entry("b-1", "c")])
            .expect("intents");
        let other = journal
            .append_intents(&[entry("b-2", "a")])
            .expect("other run");
        let written = BatchOutcome::Written {
            before: None,
            after: None,
        };
        journal
            .append_outcomes(&[
                (ids[0].clone(), written.clone()),
                (ids[1].clone(), BatchOutcome::Conflict),
                (other[0].clone(), BatchOutcome::NotWritten),
            ])
            .expect("outcomes");
        let log = journal.batch_log("b-1").expect("log");
        assert_eq!(log.header, Some(header));
        let outcomes: Vec<Option<BatchOutcome>> = log
            .records
            .iter()
            .map(|record| record.outcome.clone())
            .collect();
        assert_eq!(
            outcomes,
            [Some(written), Some(BatchOutcome::Conflict), None]
        );
        assert_eq!(log.records[2].entry.id.as_deref(), Some(ids[2].as_str()));
        assert!(journal.batch_log("b-3").expect("log").header.is_none());
        // The ordinary reader sees the run's writes as writes (a conflict was not written).
        let entries = journal.entries().expect("entries");
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert!(
            entries
                .iter()
                .all(|entry| entry.batch.as_deref() == Some("b-1"))
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
