//! ddbx's journal entries for the item: writes made through this same connection to its table
//! whose key, before image or after image has the item's key (a key change is journaled under
//! the old key, and belongs to the history of both).

use super::request::{HistoryRequest, JournalReading, MAX_JOURNAL_ENTRIES};
use crate::domain::item_history::{Change, JournalFacts};
use crate::journal::{Journal, JournalConnection, JournalEntry};

pub fn read(
    request: &HistoryRequest,
    connection: &JournalConnection,
) -> (Vec<Change>, JournalReading) {
    let Some(path) = &request.journal else {
        let reading = JournalReading {
            problem: Some("no journal here ($XDG_STATE_HOME is not set)".to_owned()),
            ..JournalReading::default()
        };
        return (Vec::new(), reading);
    };
    let journal = Journal::open(path.clone());
    let keep = |entry: &JournalEntry| {
        entry.table == request.table && entry.connection == *connection && concerns(entry, request)
    };
    match journal.newest_matching(keep, MAX_JOURNAL_ENTRIES) {
        Ok((entries, limited)) => {
            let reading = JournalReading {
                entries: entries.len(),
                limited,
                problem: None,
            };
            (entries.into_iter().map(change).collect(), reading)
        }
        Err(error) => {
            let reading = JournalReading {
                problem: Some(format!(
                    "cannot read the journal {}: {error}",
                    path.display()
                )),
                ..JournalReading::default()
            };
            (Vec::new(), reading)
        }
    }
}

fn concerns(entry: &JournalEntry, request: &HistoryRequest) -> bool {
    let schema = &request.key_schema;
    entry.key == request.key
        || [&entry.before, &entry.after]
            .into_iter()
            .flatten()
            .any(|image| schema.key_of(image).is_some_and(|key| key == request.key))
}

fn change(entry: JournalEntry) -> Change {
    let connection = &entry.connection;
    let place = [
        Some(connection.kind.clone()),
        connection
            .profile
            .as_ref()
            .map(|profile| format!("profile {profile}")),
        connection.region.clone(),
        connection.endpoint.clone(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    let facts = JournalFacts {
        time: entry.time,
        operation: entry.operation,
        request: entry.request,
        connection: place,
        pending: entry.pending,
        reverts: entry.reverts,
        batch: entry.batch,
    };
    Change::from_journal(facts, entry.before, entry.after)
}
