//! What the stream screens list, for `ui` and the cursor: the records the filter keeps, and one
//! record's diff rows.

use crate::app::state::State;
pub use crate::app::state::change_rows::{DiffMark, DiffRow, image_diff_rows, value_line};
use crate::domain::change_filter::key_text;

use super::StreamEntry;

/// Records the filter keeps now.
#[must_use]
pub fn visible(state: &State) -> Vec<&StreamEntry> {
    state
        .stream
        .as_ref()
        .map(|view| view.buffer.visible().collect())
        .unwrap_or_default()
}

/// The `row`th record the filter keeps.
#[must_use]
pub fn visible_at(state: &State, row: usize) -> Option<&StreamEntry> {
    state.stream.as_ref()?.buffer.visible_at(row)
}

#[must_use]
pub fn visible_count(state: &State) -> usize {
    state
        .stream
        .as_ref()
        .map_or(0, |view| view.buffer.visible_len())
}

/// The partition and sort key of a record as text.
#[must_use]
pub fn key_texts(state: &State, entry: &StreamEntry) -> (String, String) {
    let Some(table) = state.described() else {
        return (String::new(), String::new());
    };
    let text = |name: Option<&str>| {
        name.and_then(|name| entry.record.keys.get(name))
            .map(key_text)
            .unwrap_or_default()
    };
    (
        text(Some(&table.key.partition.name)),
        text(table.key.sort.as_ref().map(|sort| sort.name.as_str())),
    )
}

#[must_use]
pub fn row_texts(state: &State) -> Vec<String> {
    visible(state)
        .into_iter()
        .map(|entry| {
            let (pk, sk) = key_texts(state, entry);
            format!(
                "{} {} {pk} {sk}",
                entry.record.kind.name(),
                entry.entity.as_deref().unwrap_or_default()
            )
        })
        .collect()
}

/// The diff of a record, old → new, changed attributes first (then the unchanged ones).
#[must_use]
pub fn diff_rows(entry: &StreamEntry) -> Vec<DiffRow> {
    image_diff_rows(
        entry.record.old_image.as_ref(),
        entry.record.new_image.as_ref(),
    )
}
