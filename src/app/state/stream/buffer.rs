//! The records the stream view holds: newest first, at most a fixed number, counting what it had
//! to drop so a burst of thousands keeps the screen responsive and says what it lost. The records
//! the filter keeps are kept as a list of their own, brought up to date as each record arrives or
//! leaves, so a frame reads the rows it draws instead of filtering every record again.

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
    /// Newest first. The entry at index `i` arrived as number `received - i`.
    entries: VecDeque<StreamEntry>,
    capacity: usize,
    /// Records received in all.
    pub received: u64,
    /// The oldest records dropped to stay within the capacity.
    pub dropped: u64,
    filter: ChangeFilter,
    /// The table key the filter reads the records' keys by; without one, every record is kept
    /// (a filter is only set together with its key).
    key: Option<KeySchema>,
    /// The arrival numbers of the entries the filter keeps, newest first.
    kept: VecDeque<u64>,
}

impl StreamBuffer {
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Self {
            entries: VecDeque::with_capacity(capacity.min(1024)),
            capacity: capacity.max(1),
            received: 0,
            dropped: 0,
            filter: ChangeFilter::default(),
            key: None,
            kept: VecDeque::new(),
        }
    }

    /// Adds a record as the newest, dropping the oldest beyond the capacity.
    pub fn push(&mut self, entry: StreamEntry) {
        if self.entries.len() == self.capacity {
            let oldest = self.arrival_of(self.entries.len() - 1);
            self.entries.pop_back();
            self.dropped += 1;
            if self.kept.back() == Some(&oldest) {
                self.kept.pop_back();
            }
        }
        self.received += 1;
        if self.keeps(&entry) {
            self.kept.push_front(self.received);
        }
        self.entries.push_front(entry);
    }

    /// Filters by `filter` from now on, reading keys by `key`: what is held is filtered again.
    pub fn set_filter(&mut self, filter: ChangeFilter, key: &KeySchema) {
        self.filter = filter;
        self.key = Some(key.clone());
        self.refilter();
    }

    /// Reads keys by `key`, filtering again only when the table's key is another one (a table
    /// recreated with other keys).
    pub fn use_key(&mut self, key: &KeySchema) {
        if self.key.as_ref() != Some(key) {
            self.key = Some(key.clone());
            self.refilter();
        }
    }

    #[must_use]
    pub fn filter(&self) -> &ChangeFilter {
        &self.filter
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

    /// Every entry, newest first, to change in place (tests fix the wall-clock parts; nothing
    /// the filter reads).
    pub fn visible_mut(&mut self) -> impl Iterator<Item = &mut StreamEntry> {
        self.entries.iter_mut()
    }

    /// How many entries the filter keeps.
    #[must_use]
    pub fn visible_len(&self) -> usize {
        self.kept.len()
    }

    /// The `row`th entry the filter keeps, newest first.
    #[must_use]
    pub fn visible_at(&self, row: usize) -> Option<&StreamEntry> {
        let arrival = *self.kept.get(row)?;
        self.entries.get(self.index_of(arrival))
    }

    /// The entries the filter keeps, newest first.
    pub fn visible(&self) -> impl Iterator<Item = &StreamEntry> + '_ {
        self.kept
            .iter()
            .filter_map(|arrival| self.entries.get(self.index_of(*arrival)))
    }

    fn arrival_of(&self, index: usize) -> u64 {
        self.received - index as u64
    }

    fn index_of(&self, arrival: u64) -> usize {
        usize::try_from(self.received - arrival).unwrap_or(usize::MAX)
    }

    fn keeps(&self, entry: &StreamEntry) -> bool {
        self.key.as_ref().is_none_or(|key| {
            self.filter
                .keeps(&entry.record, entry.entity.as_deref(), key)
        })
    }

    fn refilter(&mut self) {
        let kept: VecDeque<u64> = (0..self.entries.len())
            .filter(|index| self.keeps(&self.entries[*index]))
            .map(|index| self.arrival_of(index))
            .collect();
        self.kept = kept;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::backend::ChangeKind;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::{AttrValue, Item, ValueType};

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn entry(pk: u8, kind: u8) -> StreamEntry {
        let mut keys = Item::new();
        keys.insert("PK".into(), AttrValue::s(format!("USER#{pk}")));
        keys.insert("SK".into(), AttrValue::s("PROFILE"));
        let kind = [ChangeKind::Insert, ChangeKind::Modify, ChangeKind::Remove][usize::from(kind)];
        StreamEntry {
            record: ChangeRecord {
                kind,
                sequence: String::new(),
                created_at: None,
                keys,
                old_image: None,
                new_image: None,
            },
            entity: Some(
                if pk.is_multiple_of(2) {
                    "User"
                } else {
                    "Order"
                }
                .to_owned(),
            ),
        }
    }

    /// What filtering every entry again would keep: the list kept as records come and go
    /// must always equal it.
    fn filtered_again(buffer: &StreamBuffer) -> Vec<StreamEntry> {
        let filter = buffer.filter().clone();
        let mut all = buffer.clone();
        all.set_filter(ChangeFilter::default(), &key());
        all.visible()
            .filter(|entry| filter.keeps(&entry.record, entry.entity.as_deref(), &key()))
            .cloned()
            .collect()
    }

    fn a_filter(choice: u8) -> ChangeFilter {
        match choice {
            0 => ChangeFilter::default(),
            1 => ChangeFilter {
                pk: Some("USER#3".into()),
                ..ChangeFilter::default()
            },
            2 => ChangeFilter {
                prefix: Some("USER#1".into()),
                ..ChangeFilter::default()
            },
            3 => ChangeFilter {
                entity: Some("user".into()),
                ..ChangeFilter::default()
            },
            _ => ChangeFilter {
                events: vec![ChangeKind::Remove],
                ..ChangeFilter::default()
            },
        }
    }

    proptest! {
        #[test]
        fn the_records_kept_are_those_the_filter_keeps_as_records_arrive_and_are_dropped(
            capacity in 1usize..12,
            steps in proptest::collection::vec((0u8..20, 0u8..3, proptest::option::weighted(0.1, 0u8..5)), 0..80),
        ) {
            let mut buffer = StreamBuffer::new(capacity);
            for (pk, kind, new_filter) in steps {
                if let Some(choice) = new_filter {
                    buffer.set_filter(a_filter(choice), &key());
                }
                buffer.push(entry(pk, kind));
                let kept: Vec<StreamEntry> = buffer.visible().cloned().collect();
                prop_assert_eq!(&kept, &filtered_again(&buffer));
                prop_assert_eq!(buffer.visible_len(), kept.len());
                prop_assert_eq!(buffer.visible_at(0), kept.first());
                prop_assert!(buffer.len() <= capacity);
            }
        }
    }

    #[test]
    fn without_a_key_every_record_is_kept_and_the_oldest_leave_at_the_capacity() {
        let mut buffer = StreamBuffer::new(2);
        for pk in 0..5 {
            buffer.push(entry(pk, 0));
        }
        let pks: Vec<&AttrValue> = buffer.visible().map(|e| &e.record.keys["PK"]).collect();
        assert_eq!(pks, [&AttrValue::s("USER#4"), &AttrValue::s("USER#3")]);
        assert_eq!(buffer.dropped, 3);
        assert_eq!(buffer.visible_at(2), None);
    }
}
