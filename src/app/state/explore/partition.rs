//! One partition's items (collections level 3), fetched by Query page by page as the user
//! scrolls, grouped by sort key prefix by [`PartitionItems`].

use crate::app::state::Paging;
use crate::domain::partition_items::PartitionItems;
use crate::domain::value::AttrValue;

/// The items of one partition read so far.
#[derive(Clone, Debug)]
pub struct Partition {
    pub pk: AttrValue,
    pub items: PartitionItems,
    pub paging: Paging,
}

/// One display row of a partition: a group header or an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionRow {
    /// `label` is `ORDER#`, `METADATA`, or `None` for sort keys without a prefix.
    Group {
        label: Option<String>,
        count: usize,
    },
    Item(usize),
}

impl Partition {
    /// Group headers each followed by their items, groups in order of first appearance.
    #[must_use]
    pub fn rows(&self) -> Vec<PartitionRow> {
        let groups = self.items.groups();
        let mut rows = Vec::with_capacity(self.items.len() + groups.len());
        for group in groups {
            rows.push(PartitionRow::Group {
                label: group.label.clone(),
                count: group.items.len(),
            });
            rows.extend(group.items.iter().copied().map(PartitionRow::Item));
        }
        rows
    }
}

/// The text of a partition key value as shown and as the partition cache key.
#[must_use]
pub fn partition_text(pk: &AttrValue) -> String {
    crate::app::state::inspect::inspector::key_text(pk)
}
