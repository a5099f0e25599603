//! Building a large ordered map from rows pushed in any order, without holding it twice.
//!
//! Collecting a million rows into a `BTreeMap` first gathers them all in one vector, sorts it and
//! builds the tree while that vector is still held, so a load's peak memory holds every row
//! twice. Here rows are sorted and built in runs of [`RUN`], and the runs' trees are merged like
//! the digits of a binary counter; `BTreeMap::append` frees the merged trees' nodes as it goes,
//! so the peak is the map plus one run, for about as many comparisons as one big sort.

use std::collections::BTreeMap;

/// Rows per sorted run: enough that the merges are few, little enough to be noise in memory.
const RUN: usize = 1 << 16;

/// A `BTreeMap` built from pushes; the last push of a key wins, as a sequence of inserts would.
pub struct MapBuilder<K, V> {
    run: Vec<(K, V)>,
    /// Trees of the runs sealed so far, oldest first; each at least twice as large as the next.
    trees: Vec<BTreeMap<K, V>>,
    pushed: usize,
}

impl<K: Ord, V> Default for MapBuilder<K, V> {
    fn default() -> Self {
        Self {
            run: Vec::new(),
            trees: Vec::new(),
            pushed: 0,
        }
    }
}

impl<K: Ord, V> MapBuilder<K, V> {
    pub fn push(&mut self, key: K, value: V) {
        if self.run.capacity() == 0 {
            self.run.reserve_exact(RUN);
        }
        self.run.push((key, value));
        self.pushed += 1;
        if self.run.len() == RUN {
            self.seal();
        }
    }

    /// How many rows were pushed, replaced ones included.
    pub fn pushed(&self) -> usize {
        self.pushed
    }

    /// Turns the current run into a tree and merges it with its elders while they are not at
    /// least twice its size, which keeps the number of trees (and of times a row is moved)
    /// logarithmic.
    fn seal(&mut self) {
        // Collecting sorts stably and keeps the last of equal keys.
        let mut tree: BTreeMap<K, V> = std::mem::take(&mut self.run).into_iter().collect();
        while let Some(mut older) = self.trees.pop_if(|older| older.len() < 2 * tree.len()) {
            // `append` keeps the value of its argument for a key both hold: the newer one.
            older.append(&mut tree);
            tree = older;
        }
        self.trees.push(tree);
    }

    pub fn finish(mut self) -> BTreeMap<K, V> {
        if !self.run.is_empty() {
            self.seal();
        }
        let mut merged = self.trees.pop().unwrap_or_default();
        while let Some(mut older) = self.trees.pop() {
            older.append(&mut merged);
            merged = older;
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_holds_every_key_once_with_the_value_pushed_last() {
        let mut builder = MapBuilder::default();
        // Several runs, keys in a scattered order, every key pushed twice in different runs.
        let keys = (0..(3 * RUN + 17) as u64).map(|i| i.wrapping_mul(0x9e37_79b9) % 100_003);
        let keys: Vec<u64> = keys.collect();
        for (round, key) in keys.iter().enumerate() {
            builder.push(*key, round);
        }
        for (round, key) in keys.iter().enumerate() {
            builder.push(*key, keys.len() + round);
        }
        assert_eq!(builder.pushed(), 2 * keys.len());
        let mut expected = BTreeMap::new();
        for (round, key) in keys.iter().chain(&keys).enumerate() {
            expected.insert(*key, round);
        }
        assert_eq!(builder.finish(), expected);
    }

    #[test]
    fn an_empty_builder_gives_an_empty_map() {
        assert!(MapBuilder::<u8, u8>::default().finish().is_empty());
    }
}
