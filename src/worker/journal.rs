//! The reads of the journal that undo and resume make: each settles the writes it finds
//! unconfirmed by reading their items, through the headless commands' own journal readers.

use std::path::PathBuf;

use crate::app::read::{LastWrite, ReadError};
use crate::backend::Backend;
use crate::journal::{BatchHeader, Journal, JournalConnection, JournalEntry};
use crate::write::Unsettled;
use crate::write::resume::ResumePoint;

/// The journal's last write to `table` for undo: a write of a run that was one transaction
/// brings the whole run (settled), to be undone as one transaction; anything else is read as
/// a single undo reads it. Only writes made through this same connection are undone from here.
pub(super) async fn last_write(
    backend: &dyn Backend,
    path: PathBuf,
    table: &str,
) -> Result<LastWrite, ReadError> {
    let journal = Journal::open(path);
    if let Some(batch) = transaction_run(&journal, table, backend) {
        let written = match journal.batch_log(&batch) {
            Ok(log) => crate::write::settle::written_entries(backend, &journal, log.records)
                .await
                .map_err(|error| error.to_string()),
            Err(error) => Err(error.to_string()),
        }
        .map_err(|error| {
            ReadError::Journal(format!(
                "cannot read run {batch} from the journal: {error}; nothing undone"
            ))
        })?;
        return Ok(LastWrite::Transaction { batch, written });
    }
    let found = crate::write::last_settled(backend, &journal, table, Unsettled::Refuse)
        .await
        .map_err(ReadError::Journal)?;
    Ok(LastWrite::Write(found.entry.map(Box::new)))
}

/// The run of the last write to `table` through this connection, when that run was one
/// transaction.
fn transaction_run(journal: &Journal, table: &str, backend: &dyn Backend) -> Option<String> {
    let here = JournalConnection::from(&backend.connection());
    let batch = journal.last_for(table, &here).ok()??.batch?;
    let log = journal.batch_log(&batch).ok()?;
    log.header
        .as_ref()
        .is_some_and(BatchHeader::is_transaction)
        .then_some(batch)
}

/// The latest run like `header` and what it did, settled from the journal.
pub(super) async fn cut_off_run(
    backend: &dyn Backend,
    path: PathBuf,
    header: &BatchHeader,
) -> Result<Option<ResumePoint>, ReadError> {
    let journal = Journal::open(path);
    let Some(batch) = journal.latest_batch_like(header).map_err(file_error)? else {
        return Ok(None);
    };
    let log = journal.batch_log(&batch).map_err(file_error)?;
    let done = crate::write::resume::done_of(backend, &journal, log.records).await?;
    Ok(Some(ResumePoint {
        batch,
        written: done.written.into_iter().collect(),
        conflicted: done.conflicts.into_keys().collect(),
    }))
}

/// Run `batch`'s writes, settled from the journal, for its undo.
pub(super) async fn journaled_run(
    backend: &dyn Backend,
    path: PathBuf,
    batch: &str,
) -> Result<Vec<JournalEntry>, ReadError> {
    let journal = Journal::open(path);
    let log = journal.batch_log(batch).map_err(file_error)?;
    if log.header.is_none() {
        return Err(ReadError::Journal(format!(
            "the journal has no run {batch}"
        )));
    }
    Ok(crate::write::settle::written_entries(backend, &journal, log.records).await?)
}

fn file_error(error: std::io::Error) -> ReadError {
    ReadError::Journal(error.to_string())
}
