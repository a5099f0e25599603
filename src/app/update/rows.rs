//! The rows of the current view as `update` needs them: how many there are (cursor bounds) and
//! their searchable text. The renderer draws the same rows.

use crate::app::state::discovered::PrefixGroup;
use crate::app::state::inspector::RowContext;
use crate::app::state::partition::PartitionRow;
use crate::app::state::{State, View};

/// Rows in the current view.
#[must_use]
pub fn row_count(state: &State) -> usize {
    match state.history.current() {
        View::Overview => 0,
        View::Prefixes { .. } => state.discovery.found.prefixes.len(),
        View::Partitions { prefix, .. } => {
            prefix_group(state, prefix).map_or(0, |group| group.partitions.len())
        }
        View::Partition { pk, .. } => {
            let text = crate::app::state::discovered::partition_text(pk);
            state
                .partitions
                .get(&text)
                .map_or(0, |partition| partition.rows(sort_key(state)).len())
        }
        View::Inspector(inspector) => inspector.rows(&row_context(state)).len(),
    }
}

pub(super) fn prefix_group<'a>(state: &'a State, prefix: &str) -> Option<&'a PrefixGroup> {
    state.discovery.found.prefixes.get(prefix)
}

pub(super) fn sort_key(state: &State) -> Option<&str> {
    state
        .described()
        .and_then(|description| description.key.sort.as_ref())
        .map(|sort| sort.name.as_str())
}

/// Context for inspector rows from the state.
#[must_use]
pub fn row_context(state: &State) -> RowContext<'_> {
    RowContext {
        description: state.described(),
        unix_seconds: state.clock.unix_seconds,
        entities: &state.entities,
        discovered: &state.discovery.found,
    }
}

/// The searchable text of each row of the current view.
pub(super) fn row_texts(state: &State) -> Vec<String> {
    match state.history.current() {
        View::Overview => Vec::new(),
        View::Prefixes { .. } => state.discovery.found.prefixes.keys().cloned().collect(),
        View::Partitions { prefix, .. } => prefix_group(state, prefix)
            .map(|group| group.partitions.keys().cloned().collect())
            .unwrap_or_default(),
        View::Partition { pk, .. } => {
            let text = crate::app::state::discovered::partition_text(pk);
            let Some(partition) = state.partitions.get(&text) else {
                return Vec::new();
            };
            let sort = sort_key(state);
            partition
                .rows(sort)
                .into_iter()
                .map(|row| match row {
                    PartitionRow::Group { prefix, .. } => prefix,
                    PartitionRow::Item(index) => sort
                        .and_then(|name| partition.items[index].get(name))
                        .map(crate::app::state::inspector::key_text)
                        .unwrap_or_default(),
                })
                .collect()
        }
        View::Inspector(inspector) => inspector
            .rows(&row_context(state))
            .into_iter()
            .map(|row| format!("{} {}", row.label, row.value))
            .collect(),
    }
}
