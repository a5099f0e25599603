//! Partition-key values as the collection views hold them: owned and compact while stored, borrowed
//! while shown. Keys keep their DynamoDB type so a partition can be queried exactly as it was found.

use std::collections::BTreeMap;
use std::ops::Bound;

use super::number::Number;
use super::value::AttrValue;

/// A borrowed partition-key value. Not `Ord`: listings order numbers, then strings, then binary,
/// each by DynamoDB's rules, which [`PartitionCounts::iter`] implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartitionKey<'a> {
    S(&'a str),
    N(&'a Number),
    B(&'a [u8]),
}

impl<'a> PartitionKey<'a> {
    /// The key of an attribute value, when it has a key type (S, N or B).
    #[must_use]
    pub fn of(value: &'a AttrValue) -> Option<Self> {
        match value {
            AttrValue::S(text) => Some(Self::S(text)),
            AttrValue::N(number) => Some(Self::N(number)),
            AttrValue::B(bytes) => Some(Self::B(bytes)),
            _ => None,
        }
    }

    /// The value to put in a Query's key condition.
    #[must_use]
    pub fn to_attr_value(self) -> AttrValue {
        match self {
            Self::S(text) => AttrValue::S(text.to_owned()),
            Self::N(number) => AttrValue::N(number.clone()),
            Self::B(bytes) => AttrValue::B(bytes.to_vec()),
        }
    }
}

/// Where a partition's counter lives, so a caller that sees the same partition again (a Scan
/// returns a partition's items together) can count without another map lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartitionSlot(u32);

/// Partitions with a per-partition counter, in DynamoDB's key order for each type (strings by
/// UTF-8 bytes, numbers numerically, binary by bytes). A table's partition key has one type, so in
/// practice only one of the maps is used.
#[derive(Clone, Debug, Default)]
pub struct PartitionCounts {
    strings: BTreeMap<Box<str>, PartitionSlot>,
    numbers: BTreeMap<Number, PartitionSlot>,
    binaries: BTreeMap<Box<[u8]>, PartitionSlot>,
    counts: Vec<u64>,
}

impl PartitionCounts {
    /// Adds one item to `key`'s partition: its slot, and `true` when the partition is new.
    pub fn add(&mut self, key: PartitionKey<'_>) -> (PartitionSlot, bool) {
        fn slot_of<K, Q>(
            map: &mut BTreeMap<K, PartitionSlot>,
            counts: &mut Vec<u64>,
            key: &Q,
            owned: impl FnOnce() -> K,
        ) -> (PartitionSlot, bool)
        where
            K: Ord + std::borrow::Borrow<Q>,
            Q: Ord + ?Sized,
        {
            if let Some(slot) = map.get(key) {
                return (*slot, false);
            }
            let slot = PartitionSlot(u32::try_from(counts.len()).unwrap_or(u32::MAX));
            counts.push(0);
            map.insert(owned(), slot);
            (slot, true)
        }
        let counts = &mut self.counts;
        let (slot, new) = match key {
            PartitionKey::S(text) => slot_of(&mut self.strings, counts, text, || text.into()),
            PartitionKey::N(number) => {
                slot_of(&mut self.numbers, counts, number, || number.clone())
            }
            PartitionKey::B(bytes) => slot_of(&mut self.binaries, counts, bytes, || bytes.into()),
        };
        self.add_to(slot);
        (slot, new)
    }

    /// Adds one item to the partition of a slot returned by [`Self::add`].
    pub fn add_to(&mut self, slot: PartitionSlot) {
        if let Some(count) = self.counts.get_mut(slot.0 as usize) {
            *count += 1;
        }
    }

    fn count_of(&self, slot: &PartitionSlot) -> u64 {
        self.count_at(*slot)
    }

    /// Items counted in the partition of a slot returned by [`Self::add`].
    #[must_use]
    pub fn count_at(&self, slot: PartitionSlot) -> u64 {
        self.counts.get(slot.0 as usize).copied().unwrap_or(0)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.strings.len() + self.numbers.len() + self.binaries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Items counted for `key`, zero when unknown.
    #[must_use]
    pub fn count(&self, key: PartitionKey<'_>) -> u64 {
        match key {
            PartitionKey::S(text) => self.strings.get(text),
            PartitionKey::N(number) => self.numbers.get(number),
            PartitionKey::B(bytes) => self.binaries.get(bytes),
        }
        .map_or(0, |slot| self.count_of(slot))
    }

    /// Every partition with its item count: numbers, then strings, then binary, each in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (PartitionKey<'_>, u64)> {
        let numbers = self
            .numbers
            .iter()
            .map(|(k, s)| (PartitionKey::N(k), self.count_of(s)));
        let strings = self
            .strings
            .iter()
            .map(|(k, s)| (PartitionKey::S(k), self.count_of(s)));
        let binaries = self
            .binaries
            .iter()
            .map(|(k, s)| (PartitionKey::B(k), self.count_of(s)));
        numbers.chain(strings).chain(binaries)
    }

    /// Partitions from `start` (inclusive) onwards in [`Self::iter`] order: scrolling a long list
    /// from the first visible key costs O(log n) instead of skipping from the top.
    pub fn iter_from<'s>(
        &'s self,
        start: PartitionKey<'s>,
    ) -> Box<dyn Iterator<Item = (PartitionKey<'s>, u64)> + 's> {
        let strings = |range: (Bound<&'s str>, Bound<&'s str>)| {
            self.strings
                .range::<str, _>(range)
                .map(|(k, s)| (PartitionKey::S(k), self.count_of(s)))
        };
        let binaries = |from: Bound<&'s [u8]>| {
            self.binaries
                .range::<[u8], _>((from, Bound::Unbounded))
                .map(|(k, s)| (PartitionKey::B(k), self.count_of(s)))
        };
        match start {
            PartitionKey::N(number) => Box::new(
                self.numbers
                    .range(number..)
                    .map(|(k, s)| (PartitionKey::N(k), self.count_of(s)))
                    .chain(strings((Bound::Unbounded, Bound::Unbounded)))
                    .chain(binaries(Bound::Unbounded)),
            ),
            PartitionKey::S(text) => Box::new(
                strings((Bound::Included(text), Bound::Unbounded))
                    .chain(binaries(Bound::Unbounded)),
            ),
            PartitionKey::B(bytes) => Box::new(binaries(Bound::Included(bytes))),
        }
    }

    /// String partitions whose key starts with `prefix`, in order: completion for jump-to-partition.
    pub fn strings_starting_with<'s>(
        &'s self,
        prefix: &'s str,
    ) -> impl Iterator<Item = (&'s str, u64)> + 's {
        self.strings
            .range::<str, _>((Bound::Included(prefix), Bound::Unbounded))
            .take_while(move |(key, _)| key.starts_with(prefix))
            .map(|(key, slot)| (&**key, self.count_of(slot)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_reports_new_partitions_and_keeps_per_partition_totals() {
        let mut counts = PartitionCounts::default();
        let (slot, new) = counts.add(PartitionKey::S("USER#2"));
        assert!(new);
        assert_eq!(counts.add(PartitionKey::S("USER#2")), (slot, false));
        assert!(counts.add(PartitionKey::S("USER#10")).1);
        counts.add_to(slot);
        assert_eq!(counts.len(), 2);
        assert_eq!(counts.count(PartitionKey::S("USER#2")), 3);
        assert_eq!(counts.count(PartitionKey::S("USER#3")), 0);
        let keys: Vec<_> = counts.iter().map(|(key, _)| key).collect();
        assert_eq!(
            keys,
            [PartitionKey::S("USER#10"), PartitionKey::S("USER#2")]
        );
    }

    #[test]
    fn number_partitions_are_ordered_numerically_and_binary_by_bytes() {
        let mut counts = PartitionCounts::default();
        let (ten, nine) = (Number::from(10), Number::from(9));
        counts.add(PartitionKey::N(&ten));
        counts.add(PartitionKey::N(&nine));
        counts.add(PartitionKey::B(&[2]));
        counts.add(PartitionKey::B(&[1, 9]));
        let keys: Vec<_> = counts.iter().map(|(key, _)| key).collect();
        assert_eq!(
            keys,
            [
                PartitionKey::N(&nine),
                PartitionKey::N(&ten),
                PartitionKey::B(&[1, 9]),
                PartitionKey::B(&[2])
            ]
        );
        assert_eq!(
            counts.iter().next_back().map(|(key, _)| key),
            Some(PartitionKey::B(&[2]))
        );
    }

    #[test]
    fn listing_from_a_key_continues_in_key_order_across_types() {
        let mut counts = PartitionCounts::default();
        let seven = Number::from(7);
        for key in ["USER#1", "USER#2", "USER#3"] {
            counts.add(PartitionKey::S(key));
        }
        counts.add(PartitionKey::N(&seven));
        counts.add(PartitionKey::B(&[0]));
        let from = |start| {
            counts
                .iter_from(start)
                .map(|(key, _)| key)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            from(PartitionKey::S("USER#2")),
            [
                PartitionKey::S("USER#2"),
                PartitionKey::S("USER#3"),
                PartitionKey::B(&[0])
            ]
        );
        assert_eq!(
            from(PartitionKey::S("USER#25")).first(),
            Some(&PartitionKey::S("USER#3"))
        );
        assert_eq!(from(PartitionKey::N(&seven)).len(), 5);
        assert_eq!(from(PartitionKey::B(&[1])), []);
    }

    #[test]
    fn completion_lists_only_keys_with_the_typed_prefix() {
        let mut counts = PartitionCounts::default();
        for key in [
            "USER#usr_1",
            "USER#usr_2",
            "USER#usr_2",
            "USERS#x",
            "ORDER#o",
        ] {
            counts.add(PartitionKey::S(key));
        }
        let completions: Vec<_> = counts.strings_starting_with("USER#usr_").collect();
        assert_eq!(completions, [("USER#usr_1", 1), ("USER#usr_2", 2)]);
    }

    #[test]
    fn only_key_typed_values_are_partition_keys() {
        assert_eq!(PartitionKey::of(&AttrValue::Null), None);
        let value = AttrValue::s("USER#1");
        assert_eq!(
            PartitionKey::of(&value).map(PartitionKey::to_attr_value),
            Some(value)
        );
    }
}
