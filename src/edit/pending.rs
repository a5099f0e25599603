//! Settling a write whose outcome the journal does not know (ddbx crashed, or the answer was lost,
//! between sending and recording): the item is read, and compared with the images the intent
//! recorded. As expected after the write: it was written. As it was read before: it was not.
//! Anything else: someone else wrote since, and nothing is undone automatically.

use crate::backend::{Backend, GetRequest};
use crate::domain::expr::ExpressionParams;
use crate::domain::value::Item;
use crate::journal::{Journal, JournalConnection, JournalEntry, Outcome};

/// How many unsent writes in a row are skipped looking for the last one that was written.
const MAX_SETTLED: usize = 32;

/// The newest entry for `table` through `backend`'s connection, after settling pending ones:
/// a pending write found written becomes a written entry, one found not written is recorded so
/// and the one before it is looked at. An `Err` says why nothing can be undone automatically.
pub async fn last_settled(
    backend: &dyn Backend,
    journal: &Journal,
    table: &str,
) -> Result<Option<JournalEntry>, String> {
    let connection = JournalConnection::from(&backend.connection());
    for _ in 0..MAX_SETTLED {
        let Some(mut entry) = journal.last_for(table, &connection).map_err(|error| {
            format!(
                "cannot read the journal {}: {error}",
                journal.path().display()
            )
        })?
        else {
            return Ok(None);
        };
        let Some(id) = entry.id.clone().filter(|_| entry.pending) else {
            return Ok(Some(entry));
        };
        let current = current_item(backend, table, &entry).await?;
        let outcome = if current == entry.after {
            Outcome::Written {
                before: entry.before.clone(),
                after: entry.after.clone(),
            }
        } else if current == entry.before {
            Outcome::NotWritten
        } else {
            return Err(format!(
                "the last write to {table} ({} at {}) was sent but its outcome was never \
                 recorded, and the item is now neither as before nor as after it (someone wrote \
                 since); nothing is undone automatically",
                entry.operation, entry.time
            ));
        };
        journal.append_outcome(&id, &outcome).map_err(|error| {
            format!(
                "cannot record in the journal {} what became of an unconfirmed write: {error}",
                journal.path().display()
            )
        })?;
        if matches!(outcome, Outcome::Written { .. }) {
            entry.pending = false;
            return Ok(Some(entry));
        }
    }
    Err(format!(
        "the journal's last {MAX_SETTLED} writes to {table} were never sent; nothing to undo"
    ))
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
