//! Reading one item's history: its changes in the table's stream (every shard, from the trim
//! horizon, within a budget of requests) and ddbx's journal entries for its key, merged by
//! [`crate::domain::item_history::timeline`]. The terminal UI (through the worker) and
//! `ddbx history` read it with this one function.

mod journal;
mod request;
mod stream;
pub mod summary;

use crate::backend::Backend;
use crate::domain::item_history::timeline;

pub use request::{
    DEFAULT_MAX_REQUESTS, HistoryRequest, ItemHistory, JournalReading, MAX_JOURNAL_ENTRIES,
    StreamReading,
};

/// Reads the history `request` asks for. Never fails as a whole: a stream or journal that
/// cannot be read says why in its reading, and whatever the other one found is kept.
pub async fn read(backend: &dyn Backend, request: &HistoryRequest) -> ItemHistory {
    let (records, stream) = match &request.stream_arn {
        Some(arn) => {
            let (records, reading) = stream::read(backend, arn, request).await;
            (records, Some(reading))
        }
        None => (Vec::new(), None),
    };
    let connection = crate::journal::JournalConnection::from(&backend.connection());
    let (entries, journal) = journal::read(request, &connection);
    ItemHistory {
        changes: timeline(records, entries),
        stream,
        journal,
    }
}
