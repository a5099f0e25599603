//! Items and bytes per key value, as the census keeps them for the partitions of the table and
//! of each index, and the largest of them.
//!
//! The census looks up one or more key values per item of a scan of millions: the maps hash with
//! foldhash, several times faster than the standard SipHash on short keys, and only keys the
//! table wrote are hashed, so the denial-of-service resistance SipHash buys is not needed.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use super::histogram::Histogram;
use crate::domain::expr::order::compare_scalars;
use crate::domain::value::AttrValue;

/// A hash map for the census's hot paths.
pub type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;
pub type FastSet<K> = HashSet<K, foldhash::fast::RandomState>;

/// How many items, and how many bytes, one key value (or one entity under it) holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub items: u64,
    pub bytes: u64,
}

impl Usage {
    pub fn add(&mut self, bytes: u64) {
        self.items += 1;
        self.bytes += bytes;
    }
}

/// One item collection's size: a partition key value of the table or of an index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionSize {
    pub partition_key: AttrValue,
    pub items: u64,
    pub bytes: u64,
}

/// What a ranking of collections puts first.
#[derive(Clone, Copy, Debug)]
pub enum Largest {
    Bytes,
    Items,
}

/// Applies `update` to the value kept for `key` in `map`, inserting it (and cloning the key)
/// only the first time: `entry` would clone the key for every item, not every new key.
pub fn update<V: Default>(
    map: &mut FastMap<AttrValue, V>,
    key: &AttrValue,
    update: impl FnOnce(&mut V),
) {
    if let Some(value) = map.get_mut(key) {
        update(value);
    } else {
        let mut value = V::default();
        update(&mut value);
        map.insert(key.clone(), value);
    }
}

/// The histograms of items and of bytes over `usages`.
pub fn histograms(usages: impl Iterator<Item = Usage>) -> (Histogram, Histogram) {
    let (mut items, mut bytes) = (Histogram::default(), Histogram::default());
    for usage in usages {
        items.add(usage.items);
        bytes.add(usage.bytes);
    }
    (items, bytes)
}

/// `a` before `b` when it is larger by `by` (by items: then by bytes), ties by key value.
pub fn larger_first(by: Largest, a: (&AttrValue, Usage), b: (&AttrValue, Usage)) -> Ordering {
    let figures = match by {
        Largest::Bytes => b.1.bytes.cmp(&a.1.bytes),
        Largest::Items => (b.1.items, b.1.bytes).cmp(&(a.1.items, a.1.bytes)),
    };
    figures.then_with(|| compare_scalars(a.0, b.0).unwrap_or(Ordering::Equal))
}

/// The `count` largest of `usages` by `by`, largest first; a selection, not a sort of them all.
pub fn largest<'a>(
    usages: impl Iterator<Item = (&'a AttrValue, Usage)>,
    count: usize,
    by: Largest,
) -> Vec<CollectionSize> {
    let mut all: Vec<(&AttrValue, Usage)> = usages.collect();
    if all.len() > count && count > 0 {
        all.select_nth_unstable_by(count - 1, |a, b| larger_first(by, *a, *b));
        all.truncate(count);
    }
    all.sort_by(|a, b| larger_first(by, *a, *b));
    all.truncate(count);
    all.into_iter()
        .map(|(key, usage)| CollectionSize {
            partition_key: key.clone(),
            items: usage.items,
            bytes: usage.bytes,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_are_selected_in_order_with_ties_by_key() {
        let keys: Vec<AttrValue> = (0..20).map(|n| AttrValue::s(format!("K{n:02}"))).collect();
        let usages: Vec<(&AttrValue, Usage)> = keys
            .iter()
            .enumerate()
            .map(|(n, key)| {
                let bytes = if n % 5 == 0 { 500 } else { n as u64 };
                (key, Usage { items: 1, bytes })
            })
            .collect();
        let top = largest(usages.iter().copied(), 5, Largest::Bytes);
        let names: Vec<String> = top
            .iter()
            .map(|c| c.partition_key.as_s().unwrap_or_default().to_owned())
            .collect();
        assert_eq!(names, ["K00", "K05", "K10", "K15", "K19"]);
        assert_eq!(largest(usages.iter().copied(), 0, Largest::Items), vec![]);
        assert_eq!(
            largest(usages.into_iter().take(3), 5, Largest::Items).len(),
            3
        );
    }
}
