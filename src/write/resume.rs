//! What a run cut off mid-way already did, from the journal, for resuming it headless or in the
//! terminal UI: the writes it made are not made again, its conflicts stay skipped, and a write
//! sent without a recorded outcome is settled by reading the item ([`super::settle`]).

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::run_plan::key_text;
use super::settle::{SettleError, settle};
use crate::backend::Backend;
use crate::domain::edit::typed_json;
use crate::journal::{BatchOutcome, BatchRecord, Journal};

/// What a run already did, by key text.
#[derive(Debug, Default)]
pub struct Done {
    /// Keys written (by an earlier process, or settled as written now).
    pub written: HashSet<String>,
    /// Keys skipped as conflicts, typed JSON for the summary.
    pub conflicts: HashMap<String, Value>,
    /// Unconfirmed writes settled by reading: how many were found written, not written, changed
    /// by someone else.
    pub settled: [u64; 3],
}

impl Done {
    /// True when the write of `key` must not be sent again.
    #[must_use]
    pub fn skips(&self, key: &str) -> bool {
        self.written.contains(key) || self.conflicts.contains_key(key)
    }
}

/// Settles the run's records (the latest for each key) into what it did.
pub async fn done_of(
    backend: &dyn Backend,
    journal: &Journal,
    records: Vec<BatchRecord>,
) -> Result<Done, SettleError> {
    let mut latest: HashMap<String, BatchRecord> = HashMap::new();
    for record in records {
        latest.insert(key_text(&record.entry.key), record);
    }
    let mut done = Done::default();
    for (key, record) in latest {
        let outcome = match record.outcome {
            Some(outcome) => outcome,
            None => {
                let outcome = settle(backend, journal, &record).await?;
                let slot = match outcome {
                    BatchOutcome::Written { .. } => 0,
                    BatchOutcome::NotWritten => 1,
                    BatchOutcome::Conflict => 2,
                };
                done.settled[slot] += 1;
                outcome
            }
        };
        match outcome {
            BatchOutcome::Written { .. } => {
                done.written.insert(key);
            }
            BatchOutcome::Conflict => {
                done.conflicts.insert(key, typed_json(&record.entry.key));
            }
            BatchOutcome::NotWritten => {}
        }
    }
    Ok(done)
}

/// Where a resumed run starts: the run's id and the keys (as key text) it must not write again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumePoint {
    pub batch: String,
    pub written: std::collections::BTreeSet<String>,
    pub conflicted: std::collections::BTreeSet<String>,
}
