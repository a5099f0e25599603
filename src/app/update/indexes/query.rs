//! Querying an index from the GSI browser: the query builder (owned by the `query` area) opens
//! with the index as its target, and with the index partition when one is chosen.

use crate::app::command::Command;
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::{State, View};
use crate::app::update::query::{QueryPreset, open_form};

/// The builder's preset for the current index screen: the index under the cursor (the table
/// on the table's row), and the index partition on a partition or item screen.
pub(in crate::app::update) fn preset(state: &State, index: Option<String>) -> QueryPreset {
    let partition = match state.history.current() {
        View::IndexGroups { index, cursor } => state
            .indexes
            .browses
            .get(index)
            .and_then(|browse| browse.groups.get(*cursor))
            .map(|group| key_text(&group.pk)),
        View::IndexItems { pk, .. } => Some(key_text(pk)),
        _ => None,
    };
    QueryPreset {
        index,
        partition,
        sort: None,
    }
}

/// Opens the query builder on `index` (the table when `None`).
pub(in crate::app::update) fn open(state: &mut State, index: Option<String>) -> Vec<Command> {
    let preset = preset(state, index);
    open_form(state, preset)
}
