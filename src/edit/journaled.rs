//! Executing a planned write and recording it in the journal: what every interactive and headless
//! write goes through, so no successful write is ever missing from the journal.

use super::execute::{WriteOutcome, execute_planned};
use crate::backend::{Backend, BackendError};
use crate::domain::edit::{PlannedWrite, WritePlan};
use crate::journal::{Journal, JournalEntry};

/// A write that went through, but could not be journaled.
#[derive(Debug)]
pub struct JournalFailure {
    pub outcome: WriteOutcome,
    pub error: std::io::Error,
}

/// Executes `planned` on `table` and appends a journal entry when it was written. A journal that
/// cannot be written does not undo the write: the outcome is returned with the I/O error so the
/// caller can warn loudly.
pub async fn execute_and_journal(
    backend: &dyn Backend,
    table: &str,
    planned: &PlannedWrite,
    journal: Option<&Journal>,
) -> Result<Result<WriteOutcome, JournalFailure>, BackendError> {
    let outcome = execute_planned(backend, planned).await?;
    let (Some(journal), WriteOutcome::Written { before, after }) = (journal, &outcome) else {
        return Ok(Ok(outcome));
    };
    if matches!(planned.plan, WritePlan::Nothing) {
        return Ok(Ok(outcome));
    }
    let key = match &planned.plan {
        WritePlan::Update(request) => request.key.clone(),
        WritePlan::Delete(request) => request.key.clone(),
        WritePlan::Put(request) => written_key(backend, table, &request.item).await,
        WritePlan::MoveKey(_) | WritePlan::Nothing => match &planned.original {
            Some(original) => written_key(backend, table, original).await,
            None => crate::domain::value::Item::new(),
        },
    };
    let entry = JournalEntry::for_write(
        &backend.connection(),
        table,
        planned,
        key,
        before.clone(),
        after.clone(),
    );
    Ok(match journal.append(&entry) {
        Ok(()) => Ok(outcome),
        Err(error) => Err(JournalFailure { outcome, error }),
    })
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
