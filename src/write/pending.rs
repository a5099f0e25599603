//! Settling a write whose outcome the journal does not know (ddbx crashed, or the answer was lost,
//! between sending and recording): the item is read, and compared with the images the intent
//! recorded. As expected after the write: it was written. As it was read before: it was not.
//! Anything else: someone else wrote since, and nothing is undone automatically.

use crate::backend::{Backend, GetRequest};
use crate::domain::expr::ExpressionParams;
use crate::domain::value::Item;
use crate::journal::{Journal, JournalConnection, JournalEntry, Outcome};

/// What undo does with a pending write that reading the item cannot settle (the item is
/// neither as before nor as after it: someone wrote since).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsettled {
    /// Refuse: nothing is undone.
    Refuse,
    /// Pass over it (recorded in the journal, so no later undo stops at it again), and over a
    /// pending write found not written, to undo the write before them.
    PassOver,
    /// As [`Self::PassOver`] for a dry run: the passing over is not recorded.
    PassOverDryRun,
}

/// The entry to undo, and the pending writes passed over to reach it, newest first.
#[derive(Debug, Default)]
pub struct LastSettled {
    pub entry: Option<JournalEntry>,
    pub passed_over: Vec<JournalEntry>,
}

/// The newest entry for `table` through `backend`'s connection, to be undone alone. A pending
/// write is settled first: found written, it becomes a written entry; found not written, that
/// is recorded and nothing more happens — the user asked to undo their last write, and it never
/// happened, so undoing an older one would be a surprise — unless `unsettled` passes over
/// pending writes. An `Err` says why nothing is undone: that settlement, an item changed by
/// someone else, or a write of a bulk run (which is undone whole or not at all).
pub async fn last_settled(
    backend: &dyn Backend,
    journal: &Journal,
    table: &str,
    unsettled: Unsettled,
) -> Result<LastSettled, String> {
    let connection = JournalConnection::from(&backend.connection());
    let mut found = LastSettled::default();
    loop {
        let passed: Vec<&str> = found
            .passed_over
            .iter()
            .filter_map(|entry| entry.id.as_deref())
            .collect();
        let keep = |entry: &JournalEntry| {
            entry.table == table
                && entry.connection == connection
                && !entry.passed_over
                && entry.id.as_deref().is_none_or(|id| !passed.contains(&id))
        };
        let newest = journal.newest_matching(keep, 1).map_err(|error| {
            format!(
                "cannot read the journal {}: {error}",
                journal.path().display()
            )
        })?;
        let Some(entry) = newest.0.into_iter().next() else {
            return Ok(found);
        };
        match settle_one(backend, journal, table, entry, unsettled).await? {
            Step::Undo(entry) => {
                found.entry = Some(entry);
                return Ok(found);
            }
            Step::PassedOver(entry) => found.passed_over.push(entry),
        }
    }
}

/// What became of one entry on the way to the one to undo.
enum Step {
    Undo(JournalEntry),
    PassedOver(JournalEntry),
}

async fn settle_one(
    backend: &dyn Backend,
    journal: &Journal,
    table: &str,
    mut entry: JournalEntry,
    unsettled: Unsettled,
) -> Result<Step, String> {
    if let Some(batch) = &entry.batch {
        return Err(format!(
            "the last write to {table} ({} at {}) is part of bulk run {batch}; a run is undone \
             whole, never one item at a time: `ddbx --table {table} undo --batch {batch}`; \
             nothing undone",
            entry.operation, entry.time
        ));
    }
    let Some(id) = entry.id.clone().filter(|_| entry.pending) else {
        return Ok(Step::Undo(entry));
    };
    let current = current_item(backend, table, &entry).await?;
    let outcome = if current == entry.after {
        Outcome::Written {
            before: entry.before.clone(),
            after: entry.after.clone(),
        }
    } else if current == entry.before {
        Outcome::NotWritten
    } else if unsettled == Unsettled::Refuse {
        return Err(format!(
            "the last write to {table} ({} at {}) was sent but its outcome was never \
             recorded, and the item is now neither as before nor as after it (someone wrote \
             since); nothing is undone automatically. `ddbx undo --skip-pending` passes over it \
             (its outcome stays unknown and it is never undone) to undo the write before it",
            entry.operation, entry.time
        ));
    } else if unsettled == Unsettled::PassOverDryRun {
        entry.passed_over = true;
        return Ok(Step::PassedOver(entry));
    } else {
        Outcome::PassedOver
    };
    journal.append_outcome(&id, &outcome).map_err(|error| {
        format!(
            "cannot record in the journal {} what became of an unconfirmed write: {error}",
            journal.path().display()
        )
    })?;
    match outcome {
        Outcome::Written { .. } => {
            entry.pending = false;
            Ok(Step::Undo(entry))
        }
        Outcome::NotWritten if unsettled == Unsettled::Refuse => Err(format!(
            "your last write to {table} ({} at {}) was never applied: the item is as it was \
             read before it. It is now recorded as not written; nothing undone (undo again to \
             undo the write before it)",
            entry.operation, entry.time
        )),
        Outcome::NotWritten => Ok(Step::PassedOver(entry)),
        Outcome::PassedOver => {
            entry.passed_over = true;
            Ok(Step::PassedOver(entry))
        }
    }
}

/// The item the entry's write leaves behind (for a key change: under the new key), read
/// consistently.
async fn current_item(
    backend: &dyn Backend,
    table: &str,
    entry: &JournalEntry,
) -> Result<Option<Item>, String> {
    let description = backend
        .describe_table(table)
        .await
        .map_err(|error| error.to_string())?;
    let key = entry
        .after
        .as_ref()
        .and_then(|after| description.primary_key_of(after))
        .unwrap_or_else(|| entry.key.clone());
    let output = backend
        .get_item(GetRequest {
            table: table.to_owned(),
            key,
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        })
        .await
        .map_err(|error| format!("cannot read the item to settle an unconfirmed write: {error}"))?;
    Ok(output.item)
}
