//! Pacing reads: how often a stream follower polls (within Streams' limits), and how long any
//! reader waits between retries of a read that failed for a reason that may pass. The retry wait
//! doubles with every failure in a row, up to a cap, so a long outage costs one request per cap
//! and a short blip is bridged within seconds.

use std::time::Duration;

/// A doubling wait: `first` after one failure, twice that after two, at most `at_most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    pub first: Duration,
    pub at_most: Duration,
}

/// The shortest time between two GetRecords calls on one shard (Streams allows 5 per second).
pub const STREAM_ROUND: Duration = Duration::from_millis(250);
/// How long a stream follower waits after a round that brought nothing.
pub const STREAM_IDLE: Duration = Duration::from_millis(500);
/// How often a followed stream is described again, to find shards opened by splits.
pub const STREAM_DESCRIBE_EVERY: Duration = Duration::from_secs(10);

/// Following a stream (the stream view and `ddbx tail`): a second, doubling to half a minute.
pub const STREAM_FOLLOWING: Backoff = Backoff {
    first: Duration::from_secs(1),
    at_most: Duration::from_secs(30),
};

impl Backoff {
    /// The wait after `failures` failures in a row (at least one).
    #[must_use]
    pub fn wait(self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(16);
        self.first.saturating_mul(1 << doublings).min(self.at_most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_from_the_first_and_stops_at_the_cap() {
        let waits: Vec<u64> = (1..=8)
            .map(|failures| STREAM_FOLLOWING.wait(failures).as_secs())
            .collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 30, 30, 30]);
        assert_eq!(STREAM_FOLLOWING.wait(0).as_secs(), 1);
        assert_eq!(STREAM_FOLLOWING.wait(u32::MAX).as_secs(), 30);
    }
}
