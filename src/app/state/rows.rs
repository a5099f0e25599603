//! Pieces of the collections' and the inspector's rows that the screens and `update` share: the
//! home screen's tree, a prefix's group, a partition key as listed, the inspector's row context.

use crate::app::state::State;
use crate::app::state::explore::collection_rows::{CollectionRow, collection_rows};
use crate::app::state::inspect::inspector::{RowContext, key_text};
use crate::domain::collection::{Collections, GroupId};
use crate::domain::partition_key::PartitionKey;

pub use crate::app::state::explore::collection_rows::NO_PREFIX;

/// The home screen's rows: the collection tree as far as it is expanded.
#[must_use]
pub fn home_rows(state: &State) -> Vec<CollectionRow<'_>> {
    state
        .explore
        .discovery
        .found
        .as_ref()
        .map_or_else(Vec::new, |found| {
            collection_rows(found, &state.explore.collapsed_collections)
        })
}

/// The discovered collections and the id of the group with `prefix`.
#[must_use]
pub fn group_of<'a>(state: &'a State, prefix: Option<&str>) -> Option<(&'a Collections, GroupId)> {
    let found = state.explore.discovery.found.as_ref()?;
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
        discovered: state.explore.discovery.found.as_ref(),
    }
}
