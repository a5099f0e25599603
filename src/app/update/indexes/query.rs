//! Querying an index from the GSI browser: the query builder (owned by the `query` area) opens
//! with the index as its target, and with the index partition when one is chosen.

use crate::app::command::Command;
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};
use crate::app::update::query::open_form_on_partition;
use crate::domain::value::AttrValue;

/// The builder's preset for the current index screen: the index under the cursor (the table
/// on the table's row), and the index partition on a partition or item screen.
pub(in crate::app::update) fn preset(state: &State, index: Option<String>) -> QueryPreset {
    let (partition, _) = partition_values(state);
    QueryPreset {
        index,
        partition,
        sort: None,
    }
}

/// The chosen index partition as texts: the first attribute's value, and the values of a
/// multi-attribute partition key's further attributes (grouped under the list of its values).
fn partition_values(state: &State) -> (Option<String>, Vec<String>) {
    let pk = match state.views.current() {
        View::IndexGroups { index, cursor } => state
            .indexes
            .browses
            .get(index)
            .and_then(|browse| browse.groups.get(*cursor))
            .map(|group| &group.pk),
        View::IndexItems { pk, .. } => Some(pk),
        _ => None,
    };
    match pk {
        Some(AttrValue::L(values)) => {
            let mut texts = values.iter().map(key_text);
            (texts.next(), texts.collect())
        }
        Some(pk) => (Some(key_text(pk)), Vec::new()),
        None => (None, Vec::new()),
    }
}

/// Opens the query builder on `index` (the table when `None`).
pub(in crate::app::update) fn open(state: &mut State, index: Option<String>) -> Vec<Command> {
    let preset = preset(state, index);
    let (_, more) = partition_values(state);
    open_form_on_partition(state, preset, more)
}
