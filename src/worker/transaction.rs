//! Sending a transaction of staged changes and reading the journal for an undo: the functions
//! the worker and the test harness both call, over the headless commands' own transaction
//! executor and journal readers.

use std::path::PathBuf;

use crate::app::action::Action;
use crate::app::request_id::RequestId;
use crate::backend::Backend;
use crate::domain::edit::transaction::{Assembled, Staged};
use crate::domain::schema::TableDescription;
use crate::edit::Unsettled;
use crate::edit::transaction::{TransactionAnswer, execute_transaction};
use crate::journal::{BatchHeader, Journal, JournalConnection};

/// What a sent transaction asks of the worker.
pub struct TransactionJob {
    pub id: RequestId,
    pub description: Box<TableDescription>,
    pub staged: Vec<Staged>,
    pub assembled: Box<Assembled>,
    pub journal: Option<PathBuf>,
    pub plan: String,
}

/// Journals and sends the job's transaction; answers as the action `update` expects.
pub async fn transaction_done(job: TransactionJob, backend: &dyn Backend) -> Action {
    let journal = job.journal.map(Journal::open);
    let result = execute_transaction(
        backend,
        &job.description,
        &job.staged,
        &job.assembled,
        journal.as_ref(),
        &job.plan,
    )
    .await
    .map(TransactionAnswer::from)
    .map_err(|error| error.to_string());
    Action::TransactionDone { id: job.id, result }
}

/// The journal's last write to `table` for undo: a write of a run that was one transaction
/// brings the whole run (settled), to be undone as one transaction; anything else is read as
/// a single undo reads it.
pub async fn journal_loaded(
    id: RequestId,
    path: PathBuf,
    table: &str,
    backend: &dyn Backend,
) -> Action {
    let journal = Journal::open(path);
    if let Some(batch) = transaction_run(&journal, table, backend) {
        let result = match journal.batch_log(&batch) {
            Ok(log) => crate::edit::settle::written_entries(backend, &journal, log.records)
                .await
                .map_err(|error| error.to_string()),
            Err(error) => Err(error.to_string()),
        };
        return Action::TransactionUndoLoaded { id, batch, result };
    }
    let result = crate::edit::last_settled(backend, &journal, table, Unsettled::Refuse)
        .await
        .map(|found| found.entry.map(Box::new));
    Action::JournalLoaded { id, result }
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
