//! Sending a staged transaction with the write-ahead journal: the run's header and every
//! write's intent are appended and forced to disk in one go before the one `TransactWriteItems`
//! goes out (when that fails nothing is sent); the outcomes follow, all written or none. The
//! request carries the run's id as `ClientRequestToken`, so a retry of a transaction that
//! landed is answered as the first attempt was, never cancelled by its own writes.

use super::journaled::{WriteError, surely_not_written};
use crate::backend::{Backend, BackendError, CancellationReason, GetRequest};
use crate::domain::edit::WritePlan;
use crate::domain::edit::transaction::{Assembled, Staged, StagedPart};
use crate::domain::expr::ExpressionParams;
use crate::domain::request::TransactAction;
use crate::domain::schema::TableDescription;
use crate::journal::{
    BatchHeader, BatchOutcome, Journal, JournalConnection, JournalEntry, TRANSACTION_PLAN,
    new_batch_id,
};

/// The longest `ClientRequestToken` the service accepts.
const MAX_TOKEN: usize = 36;

/// What became of the transaction.
#[derive(Debug)]
pub enum TransactionOutcome {
    /// Every action applied.
    Committed,
    /// Nothing applied: one reason per action, in action order. A failed condition's `item` is
    /// the item now (from ALL_OLD, or read again where the server returned none).
    Cancelled {
        message: String,
        reasons: Vec<CancellationReason>,
    },
}

/// The outcome, the run's id, and a journal error that came after the answer (the writes then
/// read back as pending, which undo settles by reading the items).
#[derive(Debug)]
pub struct TransactionResult {
    pub outcome: TransactionOutcome,
    pub batch: String,
    pub journal_error: Option<std::io::Error>,
}

/// A cancelled transaction: the service's message and one reason per action, in action order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cancelled {
    pub message: String,
    pub reasons: Vec<CancellationReason>,
}

/// A [`TransactionResult`] as a value to hand on (the terminal UI's answer to a commit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionAnswer {
    /// The journal's run id (the request's idempotency token).
    pub batch: String,
    /// `None`: every action applied.
    pub cancelled: Option<Cancelled>,
    /// Why the outcome could not be journaled, when it could not.
    pub journal_error: Option<String>,
}

impl From<TransactionResult> for TransactionAnswer {
    fn from(result: TransactionResult) -> Self {
        Self {
            batch: result.batch,
            cancelled: match result.outcome {
                TransactionOutcome::Committed => None,
                TransactionOutcome::Cancelled { message, reasons } => {
                    Some(Cancelled { message, reasons })
                }
            },
            journal_error: result.journal_error.map(|error| error.to_string()),
        }
    }
}

/// A new run id, also the request's idempotency token.
#[must_use]
pub fn new_transaction_id() -> String {
    let mut id = new_batch_id();
    id.truncate(MAX_TOKEN);
    id
}

/// The writes of `staged` (checks change nothing and are not journaled), with their keys.
fn intents(
    connection: &crate::backend::Connection,
    table: &TableDescription,
    staged: &[Staged],
    batch: &str,
) -> Vec<JournalEntry> {
    staged
        .iter()
        .filter_map(|part| match &part.part {
            StagedPart::Write(planned) if !matches!(planned.plan, WritePlan::Nothing) => {
                let image = planned.original.as_ref().or(planned.expected.as_ref());
                let key = image
                    .and_then(|item| table.primary_key_of(item))
                    .unwrap_or_default();
                Some(JournalEntry {
                    batch: Some(batch.to_owned()),
                    ..JournalEntry::intent(connection, &table.name, planned, key)
                })
            }
            _ => None,
        })
        .collect()
}

/// Appends the run's header and the intents of its writes, forced to disk before anything is
/// sent; returns each intent's id with its entry.
fn journal_intents(
    journal: &Journal,
    connection: &crate::backend::Connection,
    table: &TableDescription,
    staged: &[Staged],
    header: BatchHeader,
) -> Result<Vec<(String, JournalEntry)>, WriteError> {
    let unwritable = |error| WriteError::JournalUnwritable {
        path: journal.path().display().to_string(),
        error,
    };
    journal.append_batch_header(&header).map_err(unwritable)?;
    let entries = intents(connection, table, staged, &header.batch);
    let ids = journal.append_intents(&entries).map_err(unwritable)?;
    Ok(ids.into_iter().zip(entries).collect())
}

/// The outcome of every intent: all written (with the images the intents recorded, exact
/// because every condition held) or none.
fn record_outcomes(
    journal: &Journal,
    ids: Vec<(String, JournalEntry)>,
    written: bool,
) -> std::io::Result<()> {
    let outcomes: Vec<_> = ids
        .into_iter()
        .map(|(id, entry)| {
            let outcome = if written {
                BatchOutcome::Written {
                    before: entry.before,
                    after: entry.after,
                }
            } else {
                BatchOutcome::NotWritten
            };
            (id, outcome)
        })
        .collect();
    journal.append_outcomes(&outcomes)
}

/// Journals, sends and records `assembled`, the transaction of `staged`. `plan` describes the
/// run in the journal's header (after [`TRANSACTION_PLAN`]).
pub async fn execute_transaction(
    backend: &dyn Backend,
    table: &TableDescription,
    staged: &[Staged],
    assembled: &Assembled,
    journal: Option<&Journal>,
    plan: &str,
) -> Result<TransactionResult, WriteError> {
    let batch = assembled
        .request
        .client_token
        .clone()
        .unwrap_or_else(new_transaction_id);
    let connection = backend.connection();
    let ids = match journal {
        Some(journal) => {
            let header = BatchHeader {
                batch: batch.clone(),
                table: table.name.clone(),
                connection: JournalConnection::from(&connection),
                plan: format!("{TRANSACTION_PLAN} {plan}"),
            };
            journal_intents(journal, &connection, table, staged, header)?
        }
        None => Vec::new(),
    };
    let mut request = assembled.request.clone();
    request.client_token = Some(batch.clone());
    let (outcome, written) = match backend.transact_write(request).await {
        Ok(_) => (TransactionOutcome::Committed, true),
        Err(BackendError::TransactionCanceled { message, reasons }) => {
            let reasons = with_current_items(backend, &assembled.request.actions, reasons).await;
            (TransactionOutcome::Cancelled { message, reasons }, false)
        }
        Err(error) => {
            if surely_not_written(&error)
                && let Some(journal) = journal
            {
                // Best effort: an unrecorded refusal reads back as pending, which is safe.
                let _ = record_outcomes(journal, ids, false);
            }
            return Err(WriteError::Backend(error));
        }
    };
    let journal_error = journal.and_then(|journal| record_outcomes(journal, ids, written).err());
    Ok(TransactionResult {
        outcome,
        batch,
        journal_error,
    })
}

fn action_target(action: &TransactAction) -> (&str, Option<&crate::domain::value::Item>) {
    match action {
        TransactAction::Put(put) => (&put.table, None),
        TransactAction::Update(update) => (&update.table, Some(&update.key)),
        TransactAction::Delete(delete) => (&delete.table, Some(&delete.key)),
        TransactAction::ConditionCheck { table, key, .. } => (table, Some(key)),
    }
}

/// Fills the current item of each failed condition the server did not return (dynalite never
/// returns ALL_OLD) by a consistent read; a put's failed condition means its key is taken, and
/// the server's item is kept as it is.
async fn with_current_items(
    backend: &dyn Backend,
    actions: &[TransactAction],
    mut reasons: Vec<CancellationReason>,
) -> Vec<CancellationReason> {
    for (reason, action) in reasons.iter_mut().zip(actions) {
        let (table, Some(key)) = action_target(action) else {
            continue;
        };
        if reason.code != "ConditionalCheckFailed" || reason.item.is_some() {
            continue;
        }
        let read = backend
            .get_item(GetRequest {
                table: table.to_owned(),
                key: key.clone(),
                projection: None,
                params: ExpressionParams::default(),
                consistent_read: true,
            })
            .await;
        if let Ok(output) = read {
            reason.item = output.item;
        }
    }
    reasons
}
