//! Following every shard of a stream, as data: which shards are known, where each one's iterator
//! stands, and which requests are out. The update functions decide; this only keeps the books.
//! Polling stays within Streams' limits: one GetRecords per shard per round, rounds at least
//! [`STREAM_ROUND`](crate::domain::backoff::STREAM_ROUND) apart, the stream described again every [`STREAM_DESCRIBE_EVERY`](crate::domain::backoff::STREAM_DESCRIBE_EVERY).

use std::collections::BTreeMap;
use std::time::Duration;

use crate::app::request_id::RequestId;
use crate::backend::{IteratorStart, Shard};
use crate::domain::backoff::STREAM_FOLLOWING;
use crate::domain::stream_start::StreamStart;

/// One shard being followed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardFollow {
    pub parent: Option<String>,
    pub iterator: Option<String>,
    /// The last record read, to resume after an expired iterator.
    pub last_sequence: Option<String>,
    /// Read to its end (a closed shard), or skipped.
    pub done: bool,
    /// An iterator to ask for again: the request for it failed and is retried.
    pub wanted: Option<IteratorStart>,
}

/// What a request out is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    Describe,
    Iterator {
        shard: String,
        start: IteratorStart,
    },
    /// The table described again, to follow its current stream.
    Table,
    Records {
        shard: String,
    },
}

/// Reads failing for a reason that may pass: when the next round is due, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrying {
    /// Failures in a row.
    pub attempt: u32,
    /// Uptime when the next round may start.
    pub at: Duration,
    /// The last failure, in the service's (or the network's) words.
    pub error: String,
}

impl Retrying {
    /// After `attempt` failures in a row (a dropped connection, a throttle): the stream's
    /// doubling wait.
    #[must_use]
    pub fn after(attempt: u32, now: Duration, error: String) -> Self {
        Self {
            attempt,
            at: now + STREAM_FOLLOWING.wait(attempt),
            error,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Follow {
    pub arn: String,
    /// Where following started; a time skips the records created before it.
    pub since: StreamStart,
    pub shards: BTreeMap<String, ShardFollow>,
    pub asked: BTreeMap<RequestId, Asked>,
    pub described_at: Option<Duration>,
    pub next_round_at: Duration,
    /// A round brought records: the next one comes sooner.
    pub round_read: bool,
    /// Reads are failing and retried.
    pub retrying: Option<Retrying>,
    /// Records read but left out for being created before a start at a time.
    pub skipped: u64,
}

impl Follow {
    #[must_use]
    pub fn new(arn: String, since: StreamStart) -> Self {
        Self {
            arn,
            since,
            shards: BTreeMap::new(),
            asked: BTreeMap::new(),
            described_at: None,
            next_round_at: Duration::ZERO,
            round_read: false,
            retrying: None,
            skipped: 0,
        }
    }

    /// True before the stream was ever described: nothing read from it yet.
    #[must_use]
    pub fn is_unread(&self) -> bool {
        self.described_at.is_none() && self.shards.is_empty()
    }

    /// Shards whose records may be read now: not done, their parent read to its end.
    #[must_use]
    pub fn ready(&self) -> Vec<String> {
        self.shards
            .iter()
            .filter(|(_, shard)| !shard.done && shard.iterator.is_some())
            .filter(|(_, shard)| {
                shard
                    .parent
                    .as_deref()
                    .and_then(|parent| self.shards.get(parent))
                    .is_none_or(|parent| parent.done)
            })
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Takes the listed shards in; returns the iterators to ask for. On the first look the
    /// start decides (LATEST skips closed shards: nothing new arrives there; a time reads every
    /// shard from its trim horizon); a shard found later opened after following began, so all of
    /// it is read.
    pub fn shards_listed(&mut self, listed: Vec<Shard>) -> Vec<(String, IteratorStart)> {
        let first = self.shards.is_empty();
        let mut wanted = Vec::new();
        for shard in listed {
            if self.shards.contains_key(&shard.id) {
                continue;
            }
            let start = match (first, self.since) {
                (true, StreamStart::Latest) if shard.closed => None,
                (true, StreamStart::Latest) => Some(IteratorStart::Latest),
                _ => Some(IteratorStart::TrimHorizon),
            };
            let done = start.is_none();
            if let Some(start) = start {
                wanted.push((shard.id.clone(), start));
            }
            self.shards.insert(
                shard.id,
                ShardFollow {
                    parent: shard.parent,
                    done,
                    ..ShardFollow::default()
                },
            );
        }
        wanted
    }

    /// Every shard read to its end: the stream was disabled (or deleted).
    #[must_use]
    pub fn all_done(&self) -> bool {
        !self.shards.is_empty() && self.shards.values().all(|shard| shard.done)
    }
}
