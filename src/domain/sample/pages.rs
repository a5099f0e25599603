//! What each page of a sample added to its collections: the page is the sampling unit of the
//! estimates (see [`super::estimate`]), so each page's count per group is kept beside the
//! [`Collections`] the pages were grouped into, with the partition it cut at its end.

use std::collections::BTreeMap;

use crate::domain::collection::{Collections, GroupId};

use super::estimate::PageCount;

/// The partition a page ended in when its segment had more pages: how much of it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutPartition {
    pub group: GroupId,
    /// Its items the page read.
    pub read: u64,
}

/// The pages of a sample, each as its items and new partitions per group.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SamplePages {
    pages: Vec<Vec<(GroupId, PageCount)>>,
    cut: Vec<Option<CutPartition>>,
    /// Each group's totals as of the last recorded page.
    seen: BTreeMap<GroupId, PageCount>,
}

impl SamplePages {
    /// Records the page just added to `found`; `cut` when its segment has more pages.
    pub fn record(&mut self, found: &Collections, cut: bool) {
        let mut page = Vec::new();
        for group in found.groups() {
            let seen = self.seen.entry(group.id).or_default();
            let added = PageCount {
                items: group.item_count - seen.items,
                partitions: group.partition_count - seen.partitions,
            };
            if added != PageCount::default() {
                page.push((group.id, added));
            }
            *seen = PageCount {
                items: group.item_count,
                partitions: group.partition_count,
            };
        }
        self.pages.push(page);
        // What the collections hold of the last partition is what this page read of it: a
        // partition's items share one hash, so one segment, and only its first page is read.
        let cut_partition = found.last_partition_items().filter(|_| cut);
        self.cut
            .push(cut_partition.map(|(group, read)| CutPartition { group, read }));
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// The partition each page cut at its end; `None` for a page that read its segment to the
    /// end.
    #[must_use]
    pub fn cut(&self) -> &[Option<CutPartition>] {
        &self.cut
    }

    /// Each page's count of the groups `of` accepts.
    pub fn counts(&self, of: impl Fn(GroupId) -> bool) -> Vec<PageCount> {
        self.pages
            .iter()
            .map(|page| {
                let mut sum = PageCount::default();
                for (_, count) in page.iter().filter(|(group, _)| of(*group)) {
                    sum.items += count.items;
                    sum.partitions += count.partitions;
                }
                sum
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_table::{empty_collections, item};
    use super::*;

    #[test]
    fn each_page_keeps_what_it_added_to_each_group() {
        let mut found = empty_collections();
        let mut pages = SamplePages::default();
        found.add_page(&[
            item("USER#1", "A"),
            item("USER#1", "B"),
            item("TEAM#1", "A"),
        ]);
        pages.record(&found, true);
        found.add_page(&[item("USER#2", "A")]);
        pages.record(&found, false);
        let users = found.group(Some("USER")).expect("USER");
        let counts = pages.counts(|group| group == users);
        let page = |items, partitions| PageCount { items, partitions };
        assert_eq!(counts, vec![page(2, 1), page(1, 1)]);
        assert_eq!(pages.counts(|_| true), vec![page(3, 2), page(1, 1)]);
        let team = found.group(Some("TEAM")).expect("TEAM");
        let cut = CutPartition {
            group: team,
            read: 1,
        };
        assert_eq!(pages.cut(), &[Some(cut), None]);
        assert_eq!(pages.len(), 2);
    }
}
