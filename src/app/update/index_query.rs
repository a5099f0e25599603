//! Querying an index from the GSI browser: opens the query builder (owned by the `query` area)
//! with the index as the target.

use super::query::{QueryPreset, open_form};
use crate::app::command::Command;
use crate::app::state::State;

/// Opens the query builder on `index` (the table when `None`).
pub(super) fn open(state: &mut State, index: Option<String>) -> Vec<Command> {
    open_form(
        state,
        QueryPreset {
            index,
            ..QueryPreset::default()
        },
    )
}
