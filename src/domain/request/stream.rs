//! DynamoDB Streams: the shards of a stream, iterators into them, and the change records read.

use crate::domain::value::Item;

/// One shard of a stream. A closed shard (it has an ending sequence number) holds no new
/// records once read to its end; its children carry on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub id: String,
    pub parent: Option<String>,
    pub closed: bool,
    /// The first sequence number the shard holds or held (`SequenceNumberRange`).
    pub start_sequence: Option<String>,
    /// The sequence number of its last record, once closed.
    pub end_sequence: Option<String>,
}

/// Where an iterator starts in its shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IteratorStart {
    /// The oldest record still held (24 hours).
    TrimHorizon,
    /// Only records written from now on.
    Latest,
    /// At the record with this sequence number.
    At(String),
    /// Just after the record with this sequence number (to resume after an expired iterator).
    After(String),
}

/// GetShardIterator's question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardIteratorRequest {
    pub stream_arn: String,
    pub shard_id: String,
    pub start: IteratorStart,
}

/// What happened to the item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    Insert,
    Modify,
    Remove,
}

impl ChangeKind {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Insert => "INSERT",
            Self::Modify => "MODIFY",
            Self::Remove => "REMOVE",
        }
    }
}

/// One change record. Streams carry no principal: who made the change is never known.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeRecord {
    pub kind: ChangeKind,
    pub sequence: String,
    /// ApproximateCreationDateTime, seconds since the Unix epoch.
    pub created_at: Option<i64>,
    pub keys: Item,
    /// Present for the OLD_IMAGE and NEW_AND_OLD_IMAGES view types.
    pub old_image: Option<Item>,
    /// Present for the NEW_IMAGE and NEW_AND_OLD_IMAGES view types.
    pub new_image: Option<Item>,
}

/// One GetRecords answer; `next_iterator` is `None` once a closed shard is read to its end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordsPage {
    pub records: Vec<ChangeRecord>,
    pub next_iterator: Option<String>,
}
