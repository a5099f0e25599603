//! Resuming a run headless: the run must be the same (table, connection, plan); what it did is
//! settled by [`crate::write::resume`] — the writes it made are not made again, its conflicts stay
//! skipped, and a write sent without a recorded outcome (the process was killed between sending
//! and recording) is settled by reading the item — as the write leaves it: written; as it was
//! read: not written, so it is sent again; anything else: someone wrote since, a conflict.

use crate::backend::Backend;
use crate::cli::error::CliError;
use crate::journal::{BatchHeader, Journal, JournalConnection};

pub use crate::write::resume::Done;

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
    crate::write::resume::done_of(backend, journal, log.records)
        .await
        .map_err(settle_error)
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

pub(super) fn settle_error(error: crate::write::settle::SettleError) -> CliError {
    match error {
        crate::write::settle::SettleError::Backend(error) => CliError::from(error),
        crate::write::settle::SettleError::Journal(message) => CliError::Failed(message),
    }
}
