//! Queries: the builder form, the runs it starts, and the history of queries run from the UI.

pub mod form;
pub mod history;
pub mod run;

use crate::app::state::State;
use crate::app::state::inspect::inspector::key_text;

/// The searchable text of each results row, in display order: its key values.
pub fn row_texts(state: &State, run: usize) -> Vec<String> {
    let Some(run) = state.query_runs.get(run) else {
        return Vec::new();
    };
    let Some(key) = state.described().map(|description| &description.key) else {
        return Vec::new();
    };
    (0..run.items.len())
        .filter_map(|row| run.item_at(row))
        .map(|item| {
            key.names()
                .filter_map(|name| item.get(name).map(key_text))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
