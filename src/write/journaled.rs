//! Executing a planned write with a write-ahead journal: what every interactive and headless
//! write goes through. The intent (request, item as read, item as expected after) is appended
//! and forced to disk before the request is sent; when that fails nothing is sent. The outcome is
//! appended after. A write whose outcome is missing (a crash, a lost answer) stays in the journal
//! as pending, and [`super::pending`] settles it by reading the item.

use std::fmt;

use super::execute::{WriteOutcome, execute_planned};
use crate::backend::{Backend, BackendError};
use crate::domain::edit::{PlannedWrite, WritePlan};
use crate::journal::{Journal, JournalEntry, Outcome};

/// A write that went through, but whose outcome could not be journaled. Its intent is in the
/// journal, so undo still finds it (as pending, resolved by reading the item).
#[derive(Debug)]
pub struct JournalFailure {
    pub outcome: WriteOutcome,
    pub error: std::io::Error,
}

/// Why a journaled write did not produce an outcome.
#[derive(Debug)]
pub enum WriteError {
    /// The intent could not be recorded: nothing was sent.
    JournalUnwritable { path: String, error: std::io::Error },
    /// The service refused the request or could not be reached. The intent stays pending when
    /// the request may have been applied (a lost answer).
    Backend(BackendError),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::JournalUnwritable { path, error } => write!(
                f,
                "cannot write the journal {path}: {error}; nothing was sent. Make its directory \
                 writable, or set DDBX_JOURNAL to a regular file you can write"
            ),
            Self::Backend(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<BackendError> for WriteError {
    fn from(error: BackendError) -> Self {
        Self::Backend(error)
    }
}

/// Whether `error` proves the request was not applied: the service answered and refused it, or
/// no connection was ever opened for it. A broken connection or an unclassified failure may
/// come after the write landed.
pub(super) fn surely_not_written(error: &BackendError) -> bool {
    !matches!(
        error,
        BackendError::Network(_) | BackendError::Service { .. }
    )
}

/// Records the intent to write `planned` on `table` in `journal`, sends it, and records the
/// outcome. Without a journal the write is sent unrecorded (the caller warns).
pub async fn execute_and_journal(
    backend: &dyn Backend,
    table: &str,
    planned: &PlannedWrite,
    journal: Option<&Journal>,
) -> Result<Result<WriteOutcome, JournalFailure>, WriteError> {
    let Some(journal) = journal.filter(|_| !matches!(planned.plan, WritePlan::Nothing)) else {
        return Ok(Ok(execute_planned(backend, planned).await?));
    };
    let key = planned_key(backend, table, planned).await;
    let intent = JournalEntry::intent(&backend.connection(), table, planned, key);
    let id = journal
        .append_intent(&intent)
        .map_err(|error| WriteError::JournalUnwritable {
            path: journal.path().display().to_string(),
            error,
        })?;
    let outcome = match execute_planned(backend, planned).await {
        Ok(outcome) => outcome,
        Err(error) => {
            if surely_not_written(&error) {
                // Best effort: an unrecorded refusal reads back as pending, which is safe.
                let _ = journal.append_outcome(&id, &Outcome::NotWritten);
            }
            return Err(WriteError::Backend(error));
        }
    };
    let recorded = match &outcome {
        WriteOutcome::Written { before, after } => Outcome::Written {
            before: before.clone(),
            after: after.clone(),
        },
        WriteOutcome::Conflict { .. } | WriteOutcome::TargetExists { .. } => Outcome::NotWritten,
    };
    Ok(match journal.append_outcome(&id, &recorded) {
        Ok(()) => Ok(outcome),
        Err(error) => Err(JournalFailure { outcome, error }),
    })
}

/// The primary key the write addresses (for a key change, the old key), known before sending.
async fn planned_key(
    backend: &dyn Backend,
    table: &str,
    planned: &PlannedWrite,
) -> crate::domain::value::Item {
    match &planned.plan {
        WritePlan::Update(request) => request.key.clone(),
        WritePlan::Delete(request) => request.key.clone(),
        WritePlan::Put(request) => written_key(backend, table, &request.item).await,
        WritePlan::MoveKey(_) | WritePlan::Nothing => match &planned.original {
            Some(original) => written_key(backend, table, original).await,
            None => crate::domain::value::Item::new(),
        },
    }
}

/// The primary key of `item` (the whole item when the table cannot be described: the journal
/// then holds more than the key, never less).
async fn written_key(
    backend: &dyn Backend,
    table: &str,
    item: &crate::domain::value::Item,
) -> crate::domain::value::Item {
    match backend.describe_table(table).await {
        Ok(description) => description
            .primary_key_of(item)
            .unwrap_or_else(|| item.clone()),
        Err(_) => item.clone(),
    }
}
