//! Executing many planned writes as one journaled run: the same conditioned requests and the
//! same write-ahead journal as a single write, a group at a time. The group's intents are
//! appended and forced to disk once before any of its requests is sent (when that fails nothing
//! is sent); the requests go out concurrently; the outcomes are appended once after.

use futures_util::StreamExt as _;
use futures_util::stream;

use super::execute::{WriteOutcome, execute_planned};
use super::journaled::{WriteError, surely_not_written};
use crate::backend::{Backend, BackendError};
use crate::domain::edit::PlannedWrite;
use crate::domain::value::Item;
use crate::journal::{BatchOutcome, Journal, JournalEntry};

/// One write of a run, with the primary key it addresses (the journal's key).
#[derive(Clone, Debug, PartialEq)]
pub struct BatchItem {
    pub key: Item,
    pub planned: PlannedWrite,
}

/// What became of one write of a group.
#[derive(Debug)]
pub enum ItemOutcome {
    Written {
        before: Option<Item>,
        after: Option<Item>,
    },
    /// The condition failed: the item changed since it was read, is gone, or (a create) the key
    /// is taken. `current` is the item there now.
    Conflict { current: Option<Item> },
    /// The service refused the request (throttled, invalid): surely not written.
    Refused(BackendError),
    /// No answer that says whether it was written (a network error): the intent stays pending
    /// in the journal, and a resume settles it by reading the item.
    Unknown(BackendError),
}

/// What became of one write of a group, in short: what the terminal UI's run needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemResult {
    Written,
    /// The item changed since it was read (or the key is taken): skipped.
    Conflict,
    /// Throttled: sent again after a pause.
    Throttled,
    /// Refused by the service: not written.
    Failed(String),
    /// No answer: the journal keeps the intent pending until it is settled.
    Unknown(String),
}

impl ItemOutcome {
    /// The outcome in short, the throttled refusals apart (they are sent again).
    #[must_use]
    pub fn result(&self) -> ItemResult {
        match self {
            Self::Written { .. } => ItemResult::Written,
            Self::Conflict { .. } => ItemResult::Conflict,
            Self::Refused(BackendError::Throttled { .. }) => ItemResult::Throttled,
            Self::Refused(error) => ItemResult::Failed(error.to_string()),
            Self::Unknown(error) => ItemResult::Unknown(error.to_string()),
        }
    }
}

/// The outcomes of a group, in the order of its items.
#[derive(Debug)]
pub struct GroupResult {
    pub outcomes: Vec<ItemOutcome>,
    /// The writes went out but their outcomes could not be journaled: they read back as
    /// pending, which a resume or an undo settles by reading the items.
    pub journal_error: Option<std::io::Error>,
}

/// Where a run's writes go and how many are sent at once.
pub struct BatchTarget<'a> {
    pub backend: &'a dyn Backend,
    pub table: &'a str,
    pub journal: &'a Journal,
    /// The run's id, recorded with every intent.
    pub batch: &'a str,
    pub parallel: usize,
}

/// Journals the intents of `items`, sends them, and journals their outcomes.
pub async fn execute_group(
    target: &BatchTarget<'_>,
    items: &[BatchItem],
) -> Result<GroupResult, WriteError> {
    let connection = target.backend.connection();
    let intents: Vec<JournalEntry> = items
        .iter()
        .map(|item| JournalEntry {
            batch: Some(target.batch.to_owned()),
            ..JournalEntry::intent(&connection, target.table, &item.planned, item.key.clone())
        })
        .collect();
    let ids =
        target
            .journal
            .append_intents(&intents)
            .map_err(|error| WriteError::JournalUnwritable {
                path: target.journal.path().display().to_string(),
                error,
            })?;
    let backend = target.backend;
    // Made before streaming, so no closure is part of the stream's type.
    let sends: Vec<_> = items.iter().map(|item| send(backend, item)).collect();
    let outcomes: Vec<ItemOutcome> = stream::iter(sends)
        .buffered(target.parallel.max(1))
        .collect()
        .await;
    let recorded: Vec<(String, BatchOutcome)> = ids
        .into_iter()
        .zip(&outcomes)
        .filter_map(|(id, outcome)| Some((id, recorded(outcome)?)))
        .collect();
    let journal_error = target.journal.append_outcomes(&recorded).err();
    Ok(GroupResult {
        outcomes,
        journal_error,
    })
}

/// One write of a group; a named function rather than a closure so the future is `Send` for
/// every lifetime, as a spawned task needs.
async fn send(backend: &dyn Backend, item: &BatchItem) -> ItemOutcome {
    outcome_of(execute_planned(backend, &item.planned).await)
}

fn outcome_of(result: Result<WriteOutcome, BackendError>) -> ItemOutcome {
    match result {
        Ok(WriteOutcome::Written { before, after }) => ItemOutcome::Written { before, after },
        Ok(WriteOutcome::Conflict { current }) => ItemOutcome::Conflict { current },
        Ok(WriteOutcome::TargetExists { existing, .. }) => {
            ItemOutcome::Conflict { current: existing }
        }
        Err(error) if surely_not_written(&error) => ItemOutcome::Refused(error),
        Err(error) => ItemOutcome::Unknown(error),
    }
}

/// The journal's record of an outcome; `None` leaves the intent pending.
fn recorded(outcome: &ItemOutcome) -> Option<BatchOutcome> {
    Some(match outcome {
        ItemOutcome::Written { before, after } => BatchOutcome::Written {
            before: before.clone(),
            after: after.clone(),
        },
        ItemOutcome::Conflict { .. } => BatchOutcome::Conflict,
        ItemOutcome::Refused(_) => BatchOutcome::NotWritten,
        ItemOutcome::Unknown(_) => return None,
    })
}
