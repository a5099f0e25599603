//! Queries: the builder form, the runs it starts, and the history of queries run from the UI.

pub mod form;
pub mod history;
pub mod preset;
pub mod queries;
pub mod run;

use crate::app::state::State;
use crate::app::state::inspect::inspector::key_text;

/// The searchable text of each results row, in display order: its key values.
pub fn row_texts(state: &State, run: usize) -> Vec<String> {
    let Some(run) = state.queries.runs.get(run) else {
        return Vec::new();
    };
    let Some(key) = state.described().map(|description| &description.key) else {
        return Vec::new();
    };
    // Only the key attributes are decoded: the search runs over every row.
    (0..run.items.len())
        .map(|row| run.index_of(row))
        .filter(|&index| index < run.items.len())
        .map(|index| {
            key.names()
                .filter_map(|name| run.items.attribute(index, name))
                .map(|value| key_text(&value))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
