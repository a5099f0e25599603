//! One partition's items (collections level 3), fetched by Query page by page as the user
//! scrolls, grouped by sort key prefix by [`PartitionItems`].

use std::collections::BTreeSet;

use crate::app::state::Paging;
use crate::app::state::stale::{Kept, Refreshable, Stale};
use crate::domain::partition_items::PartitionItems;
use crate::domain::value::AttrValue;

/// The items of one partition read so far.
#[derive(Clone, Debug)]
pub struct Partition {
    pub pk: AttrValue,
    pub items: PartitionItems,
    pub paging: Paging,
    /// The items read before, while the partition is read again from its first page.
    pub kept: Option<Kept<Self>>,
    /// Set when these items were put back after reading the partition again failed.
    pub stale: Option<Stale>,
    /// The groups folded to their heading (by label; `""` for sort keys without a prefix).
    pub folded: BTreeSet<String>,
}

impl Refreshable for Partition {
    fn kept(&mut self) -> &mut Option<Kept<Self>> {
        &mut self.kept
    }
    fn stale(&mut self) -> &mut Option<Stale> {
        &mut self.stale
    }
    fn has_data(&self) -> bool {
        first_page_read(&self.paging)
    }
}

/// True once a paged read's first page landed (it has a cursor past it, or finished).
#[must_use]
pub fn first_page_read<C>(paging: &Paging<C>) -> bool {
    match paging {
        Paging::Ready(from) | Paging::Fetching { from, .. } => from.is_some(),
        Paging::Cancelled { resume } => resume.is_some(),
        Paging::Complete => true,
        Paging::Failed(_) => false,
    }
}

/// One display row of a partition: a group header or an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionRow {
    /// `label` is `ORDER#`, `METADATA`, or `None` for sort keys without a prefix.
    Group {
        label: Option<String>,
        count: usize,
        /// Folded to its heading: its items are not listed.
        folded: bool,
    },
    Item(usize),
}

impl Partition {
    /// Group headers each followed by their items (unless folded), groups in order of first
    /// appearance.
    #[must_use]
    pub fn rows(&self) -> Vec<PartitionRow> {
        let groups = self.items.groups();
        let mut rows = Vec::with_capacity(self.items.len() + groups.len());
        for group in groups {
            let folded = self.folded.contains(fold_key(group.label.as_deref()));
            rows.push(PartitionRow::Group {
                label: group.label.clone(),
                count: group.items.len(),
                folded,
            });
            if !folded {
                rows.extend(group.items.iter().copied().map(PartitionRow::Item));
            }
        }
        rows
    }

    /// Folds the group on row `row` to its heading, or unfolds it; false when the row is an
    /// item.
    pub fn toggle_fold(&mut self, row: usize) -> bool {
        let Some(PartitionRow::Group { label, .. }) = self.rows().into_iter().nth(row) else {
            return false;
        };
        let key = fold_key(label.as_deref()).to_owned();
        if !self.folded.remove(&key) {
            self.folded.insert(key);
        }
        true
    }

    /// The row of the group heading after row `from` (`forward`), or of the one before it: the
    /// heading of `from`'s own group when `from` is one of its items. `None` past the ends.
    #[must_use]
    pub fn group_row(&self, from: usize, forward: bool) -> Option<usize> {
        let mut headings = self
            .rows()
            .into_iter()
            .enumerate()
            .filter(|(_, row)| matches!(row, PartitionRow::Group { .. }))
            .map(|(at, _)| at);
        if forward {
            headings.find(|at| *at > from)
        } else {
            headings.rev().find(|at| *at < from)
        }
    }

    /// True when every page of the partition has been read, so a group's count is all of it.
    #[must_use]
    pub fn read_whole(&self) -> bool {
        matches!(self.paging, Paging::Complete)
    }
}

fn fold_key(label: Option<&str>) -> &str {
    label.unwrap_or_default()
}

/// The text of a partition key value as shown and as the partition cache key.
#[must_use]
pub fn partition_text(pk: &AttrValue) -> String {
    crate::app::state::inspect::inspector::key_text(pk)
}
