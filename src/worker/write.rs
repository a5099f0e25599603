//! Sending a confirmed write: the one function the worker and the test harness both call. It goes
//! through the same execute-and-journal function as the headless commands, so the terminal UI
//! journals exactly what they journal.

use std::path::PathBuf;

use crate::app::action::Action;
use crate::app::request_id::RequestId;
use crate::backend::Backend;
use crate::domain::edit::PlannedWrite;
use crate::journal::Journal;
use crate::write::{WriteError, execute_and_journal};

/// Sends `planned` to `table`, journals it in `journal` when set, and answers as the action
/// `update` expects for request `id`.
pub async fn write_done(
    id: RequestId,
    table: &str,
    planned: &PlannedWrite,
    journal: Option<PathBuf>,
    backend: &dyn Backend,
) -> Action {
    let journal = journal.map(Journal::open);
    match execute_and_journal(backend, table, planned, journal.as_ref()).await {
        Ok(Ok(outcome)) => Action::WriteDone {
            id,
            result: Ok(outcome),
            journal_error: None,
        },
        Ok(Err(failure)) => Action::WriteDone {
            id,
            result: Ok(failure.outcome),
            journal_error: Some(failure.error.to_string()),
        },
        Err(WriteError::Backend(error)) => Action::WriteDone {
            id,
            result: Err(error),
            journal_error: None,
        },
        // Shown as the write's error; the message says nothing was sent.
        Err(error @ WriteError::JournalUnwritable { .. }) => Action::WriteDone {
            id,
            result: Err(crate::backend::BackendError::Service {
                code: "JournalNotWritten".to_owned(),
                message: error.to_string(),
            }),
            journal_error: None,
        },
    }
}
