//! The overview and the collections screens (prefixes, a prefix's partitions, one partition).

use super::screen::Screen;
use crate::app::state::bulk::lists::{ListRef, MarkableList};
use crate::app::state::explore::collection_rows::CollectionRow;
use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::rows::{group_of, home_rows, partition_key_text};
use crate::app::state::{Partition, State, View};
use crate::domain::value::AttrValue;

/// DescribeTable: it scrolls, it has no rows.
pub struct Overview;

impl Screen for Overview {
    fn row_count(&self, _state: &State, _view: &View) -> usize {
        0
    }

    fn row_texts(&self, _state: &State, _view: &View) -> Vec<String> {
        Vec::new()
    }
}

/// The collection tree, a prefix's partitions and one partition's items.
pub struct Collections;

impl Screen for Collections {
    fn row_count(&self, state: &State, view: &View) -> usize {
        match view {
            View::Prefixes { .. } => home_rows(state).len(),
            View::Partitions { prefix, .. } => group_of(state, prefix.as_deref())
                .and_then(|(found, id)| found.groups().find(|group| group.id == id))
                .map_or(0, |group| {
                    usize::try_from(group.partition_count).unwrap_or(usize::MAX)
                }),
            View::Partition { pk, .. } => {
                partition_of(state, pk).map_or(0, |partition| partition.rows().len())
            }
            _ => 0,
        }
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        match view {
            View::Prefixes { .. } => home_rows(state)
                .iter()
                .map(CollectionRow::search_text)
                .collect(),
            View::Partitions { prefix, .. } => group_of(state, prefix.as_deref())
                .map(|(found, id)| {
                    found
                        .partitions(id)
                        .map(|(key, _)| partition_key_text(key))
                        .collect()
                })
                .unwrap_or_default(),
            View::Partition { pk, .. } => partition_texts(state, pk),
            _ => Vec::new(),
        }
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::Partitions { prefix, cursor } => QueryPreset {
                partition: group_of(state, prefix.as_deref())
                    .and_then(|(found, id)| found.partitions(id).nth(*cursor))
                    .map(|(key, _)| key_text(&key.to_attr_value())),
                ..QueryPreset::default()
            },
            View::Partition { pk, cursor } => {
                let item = partition_of(state, pk).and_then(|partition| {
                    match partition.rows().get(*cursor) {
                        Some(PartitionRow::Item(index)) => partition.items.item(*index),
                        _ => None,
                    }
                });
                match item {
                    Some(item) => QueryPreset::of_item(state, &item),
                    None => QueryPreset::partition(None, pk),
                }
            }
            _ => QueryPreset::default(),
        }
    }

    fn markable_list(&self, state: &State, view: &View) -> Option<MarkableList> {
        let View::Partition { pk, cursor } = view else {
            return None;
        };
        let text = partition_text(pk);
        let partition = state.explore.partitions.get(&text)?;
        let rows = partition
            .rows()
            .into_iter()
            .map(|row| match row {
                PartitionRow::Item(index) => partition.items.item(index),
                PartitionRow::Group { .. } => None,
            })
            .collect();
        Some(MarkableList {
            list: ListRef::Partition(text),
            rows,
            cursor: *cursor,
            whole: true,
        })
    }
}

fn partition_of<'a>(state: &'a State, pk: &AttrValue) -> Option<&'a Partition> {
    state.explore.partitions.get(&partition_text(pk))
}

/// A partition's rows as searched: a group's label, an item's sort key.
fn partition_texts(state: &State, pk: &AttrValue) -> Vec<String> {
    let Some(partition) = partition_of(state, pk) else {
        return Vec::new();
    };
    let sort = state
        .described()
        .and_then(|description| description.key.sort.as_ref())
        .map(|sort| sort.name.as_str());
    partition
        .rows()
        .into_iter()
        .map(|row| match row {
            PartitionRow::Group { label, .. } => label.unwrap_or_default(),
            PartitionRow::Item(index) => sort
                .and_then(|name| partition.items.items().attribute(index, name))
                .map(|value| key_text(&value))
                .unwrap_or_default(),
        })
        .collect()
}
