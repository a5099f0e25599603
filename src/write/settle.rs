//! What became of a run's writes, from the journal: a write sent without a recorded outcome (the
//! process was killed between sending and recording) is settled by reading the item — as the
//! write leaves it: written; as it was read: not written; anything else: someone wrote since, a
//! conflict. Resume and undo of a run, headless and in the terminal UI, settle through here.

use std::collections::HashMap;

use crate::backend::{Backend, BackendError, GetRequest};
use crate::domain::expr::ExpressionParams;
use crate::journal::{BatchOutcome, BatchRecord, Journal, JournalEntry};

use super::run_plan::key_text;

/// Why a write's fate could not be settled.
#[derive(Debug)]
pub enum SettleError {
    /// The item could not be read.
    Backend(BackendError),
    /// The settled outcome could not be recorded in the journal.
    Journal(String),
}

impl From<BackendError> for SettleError {
    fn from(error: BackendError) -> Self {
        Self::Backend(error)
    }
}

impl std::fmt::Display for SettleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Backend(error) => write!(f, "{error}"),
            Self::Journal(message) => f.write_str(message),
        }
    }
}

/// Reads the item an unconfirmed write addressed and records what became of the write.
pub async fn settle(
    backend: &dyn Backend,
    journal: &Journal,
    record: &BatchRecord,
) -> Result<BatchOutcome, SettleError> {
    let entry = &record.entry;
    let description = backend.describe_table(&entry.table).await?;
    let key = entry
        .after
        .as_ref()
        .and_then(|after| description.primary_key_of(after))
        .unwrap_or_else(|| entry.key.clone());
    let current = backend
        .get_item(GetRequest {
            table: entry.table.clone(),
            key,
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        })
        .await?
        .item;
    let outcome = if current == entry.after {
        BatchOutcome::Written {
            before: entry.before.clone(),
            after: entry.after.clone(),
        }
    } else if current == entry.before {
        BatchOutcome::NotWritten
    } else {
        BatchOutcome::Conflict
    };
    if let Some(id) = &entry.id {
        journal
            .append_outcomes(&[(id.clone(), outcome.clone())])
            .map_err(|error| {
                SettleError::Journal(format!(
                    "cannot record in the journal {} what became of an unconfirmed write: {error}",
                    journal.path().display()
                ))
            })?;
    }
    Ok(outcome)
}

/// The latest record of each key the run addressed, oldest first.
#[must_use]
pub fn latest_records(records: Vec<BatchRecord>) -> Vec<BatchRecord> {
    let mut latest: HashMap<String, BatchRecord> = HashMap::new();
    for record in records {
        latest.insert(key_text(&record.entry.key), record);
    }
    let mut records: Vec<BatchRecord> = latest.into_values().collect();
    records.sort_by_key(|record| record.entry.time.clone());
    records
}

/// Every write run `records` made, settled, as journal entries whose before and after images
/// are what the write found and left: what an undo of the run restores.
pub async fn written_entries(
    backend: &dyn Backend,
    journal: &Journal,
    records: Vec<BatchRecord>,
) -> Result<Vec<JournalEntry>, SettleError> {
    let mut written = Vec::new();
    for record in latest_records(records) {
        let outcome = match record.outcome.clone() {
            Some(outcome) => outcome,
            None => settle(backend, journal, &record).await?,
        };
        if let BatchOutcome::Written { before, after } = outcome {
            let mut entry = record.entry;
            entry.before = before;
            entry.after = after;
            written.push(entry);
        }
    }
    Ok(written)
}
