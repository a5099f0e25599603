//! One shard of the engine's stream: the records it holds, where reading may start and, once
//! closed, where it ends.

use std::collections::VecDeque;

use super::record::{Stored, trimmed};
use crate::backend::BackendError;

#[derive(Debug)]
pub(super) struct ShardLog {
    pub id: String,
    pub parent: Option<String>,
    /// The first sequence number this shard could hold.
    start: u64,
    /// The first sequence number after it, once closed.
    end: Option<u64>,
    /// The oldest sequence number still readable: records before it were trimmed.
    horizon: u64,
    records: VecDeque<Stored>,
}

impl ShardLog {
    pub fn new(id: String, parent: Option<String>, start: u64) -> Self {
        Self {
            id,
            parent,
            start,
            end: None,
            horizon: start,
            records: VecDeque::new(),
        }
    }

    pub fn push(&mut self, stored: Stored) {
        self.records.push_back(stored);
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn is_closed(&self) -> bool {
        self.end.is_some()
    }

    pub fn close(&mut self, end: u64) {
        self.end.get_or_insert(end);
    }

    pub fn end(&self) -> Option<u64> {
        self.end
    }

    pub fn start(&self) -> u64 {
        self.start
    }

    pub fn horizon(&self) -> u64 {
        self.horizon
    }

    pub fn oldest_created(&self) -> Option<i64> {
        self.records.front().map(|stored| stored.created_at)
    }

    /// Drops the oldest record; its size in bytes.
    pub fn trim_one(&mut self) -> Option<usize> {
        let stored = self.records.pop_front()?;
        self.horizon = stored.sequence + 1;
        Some(stored.bytes)
    }

    /// Records from sequence number `next` on, oldest first.
    pub fn from(&self, next: u64) -> impl Iterator<Item = &Stored> {
        let skip = self
            .records
            .partition_point(|stored| stored.sequence < next);
        self.records.range(skip..)
    }

    /// `sequence` if it names a record of this shard; a trimmed one is the trimmed error.
    pub fn check_within(&self, sequence: u64, stream_next: u64) -> Result<u64, BackendError> {
        let end = self.end.unwrap_or(stream_next);
        if sequence < self.start || sequence >= end {
            return Err(BackendError::Validation(format!(
                "Invalid SequenceNumber {sequence:021} for shard {}: it is not in the shard's range",
                self.id
            )));
        }
        if sequence < self.horizon {
            return Err(trimmed(&self.id));
        }
        Ok(sequence)
    }
}
