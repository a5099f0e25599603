//! Resuming a run from the journal: the writes it made are not made again, its conflicts stay
//! skipped, and a write sent without a recorded outcome (the process was killed between sending
//! and recording) is settled by reading the item — as the write leaves it: written; as it was
//! read: not written, so it is sent again; anything else: someone wrote since, a conflict.

use std::collections::HashMap;

use serde_json::Value;

use crate::backend::Backend;
use crate::cli::error::CliError;
use crate::domain::edit::typed_json;
use crate::edit::run_plan::key_text;
use crate::journal::{BatchHeader, BatchOutcome, BatchRecord, Journal, JournalConnection};

/// What a run already did, by key.
#[derive(Debug, Default)]
pub struct Done {
    /// Keys written (by an earlier process, or settled as written now).
    pub written: HashMap<String, ()>,
    /// Keys skipped as conflicts, typed JSON for the summary.
    pub conflicts: HashMap<String, Value>,
    /// Unconfirmed writes settled by reading: how many were found written, not written, changed
    /// by someone else.
    pub settled: [u64; 3],
}

impl Done {
    #[must_use]
    pub fn skips(&self, key: &str) -> bool {
        self.written.contains_key(key) || self.conflicts.contains_key(key)
    }
}

/// Checks that run `id` exists, went to this table through this connection, and did what this
/// command does; then settles it and returns what it did.
pub async fn resume(
    backend: &dyn Backend,
    journal: &Journal,
    id: &str,
    expected: &BatchHeader,
) -> Result<Done, CliError> {
    let log = journal
        .batch_log(id)
        .map_err(|error| CliError::Failed(format!("cannot read the journal: {error}")))?;
    let Some(header) = log.header else {
        return Err(CliError::usage(format!(
            "--resume {id}: the journal {} has no run with that id",
            journal.path().display()
        )));
    };
    check_same_run(&header, expected)?;
    let mut latest: HashMap<String, BatchRecord> = HashMap::new();
    for record in log.records {
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
                done.written.insert(key, ());
            }
            BatchOutcome::Conflict => {
                done.conflicts.insert(key, typed_json(&record.entry.key));
            }
            BatchOutcome::NotWritten => {}
        }
    }
    Ok(done)
}

fn check_same_run(found: &BatchHeader, expected: &BatchHeader) -> Result<(), CliError> {
    let same_place = found.table == expected.table && found.connection == expected.connection;
    if !same_place {
        return Err(CliError::usage(format!(
            "--resume {}: that run wrote to table {:?} through {}, not to {:?} through {}; \
             resume it with the connection and table it used",
            found.batch,
            found.table,
            place(&found.connection),
            expected.table,
            place(&expected.connection)
        )));
    }
    if found.plan != expected.plan {
        return Err(CliError::usage(format!(
            "--resume {}: that run did `{}`, this command does `{}`; resume it with the same \
             scope and action",
            found.batch, found.plan, expected.plan
        )));
    }
    Ok(())
}

fn place(connection: &JournalConnection) -> String {
    match &connection.endpoint {
        Some(endpoint) => format!("{} {endpoint}", connection.kind),
        None => connection.kind.clone(),
    }
}

/// Settles an unconfirmed write (see [`crate::edit::settle`]).
pub(super) async fn settle(
    backend: &dyn Backend,
    journal: &Journal,
    record: &BatchRecord,
) -> Result<BatchOutcome, CliError> {
    crate::edit::settle::settle(backend, journal, record)
        .await
        .map_err(settle_error)
}

pub(super) fn settle_error(error: crate::edit::settle::SettleError) -> CliError {
    match error {
        crate::edit::settle::SettleError::Backend(error) => CliError::from(error),
        crate::edit::settle::SettleError::Journal(message) => CliError::Failed(message),
    }
}
