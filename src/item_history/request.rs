//! What an item's history is asked for and what it holds, with how much was read to find it.

use std::path::PathBuf;

use crate::domain::item_history::Change;
use crate::domain::schema::KeySchema;
use crate::domain::value::Item;

/// Stream calls (GetShardIterator and GetRecords) made at most by default: a busy table's day
/// of changes can take thousands, and the history says when the budget ran out rather than read
/// for minutes.
pub const DEFAULT_MAX_REQUESTS: u32 = 500;
/// Journal entries kept at most, newest first.
pub const MAX_JOURNAL_ENTRIES: usize = 1_000;

/// Whose history, and where to look.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRequest {
    pub table: String,
    /// The item's primary key.
    pub key: Item,
    pub key_schema: KeySchema,
    /// The table's stream (`None`: the table has none, only the journal is read).
    pub stream_arn: Option<String>,
    /// The journal (`None`: there is none here).
    pub journal: Option<PathBuf>,
    /// Stream calls (GetShardIterator and GetRecords) allowed over all shards.
    pub max_requests: u32,
}

/// What the journal gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JournalReading {
    /// Entries for the key, through this connection.
    pub entries: usize,
    /// The entry limit stopped the reading: older entries may remain.
    pub limited: bool,
    /// Why the journal could not be read (or that there is none).
    pub problem: Option<String>,
}

/// An item's history and how much was read to find it.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemHistory {
    /// Newest first.
    pub changes: Vec<Change>,
    /// `None`: the table has no stream.
    pub stream: Option<StreamReading>,
    pub journal: JournalReading,
}

/// How much of the stream was read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StreamReading {
    /// Shards the stream listed.
    pub shards: usize,
    /// Closed shards read to their end.
    pub shards_read: usize,
    /// Open shards read until their pages came back empty: records written since may follow.
    pub shards_caught_up: usize,
    /// GetShardIterator and GetRecords calls made.
    pub requests: u32,
    /// The budget of calls it was allowed.
    pub max_requests: u32,
    /// Records read from every shard, the item's and all others.
    pub records_read: u64,
    /// The item's records among them.
    pub matched: usize,
    /// Why some of the stream was not read (the service's words), if so.
    pub problems: Vec<String>,
}

impl StreamReading {
    /// The budget ran out before every shard was read: older or newer records may be missing.
    #[must_use]
    pub fn budget_spent(&self) -> bool {
        self.shards_read + self.shards_caught_up < self.shards && self.requests >= self.max_requests
    }
}
