//! The collection tree of a sample as estimates for the whole table: each node's share of the
//! items, its item and partition counts, and its entity mix, each with a margin. See
//! [`super::estimate`] for how they are computed, [`super::pages`] for what they are computed
//! from and [`super::unread`] for what the pages cut at their end are credited with.

use std::collections::BTreeMap;

use crate::domain::collection::{Collections, GroupId};
use crate::domain::collection_tree::CollectionNode;

use super::estimate::{Estimate, PageCount, PageFrame, item_share, part_of, partitions_per_item};
use super::pages::{CutPartition, SamplePages};
use super::unread::PartitionSizes;

/// A node of the tree, estimated for the whole table.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeEstimate {
    /// Its share of the table's items (0 to 1).
    pub share: Estimate,
    /// Its items and partitions in the table; `None` when the table's size is unknown.
    pub items: Option<Estimate>,
    pub partitions: Option<Estimate>,
}

/// Turns the sampled counts of a [`Collections`] into estimates for the table.
#[derive(Clone, Debug)]
pub struct SampleEstimator<'p> {
    pages: &'p SamplePages,
    whole_pages: Vec<PageCount>,
    /// Each page's expected unread rest of the partition it cut (zero for an uncut page).
    unread: Vec<f64>,
    table_items: Option<f64>,
    fraction: f64,
}

impl<'p> SampleEstimator<'p> {
    /// `pages`: what each page of the sample added to `found`; `table_items`: the table's size
    /// as [`super::estimate::table_items`] judged it.
    #[must_use]
    pub fn new(found: &Collections, pages: &'p SamplePages, table_items: Option<f64>) -> Self {
        let read = found.groups().map(|group| group.item_count).sum::<u64>();
        let fraction = table_items.map_or(0.0, |items| read as f64 / items.max(1.0));
        Self {
            pages,
            whole_pages: pages.counts(|_| true),
            unread: unread_rests(found, pages.cut()),
            table_items,
            fraction,
        }
    }

    /// The share of the table's items the sample read.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        self.fraction
    }

    #[must_use]
    pub fn table_items(&self) -> Option<f64> {
        self.table_items
    }

    /// A node of [`Collections::tree`]: its own group and its children's together.
    #[must_use]
    pub fn node(&self, node: &CollectionNode<'_>) -> NodeEstimate {
        let groups: Vec<GroupId> = node
            .group
            .into_iter()
            .chain(node.children.iter().filter_map(|child| child.group))
            .collect();
        let class = self.pages.counts(|group| groups.contains(&group));
        let class_unread: Vec<f64> = (self.pages.cut().iter().zip(&self.unread))
            .map(|(cut, rest)| match cut {
                Some(cut) if groups.contains(&cut.group) => *rest,
                _ => 0.0,
            })
            .collect();
        let frame = PageFrame {
            whole: &self.whole_pages,
            unread: &self.unread,
            fraction: self.fraction,
        };
        let share = item_share(&class, &class_unread, &frame);
        let per_item = partitions_per_item(&class, &frame);
        NodeEstimate {
            share,
            items: self.table_items.map(|items| share.scaled(items)),
            partitions: self.table_items.map(|items| per_item.scaled(items)),
        }
    }
}

impl NodeEstimate {
    /// An entity's items in the node, whose sample holds `node_items`, `entity_items` of them
    /// this entity's.
    #[must_use]
    pub fn entity(&self, entity_items: u64, node_items: u64) -> Option<Estimate> {
        self.items
            .map(|items| part_of(items, entity_items, node_items))
    }
}

/// Each page's expected unread rest of the partition it cut at its end (see
/// [`super::unread`]), from the sizes of the partitions of its group the sample read whole.
fn unread_rests(found: &Collections, cut: &[Option<CutPartition>]) -> Vec<f64> {
    let mut sizes: BTreeMap<GroupId, PartitionSizes> = BTreeMap::new();
    for partition in cut.iter().flatten() {
        sizes.entry(partition.group).or_insert_with(|| {
            let mut sizes = PartitionSizes::default();
            for (_, items) in found.partitions(partition.group) {
                sizes.add(items);
            }
            sizes
        });
    }
    for partition in cut.iter().flatten() {
        if let Some(sizes) = sizes.get_mut(&partition.group) {
            sizes.remove(partition.read);
        }
    }
    (cut.iter())
        .map(|partition| match partition {
            Some(CutPartition { group, read }) => sizes
                .get(group)
                .map_or(0.0, |sizes| sizes.expected_rest(*read)),
            None => 0.0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_table::{empty_collections, item};
    use super::*;

    #[test]
    fn node_estimates_scale_the_sampled_shares_to_the_table_size() {
        let mut found = empty_collections();
        let mut pages = SamplePages::default();
        // Ten pages, each of three users' orders, the first five with two teams too; none cut.
        for page in 0..10 {
            for user in page * 3..page * 3 + 3 {
                for order in 0..3 {
                    found.add_item(&item(&format!("USER#{user}"), &format!("ORDER#{order}")));
                }
            }
            for team in (page < 5)
                .then_some(page * 2..page * 2 + 2)
                .into_iter()
                .flatten()
            {
                found.add_item(&item(&format!("TEAM#{team}"), "META"));
            }
            pages.record(&found, false);
        }
        let estimator = SampleEstimator::new(&found, &pages, Some(10_000.0));
        assert!((estimator.fraction() - 0.01).abs() < 1e-12);
        let tree = found.tree();
        let users = tree
            .iter()
            .find(|node| node.name == Some("USER"))
            .expect("USER");
        let estimate = estimator.node(users);
        assert!((estimate.share.value - 0.9).abs() < 1e-12);
        assert!(estimate.share.margin > 0.0 && estimate.share.margin < 0.1);
        let items = estimate.items.expect("a table size");
        assert!((items.value - 9_000.0).abs() < 1e-6);
        let partitions = estimate.partitions.expect("a table size");
        assert!((partitions.value - 3_000.0).abs() < 1e-6);
        let without_size = SampleEstimator::new(&found, &pages, None).node(users);
        assert_eq!(without_size.items, None);
    }

    #[test]
    fn a_page_cut_inside_a_partition_is_credited_with_the_rest_its_collection_suggests() {
        let mut found = empty_collections();
        let mut pages = SamplePages::default();
        // Users of 4 items read whole twice; the third page ends 2 items into a user.
        for (user, team) in [(1, 1), (2, 2)] {
            for order in 0..4 {
                found.add_item(&item(&format!("USER#{user}"), &format!("ORDER#{order}")));
            }
            found.add_item(&item(&format!("TEAM#{team}"), "META"));
            pages.record(&found, false);
        }
        found.add_item(&item("TEAM#3", "META"));
        for order in 0..2 {
            found.add_item(&item("USER#3", &format!("ORDER#{order}")));
        }
        pages.record(&found, true);
        let estimator = SampleEstimator::new(&found, &pages, None);
        let share = |prefix| {
            let tree = found.tree();
            let node = (tree.iter())
                .find(|node| node.name == Some(prefix))
                .expect("a collection");
            estimator.node(node).share.value
        };
        // 10 users' items read and 2 expected past the cut, of 13 read and 2 unread in all.
        assert!(
            (share("USER") - 12.0 / 15.0).abs() < 1e-12,
            "{}",
            share("USER")
        );
        assert!(
            (share("TEAM") - 3.0 / 15.0).abs() < 1e-12,
            "{}",
            share("TEAM")
        );
    }
}
