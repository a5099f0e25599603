//! The engine's DynamoDB stream: every change to a table with a stream becomes a record carrying
//! the images its view type asks for, in shards that close and hand over to a child shard after
//! a fixed number of records, as DynamoDB's shards roll over. Retention is bounded in memory (by
//! records, bytes and age), so a busy table never grows its stream without limit.

mod arn;
mod iterator;
mod record;
mod shard;

use std::collections::VecDeque;
use std::time::Duration;

use crate::backend::{BackendError, ChangeKind, ChangeRecord, IteratorStart, Shard};
use crate::domain::schema::KeySchema;
use crate::domain::value::{Item, item_size};

pub(in crate::backend::memory) use arn::stream_arn;
pub use arn::table_of_stream;
pub use iterator::Position;

/// Shards kept at most once their records are all trimmed.
const MAX_SHARDS: usize = 64;
use record::{Stored, trimmed};
use shard::ShardLog;

/// How much a stream keeps and for how long its iterators stay valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamSettings {
    /// Records kept at most; the oldest are trimmed first.
    pub max_records: usize,
    /// Bytes of images kept at most (as DynamoDB sizes items).
    pub max_bytes: usize,
    /// Records older than this are trimmed (DynamoDB keeps 24 hours).
    pub max_age: Duration,
    /// Records a shard takes before it closes and a child shard opens.
    pub shard_records: usize,
    /// How long an iterator may go unused (DynamoDB: 15 minutes).
    pub iterator_lifetime: Duration,
}

impl Default for StreamSettings {
    fn default() -> Self {
        Self {
            max_records: 100_000,
            max_bytes: 64 << 20,
            max_age: Duration::from_secs(24 * 60 * 60),
            shard_records: 10_000,
            iterator_lifetime: Duration::from_secs(15 * 60),
        }
    }
}

/// Which images a record carries (StreamViewType).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewType {
    KeysOnly,
    NewImage,
    OldImage,
    NewAndOldImages,
}

impl ViewType {
    /// The view type named as the API names it.
    pub fn parse(name: &str) -> Result<Self, BackendError> {
        Ok(match name {
            "KEYS_ONLY" => Self::KeysOnly,
            "NEW_IMAGE" => Self::NewImage,
            "OLD_IMAGE" => Self::OldImage,
            "NEW_AND_OLD_IMAGES" => Self::NewAndOldImages,
            other => {
                return Err(BackendError::Validation(format!(
                    "1 validation error detected: Value '{other}' at 'streamSpecification.streamViewType' \
                     failed to satisfy constraint: Member must satisfy enum value set: \
                     [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]"
                )));
            }
        })
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::KeysOnly => "KEYS_ONLY",
            Self::NewImage => "NEW_IMAGE",
            Self::OldImage => "OLD_IMAGE",
            Self::NewAndOldImages => "NEW_AND_OLD_IMAGES",
        }
    }

    const fn keeps_old(self) -> bool {
        matches!(self, Self::OldImage | Self::NewAndOldImages)
    }

    const fn keeps_new(self) -> bool {
        matches!(self, Self::NewImage | Self::NewAndOldImages)
    }
}

fn parse_sequence(text: &str) -> Result<u64, BackendError> {
    text.parse().map_err(|_| {
        BackendError::Validation(format!(
            "Invalid SequenceNumber: {text} is not a sequence number of this stream"
        ))
    })
}

pub(crate) fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        })
}

/// One table's stream.
#[derive(Debug)]
pub struct StreamLog {
    pub arn: String,
    pub view_type: ViewType,
    /// False once the stream was disabled: its shards are closed and it takes no more records,
    /// but what it holds stays readable.
    pub enabled: bool,
    settings: StreamSettings,
    /// Oldest first; the last one is open while the stream is enabled.
    shards: VecDeque<ShardLog>,
    next_sequence: u64,
    records: usize,
    bytes: usize,
}

impl StreamLog {
    #[must_use]
    pub fn new(arn: String, view_type: ViewType, settings: StreamSettings) -> Self {
        let mut log = Self {
            arn,
            view_type,
            enabled: true,
            settings,
            shards: VecDeque::new(),
            next_sequence: 1,
            records: 0,
            bytes: 0,
        };
        log.open_shard(None);
        log
    }

    fn open_shard(&mut self, parent: Option<String>) {
        let id = format!(
            "shardId-{:020}-{:08x}",
            now_seconds(),
            self.next_sequence ^ 0x5eed_c0de
        );
        self.shards
            .push_back(ShardLog::new(id, parent, self.next_sequence));
    }

    /// Records one write: `old` is the item before, `new` after (`None`: absent). A write that
    /// changed nothing leaves no record, as in DynamoDB.
    pub fn record(&mut self, key: &KeySchema, old: Option<&Item>, new: Option<&Item>) {
        let kind = match (old, new) {
            (None, None) => return,
            (Some(old), Some(new)) if old == new => return,
            (None, Some(_)) => ChangeKind::Insert,
            (Some(_), Some(_)) => ChangeKind::Modify,
            (Some(_), None) => ChangeKind::Remove,
        };
        if !self.enabled {
            return;
        }
        let Some(image) = new.or(old) else { return };
        let keys: Item = key
            .names()
            .filter_map(|name| Some((name.to_owned(), image.get(name)?.clone())))
            .collect();
        let old = old.filter(|_| self.view_type.keeps_old()).cloned();
        let new = new.filter(|_| self.view_type.keeps_new()).cloned();
        let bytes = item_size(&keys)
            + old.as_ref().map_or(0, item_size)
            + new.as_ref().map_or(0, item_size);
        let shard_records = self.settings.shard_records;
        if self
            .open_mut()
            .is_none_or(|open| open.len() >= shard_records)
        {
            self.roll_over();
        }
        let stored = Stored {
            sequence: self.next_sequence,
            created_at: now_seconds(),
            kind,
            keys,
            old,
            new,
            bytes,
        };
        self.next_sequence += 1;
        self.records += 1;
        self.bytes += bytes;
        if let Some(open) = self.open_mut() {
            open.push(stored);
        }
        self.trim();
    }

    fn open_mut(&mut self) -> Option<&mut ShardLog> {
        self.shards.back_mut().filter(|shard| !shard.is_closed())
    }

    /// Closes the open shard and opens its child.
    fn roll_over(&mut self) {
        let parent = self.shards.back_mut().map(|shard| {
            shard.close(self.next_sequence);
            shard.id.clone()
        });
        self.open_shard(parent);
    }

    /// Trims the oldest records past the limits, and forgets the oldest closed shards left
    /// empty once there are more than [`MAX_SHARDS`] (a shard costs little, and keeping it lets
    /// a reader still find it after its records were trimmed).
    fn trim(&mut self) {
        let oldest_kept = now_seconds()
            .saturating_sub(i64::try_from(self.settings.max_age.as_secs()).unwrap_or(i64::MAX));
        while let Some(front) = self.shards.iter_mut().find(|shard| !shard.is_empty()) {
            let over =
                self.records > self.settings.max_records || self.bytes > self.settings.max_bytes;
            let expired = front.oldest_created().is_some_and(|at| at < oldest_kept);
            if !(over || expired) {
                break;
            }
            let Some(bytes) = front.trim_one() else { break };
            self.records -= 1;
            self.bytes -= bytes;
        }
        while self.shards.len() > MAX_SHARDS
            && self
                .shards
                .front()
                .is_some_and(|shard| shard.is_closed() && shard.is_empty())
        {
            self.shards.pop_front();
        }
    }

    /// Disables the stream: the open shard closes; what is held stays readable.
    pub fn disable(&mut self) {
        let end = self.next_sequence;
        if let Some(open) = self.open_mut() {
            open.close(end);
        }
        self.enabled = false;
    }

    /// Every shard still held, parents first.
    #[must_use]
    pub fn shards(&self) -> Vec<Shard> {
        self.shards
            .iter()
            .map(|shard| Shard {
                id: shard.id.clone(),
                parent: shard.parent.clone(),
                closed: shard.is_closed(),
                start_sequence: Some(record::sequence_text(shard.start())),
                // The range ends at the shard's last record, the one before its end.
                end_sequence: shard
                    .end()
                    .map(|end| record::sequence_text(end.saturating_sub(1).max(shard.start()))),
            })
            .collect()
    }

    /// Records held now and their bytes, for tests of the bound.
    #[must_use]
    pub fn held(&self) -> (usize, usize) {
        (self.records, self.bytes)
    }

    fn shard(&self, id: &str) -> Option<&ShardLog> {
        self.shards.iter().find(|shard| shard.id == id)
    }

    /// GetShardIterator.
    pub fn iterator(&self, shard_id: &str, start: &IteratorStart) -> Result<String, BackendError> {
        let shard = self
            .shard(shard_id)
            .ok_or_else(|| missing_shard(shard_id, &self.arn))?;
        let next = match start {
            IteratorStart::TrimHorizon => shard.horizon(),
            IteratorStart::Latest => shard.end().unwrap_or(self.next_sequence),
            IteratorStart::At(text) => {
                shard.check_within(parse_sequence(text)?, self.next_sequence)?
            }
            IteratorStart::After(text) => {
                shard.check_within(parse_sequence(text)?, self.next_sequence)? + 1
            }
        };
        Ok(Position {
            stream_arn: self.arn.clone(),
            shard_id: shard_id.to_owned(),
            next,
            issued_at: now_millis(),
        }
        .encode())
    }

    /// GetRecords at `position`: up to `limit` records and the next iterator (`None` once a
    /// closed shard is read to its end).
    pub fn read(
        &self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<ChangeRecord>, Option<String>), BackendError> {
        let lifetime =
            u64::try_from(self.settings.iterator_lifetime.as_millis()).unwrap_or(u64::MAX);
        let now = now_millis();
        if now.saturating_sub(position.issued_at) > lifetime {
            return Err(BackendError::Service {
                code: "ExpiredIteratorException".to_owned(),
                message: format!(
                    "Iterator expired. The iterator was created at time {} while right now it is {}.",
                    position.issued_at, now
                ),
            });
        }
        let shard = self
            .shard(&position.shard_id)
            .ok_or_else(|| trimmed(&position.shard_id))?;
        if position.next < shard.horizon() {
            return Err(trimmed(&position.shard_id));
        }
        let records: Vec<ChangeRecord> = shard
            .from(position.next)
            .take(limit)
            .map(Stored::record)
            .collect();
        let next = records
            .last()
            .and_then(|last| last.sequence.parse::<u64>().ok())
            .map_or(position.next, |last| last + 1);
        let finished = shard.end().is_some_and(|end| next >= end);
        let iterator = (!finished).then(|| {
            Position {
                next,
                issued_at: now,
                ..position.clone()
            }
            .encode()
        });
        Ok((records, iterator))
    }
}

fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

fn missing_shard(shard_id: &str, arn: &str) -> BackendError {
    BackendError::NotFound(format!(
        "Requested resource not found: Shard does not exist: {shard_id} of {arn}"
    ))
}

#[cfg(test)]
mod tests;
