//! The unread rest of a partition that a page cut at its end.
//!
//! A page ends wherever 1 MB ends, usually inside a partition, and the sample never reads the
//! rest of it. Large partitions are likelier to straddle a page's end, so leaving the rest out
//! understates the collections of large partitions. Counting each cut partition whole would make
//! the estimates unbiased (the partitions a page starts form a stopping time), so each cut page
//! is credited with the rest its cut partition is expected to have.
//!
//! A page's end falls on one item position, and every partition holds exactly one position for
//! each number of items read before it, so among partitions of which `r` items were read when
//! the page ended, a partition of `m ≥ r` items is as likely as its size is common:
//!
//! ```text
//! E[rest | r read] = Σ_{m ≥ r} (m − r)·p(m) / Σ_{m ≥ r} p(m)
//! ```
//!
//! with `p` the distribution of the collection's partition sizes, estimated from the partitions
//! the sample read whole (every partition but the cut ones).

use std::collections::BTreeMap;

/// The partitions of one collection that a sample read whole, by their item count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartitionSizes {
    by_items: BTreeMap<u64, u64>,
}

impl PartitionSizes {
    pub fn add(&mut self, items: u64) {
        *self.by_items.entry(items).or_default() += 1;
    }

    /// Takes back a partition added before that turned out to be cut: only its read part is
    /// known, which is not a partition size.
    pub fn remove(&mut self, items: u64) {
        if let Some(count) = self.by_items.get_mut(&items) {
            *count -= 1;
            if *count == 0 {
                self.by_items.remove(&items);
            }
        }
    }

    /// The items a partition of this collection holds past the first `read` on average (see the
    /// module text); zero when no partition read whole was as large.
    #[must_use]
    pub fn expected_rest(&self, read: u64) -> f64 {
        let (mut partitions, mut rest) = (0_u64, 0_u64);
        for (&items, &count) in self.by_items.range(read..) {
            partitions += count;
            rest += (items - read) * count;
        }
        if partitions == 0 {
            0.0
        } else {
            rest as f64 / partitions as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_is_averaged_over_the_partitions_at_least_as_large_as_what_was_read() {
        let mut sizes = PartitionSizes::default();
        for items in [1, 3, 6, 6, 10] {
            sizes.add(items);
        }
        // Of 6, 6 and 10 items, 4 read: 2, 2 and 6 left.
        assert!((sizes.expected_rest(4) - 10.0 / 3.0).abs() < 1e-12);
        // A partition that ended exactly at the page's end may be whole: the 1-item one counts.
        assert!((sizes.expected_rest(1) - (0.0 + 2.0 + 5.0 + 5.0 + 9.0) / 5.0).abs() < 1e-12);
        assert_eq!(sizes.expected_rest(11), 0.0);
        sizes.remove(10);
        sizes.remove(42);
        assert!((sizes.expected_rest(4) - 2.0).abs() < 1e-12);
        assert_eq!(PartitionSizes::default().expected_rest(0), 0.0);
    }
}
