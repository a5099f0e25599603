//! The rows of the current view as `update` needs them: how many there are (cursor bounds) and
//! their searchable text. The renderer draws the same rows.

use crate::app::state::explore::collection_rows::{CollectionRow, collection_rows};
use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::inspect::inspector::{RowContext, key_text};
use crate::app::state::{State, View};
use crate::domain::collection::{Collections, GroupId};
use crate::domain::partition_key::PartitionKey;

pub use crate::app::state::explore::collection_rows::NO_PREFIX;

/// Rows in the current view.
#[must_use]
pub fn row_count(state: &State) -> usize {
    if let Some(count) = crate::app::state::indexes::rows::row_count(state) {
        return count;
    }
    match state.history.current() {
        View::Overview => 0,
        View::Prefixes { .. } => home_rows(state).len(),
        View::Partitions { prefix, .. } => group_of(state, prefix.as_deref())
            .and_then(|(found, id)| found.groups().find(|group| group.id == id))
            .map_or(0, |group| {
                usize::try_from(group.partition_count).unwrap_or(usize::MAX)
            }),
        View::Partition { pk, .. } => state
            .partitions
            .get(&partition_text(pk))
            .map_or(0, |partition| partition.rows().len()),
        View::Inspector(inspector) => inspector.rows(&row_context(state)).len(),
        View::QueryResults { run, .. } => {
            state.query_runs.get(*run).map_or(0, |run| run.items.len())
        }
        View::StatementResults { run, .. } => state
            .partiql
            .runs
            .get(*run)
            .map_or(0, |run| run.items.len()),
        View::Insights { .. } => state.insights.as_ref().map_or(0, |run| run.rows().len()),
        View::Stream { .. } => super::stream::visible_count(state),
        View::StreamRecord { entry, .. } => super::stream::diff_rows(entry).len(),
        View::ItemHistory(view) => view.change_count(),
        View::Indexes { .. }
        | View::IndexGroups { .. }
        | View::IndexItems { .. }
        | View::IndexCoverage { .. } => 0,
    }
}

/// The home screen's rows: the collection tree as far as it is expanded.
#[must_use]
pub fn home_rows(state: &State) -> Vec<CollectionRow<'_>> {
    state
        .discovery
        .found
        .as_ref()
        .map_or_else(Vec::new, |found| {
            collection_rows(found, &state.collapsed_collections)
        })
}

/// The discovered collections and the id of the group with `prefix`.
#[must_use]
pub fn group_of<'a>(state: &'a State, prefix: Option<&str>) -> Option<(&'a Collections, GroupId)> {
    let found = state.discovery.found.as_ref()?;
    Some((found, found.group(prefix)?))
}

/// A partition key as listed.
#[must_use]
pub fn partition_key_text(key: PartitionKey<'_>) -> String {
    key_text(&key.to_attr_value())
}

/// Context for inspector rows from the state.
#[must_use]
pub fn row_context(state: &State) -> RowContext<'_> {
    RowContext {
        description: state.described(),
        unix_seconds: state.clock.unix_seconds,
        entities: &state.entities,
        discovered: state.discovery.found.as_ref(),
    }
}

/// The searchable text of each row of the current view.
pub fn row_texts(state: &State) -> Vec<String> {
    match state.history.current() {
        View::Overview => Vec::new(),
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
        View::Partition { pk, .. } => {
            let Some(partition) = state.partitions.get(&partition_text(pk)) else {
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
        View::Inspector(inspector) => inspector
            .rows(&row_context(state))
            .into_iter()
            .map(|row| format!("{} {}", row.label, row.value))
            .collect(),
        View::QueryResults { run, .. } => super::query::row_texts(state, *run),
        View::StatementResults { run, .. } => state
            .partiql
            .row_texts(*run, state.described().map(|description| &description.key)),
        View::Insights { .. } => state
            .insights
            .as_ref()
            .map(super::insights::InsightsRun::row_texts)
            .unwrap_or_default(),
        View::Stream { .. } => super::stream::row_texts(state),
        View::StreamRecord { entry, .. } => super::stream::diff_rows(entry)
            .into_iter()
            .map(|row| row.text())
            .collect(),
        View::ItemHistory(view) => super::item_history::row_texts(view),
        View::Indexes { .. }
        | View::IndexGroups { .. }
        | View::IndexItems { .. }
        | View::IndexCoverage { .. } => crate::app::state::indexes::rows::row_texts(state),
    }
}
