//! One partition's items (collections level 3), fetched by Query page by page as the user
//! scrolls, and grouped by sort key prefix for display.

use crate::app::request_id::RequestId;
use crate::domain::composite_key::key_prefix;
use crate::domain::value::{AttrValue, Item};

/// Where the paging of a partition's Query stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Paging {
    /// This page request is in flight.
    Fetching(RequestId),
    /// More pages exist; continue from this `LastEvaluatedKey` when the user scrolls near the end.
    More(Item),
    Complete,
    /// A page failed; the items so far stay visible.
    Failed(String),
}

/// The items of one partition read so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Partition {
    pub pk: AttrValue,
    pub items: Vec<Item>,
    pub paging: Paging,
}

/// One display row of a partition: a group header or an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionRow {
    Group { prefix: String, count: usize },
    Item(usize),
}

impl Partition {
    /// The items grouped by sort key prefix, groups in order of first appearance (Query returns
    /// the sort key ascending, so a prefix's items are contiguous). Without a sort key all items
    /// form one group.
    #[must_use]
    pub fn rows(&self, sort_key: Option<&str>) -> Vec<PartitionRow> {
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for (index, item) in self.items.iter().enumerate() {
            let prefix = sort_key
                .and_then(|name| item.get(name))
                .map_or_else(String::new, sort_key_prefix);
            match groups.iter_mut().find(|(existing, _)| *existing == prefix) {
                Some((_, members)) => members.push(index),
                None => groups.push((prefix, vec![index])),
            }
        }
        let mut rows = Vec::with_capacity(self.items.len() + groups.len());
        for (prefix, members) in groups {
            rows.push(PartitionRow::Group {
                prefix,
                count: members.len(),
            });
            rows.extend(members.into_iter().map(PartitionRow::Item));
        }
        rows
    }
}

/// The grouping prefix of a sort key value by [`key_prefix`]'s rules (`ORDER` for
/// `ORDER#2026…`, `METADATA` for `METADATA`); bare IDs share one `(no prefix)` group.
#[must_use]
pub fn sort_key_prefix(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => key_prefix(text).unwrap_or("(no prefix)").to_owned(),
        AttrValue::N(_) => "(number)".to_owned(),
        AttrValue::B(_) => "(binary)".to_owned(),
        other => format!("({})", other.value_type()),
    }
}
