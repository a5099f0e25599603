//! The records the stream view holds: newest first, at most a fixed number, counting what it had
//! to drop so a burst of thousands keeps the screen responsive and says what it lost.

use std::collections::VecDeque;

use crate::backend::ChangeRecord;
use crate::domain::change_filter::ChangeFilter;
use crate::domain::schema::KeySchema;

/// Records held by default.
pub const DEFAULT_CAPACITY: usize = 10_000;

/// One record with the entity ddbx decoded for it on arrival.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamEntry {
    pub record: ChangeRecord,
    pub entity: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StreamBuffer {
    /// Newest first.
    entries: VecDeque<StreamEntry>,
    capacity: usize,
    /// Records received in all.
    pub received: u64,
    /// The oldest records dropped to stay within the capacity.
    pub dropped: u64,
}

impl StreamBuffer {
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Self {
            entries: VecDeque::with_capacity(capacity.min(1024)),
            capacity: capacity.max(1),
            received: 0,
            dropped: 0,
        }
    }

    /// Adds a record as the newest, dropping the oldest beyond the capacity.
    pub fn push(&mut self, entry: StreamEntry) {
        self.received += 1;
        if self.entries.len() == self.capacity {
            self.entries.pop_back();
            self.dropped += 1;
        }
        self.entries.push_front(entry);
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Every entry, newest first, to change in place (tests fix the wall-clock parts).
    pub fn visible_mut(&mut self) -> impl Iterator<Item = &mut StreamEntry> {
        self.entries.iter_mut()
    }

    /// The entries `filter` keeps, newest first.
    pub fn visible<'a>(
        &'a self,
        filter: &'a ChangeFilter,
        key: &'a KeySchema,
    ) -> impl Iterator<Item = &'a StreamEntry> + 'a {
        self.entries
            .iter()
            .filter(move |entry| filter.keeps(&entry.record, entry.entity.as_deref(), key))
    }
}
