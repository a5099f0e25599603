//! Matching both sides' items by key as they are read. Two tables of one service read by the
//! same scan segments return the same keys in nearly the same order (the way Bulk Executor
//! walks two tables side by side), so most items meet the other side's item of their key within
//! a few pages and are compared at once, neither held until the end nor spilled. An item waits
//! here for its other side; a side with more than [`WAITING_ITEMS`] waiting (another server's
//! hashing, a side far ahead of the other) hands its waiting items to its buckets, where the
//! bucket-by-bucket comparison matches them, so the memory stays bounded either way.

use std::collections::HashMap;
use std::sync::Mutex;

use super::buckets::BucketWriter;
use super::progress::Which;
use crate::cli::error::CliError;
use crate::domain::value::Item;

/// Items of one side that may wait for the other side's item of their key.
const WAITING_ITEMS: usize = 100_000;

/// How a diff compares what it read.
pub trait Compare {
    /// Compares one bucket of each side: every item of either side whose key falls in it.
    fn bucket(&mut self, source: Vec<(String, Item)>, target: Vec<(String, Item)>);
    /// Whether items may be compared a key at a time as they are read: not when more than one
    /// item of a side may share a key text.
    fn pairs(&self) -> bool;
    /// Compares the source's and the target's item of one key.
    fn pair(&mut self, source: Item, target: Item);
}

/// A comparison made bucket by bucket only.
pub struct ByBucket<F>(pub F);

impl<F: FnMut(Vec<(String, Item)>, Vec<(String, Item)>)> Compare for ByBucket<F> {
    fn bucket(&mut self, source: Vec<(String, Item)>, target: Vec<(String, Item)>) {
        (self.0)(source, target);
    }

    fn pairs(&self) -> bool {
        false
    }

    /// Never offered (see [`Compare::pairs`]); a pair is a bucket of one key.
    fn pair(&mut self, source: Item, target: Item) {
        (self.0)(vec![(String::new(), source)], vec![(String::new(), target)]);
    }
}

/// Both sides' items that wait for their other side, and the comparison they go to.
pub struct Pairing<'c> {
    waiting: [HashMap<String, Item>; 2],
    compare: &'c mut dyn Compare,
    /// Items compared as they were read.
    pub paired: u64,
}

impl<'c> Pairing<'c> {
    pub fn new(compare: &'c mut dyn Compare) -> Mutex<Self> {
        Mutex::new(Self {
            waiting: [HashMap::new(), HashMap::new()],
            compare,
            paired: 0,
        })
    }

    /// Offers the keyed items one page of `which` read: each is compared with the other
    /// side's waiting item of its key, or waits, or goes to `buckets` (every item, when this
    /// comparison matches only whole buckets).
    pub fn offer(
        &mut self,
        which: Which,
        items: Vec<(String, Item)>,
        buckets: &mut BucketWriter,
    ) -> Result<(), CliError> {
        if !self.compare.pairs() {
            return items
                .into_iter()
                .try_for_each(|(key, item)| buckets.put(key, item));
        }
        let (mine, theirs) = split(&mut self.waiting, which);
        for (key, item) in items {
            match theirs.remove(&key) {
                Some(other) => {
                    self.paired += 1;
                    match which {
                        Which::Source => self.compare.pair(item, other),
                        Which::Target => self.compare.pair(other, item),
                    }
                }
                None => {
                    mine.insert(key, item);
                }
            }
        }
        if mine.len() > WAITING_ITEMS {
            mine.drain()
                .try_for_each(|(key, item)| buckets.put(key, item))?;
        }
        Ok(())
    }

    /// Hands the items still waiting of `which` to its buckets, once both sides are read.
    pub fn unmatched(&mut self, which: Which, buckets: &mut BucketWriter) -> Result<(), CliError> {
        let (mine, _) = split(&mut self.waiting, which);
        mine.drain()
            .try_for_each(|(key, item)| buckets.put(key, item))
    }

    pub fn compare_bucket(&mut self, source: Vec<(String, Item)>, target: Vec<(String, Item)>) {
        self.compare.bucket(source, target);
    }
}

/// The waiting items of `which` and of the other side.
fn split(
    waiting: &mut [HashMap<String, Item>; 2],
    which: Which,
) -> (&mut HashMap<String, Item>, &mut HashMap<String, Item>) {
    let [source, target] = waiting;
    match which {
        Which::Source => (source, target),
        Which::Target => (target, source),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    /// Records what it was handed: the pairs' keys, and the keys of each bucket's two sides.
    #[derive(Default)]
    struct Recorded {
        pairs: Vec<String>,
        buckets: Vec<(Vec<String>, Vec<String>)>,
    }

    impl Compare for Recorded {
        fn bucket(&mut self, source: Vec<(String, Item)>, target: Vec<(String, Item)>) {
            let keys = |items: Vec<(String, Item)>| items.into_iter().map(|(key, _)| key).collect();
            self.buckets.push((keys(source), keys(target)));
        }

        fn pairs(&self) -> bool {
            true
        }

        fn pair(&mut self, source: Item, target: Item) {
            assert_eq!(source.get("side"), Some(&AttrValue::s("source")));
            assert_eq!(target.get("side"), Some(&AttrValue::s("target")));
            self.pairs
                .push(source["PK"].as_s().unwrap_or_default().to_owned());
        }
    }

    fn page(side: &str, keys: impl IntoIterator<Item = usize>) -> Vec<(String, Item)> {
        keys.into_iter()
            .map(|key| {
                let key = format!("k{key}");
                let item = [("PK", AttrValue::s(&key)), ("side", AttrValue::s(side))]
                    .into_iter()
                    .map(|(name, value)| (name.to_owned(), value))
                    .collect();
                (key, item)
            })
            .collect()
    }

    fn bucket_keys(writer: BucketWriter) -> Vec<String> {
        let Ok(super::super::buckets::Buckets::Held(held)) = writer.finish() else {
            panic!("the buckets are held");
        };
        let mut keys: Vec<String> = held.into_iter().flatten().map(|(key, _)| key).collect();
        keys.sort();
        keys
    }

    #[test]
    fn items_of_one_key_are_compared_as_soon_as_both_sides_read_them_whichever_comes_first() {
        let mut recorded = Recorded::default();
        let mut sources = BucketWriter::new(1, None);
        let mut targets = BucketWriter::new(1, None);
        {
            let mut pairing = Pairing::new(&mut recorded)
                .into_inner()
                .expect("a new lock");
            let offers = [
                (Which::Source, page("source", [1, 2, 3])),
                (Which::Target, page("target", [2, 1, 9])),
                (Which::Target, page("target", [3])),
                (Which::Source, page("source", [4])),
            ];
            for (which, items) in offers {
                let buckets = match which {
                    Which::Source => &mut sources,
                    Which::Target => &mut targets,
                };
                pairing
                    .offer(which, items, buckets)
                    .expect("held in memory");
            }
            assert_eq!(pairing.paired, 3);
            pairing
                .unmatched(Which::Source, &mut sources)
                .expect("held in memory");
            pairing
                .unmatched(Which::Target, &mut targets)
                .expect("held in memory");
        }
        assert_eq!(recorded.pairs, ["k2", "k1", "k3"]);
        assert_eq!(bucket_keys(sources), ["k4"]);
        assert_eq!(bucket_keys(targets), ["k9"]);
    }

    #[test]
    fn a_side_far_ahead_hands_its_waiting_items_to_its_buckets() {
        let mut recorded = Recorded::default();
        let mut sources = BucketWriter::new(1, None);
        let mut pairing = Pairing::new(&mut recorded)
            .into_inner()
            .expect("a new lock");
        let ahead = page("source", 0..=WAITING_ITEMS);
        pairing
            .offer(Which::Source, ahead, &mut sources)
            .expect("held in memory");
        let mut targets = BucketWriter::new(1, None);
        pairing
            .offer(Which::Target, page("target", [0, 1]), &mut targets)
            .expect("held in memory");
        assert_eq!(
            pairing.paired, 0,
            "nothing waits once handed to the buckets"
        );
        assert_eq!(bucket_keys(sources).len(), WAITING_ITEMS + 1);
    }

    #[test]
    fn a_comparison_by_bucket_is_never_paired() {
        let mut by_bucket = ByBucket(|_: Vec<(String, Item)>, _: Vec<(String, Item)>| {});
        let mut sources = BucketWriter::new(1, None);
        let mut targets = BucketWriter::new(1, None);
        let mut pairing = Pairing::new(&mut by_bucket)
            .into_inner()
            .expect("a new lock");
        pairing
            .offer(Which::Source, page("source", [1]), &mut sources)
            .expect("held in memory");
        pairing
            .offer(Which::Target, page("target", [1]), &mut targets)
            .expect("held in memory");
        assert_eq!(pairing.paired, 0);
        assert_eq!(bucket_keys(sources), ["k1"]);
        assert_eq!(bucket_keys(targets), ["k1"]);
    }
}
