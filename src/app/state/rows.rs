//! The rows of the current view as `update` needs them, asked of its screen: how many there are
//! (cursor bounds), where the cursor stops and their searchable text. The renderer draws the
//! same rows.

use crate::app::state::State;
use crate::app::state::explore::collection_rows::{CollectionRow, collection_rows};
use crate::app::state::inspect::inspector::{RowContext, key_text};
use crate::app::state::screens::current;
use crate::domain::collection::{Collections, GroupId};
use crate::domain::partition_key::PartitionKey;

pub use crate::app::state::explore::collection_rows::NO_PREFIX;

/// Rows in the current view.
#[must_use]
pub fn row_count(state: &State) -> usize {
    let (view, screen) = current(state);
    screen.row_count(state, view)
}

/// The rows the current view's cursor may stop on (`None`: every row).
#[must_use]
pub fn cursor_stops(state: &State) -> Option<Vec<usize>> {
    let (view, screen) = current(state);
    screen.cursor_stops(state, view)
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
    let (view, screen) = current(state);
    screen.row_texts(state, view)
}
