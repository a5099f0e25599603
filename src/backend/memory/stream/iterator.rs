//! Shard iterators of the engine's stream. An iterator carries everything needed to read on
//! (stream, shard, next sequence number, when it was issued), so the engine keeps no state per
//! reader and an abandoned iterator costs nothing.

use crate::backend::BackendError;

const PREFIX: &str = "ddbx-iterator";

/// Where an iterator points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub stream_arn: String,
    pub shard_id: String,
    /// The sequence number of the next record to return (or of the next one written).
    pub next: u64,
    /// Unix milliseconds.
    pub issued_at: u64,
}

impl Position {
    /// The iterator string. The ARN goes last: it is the one part that may contain `|`.
    #[must_use]
    pub fn encode(&self) -> String {
        format!(
            "{PREFIX}|{}|{}|{}|{}",
            self.shard_id, self.next, self.issued_at, self.stream_arn
        )
    }

    pub fn decode(iterator: &str) -> Result<Self, BackendError> {
        let invalid = || {
            BackendError::Validation(format!(
                "Invalid ShardIterator: {} is not an iterator of this stream",
                iterator.chars().take(80).collect::<String>()
            ))
        };
        let mut parts = iterator.splitn(5, '|');
        if parts.next() != Some(PREFIX) {
            return Err(invalid());
        }
        let shard_id = parts.next().ok_or_else(invalid)?.to_owned();
        let next = parts
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(invalid)?;
        let issued_at = parts
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(invalid)?;
        let stream_arn = parts.next().ok_or_else(invalid)?.to_owned();
        Ok(Self {
            stream_arn,
            shard_id,
            next,
            issued_at,
        })
    }
}
