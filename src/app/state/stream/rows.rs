//! What the stream screens list, for `ui` and the cursor: the records the filter keeps, and one
//! record's diff rows.

use std::borrow::Cow;

use crate::app::state::State;
use crate::app::state::table::cell::cell_text;
use crate::domain::change_diff::{AttributeChange, diff};
use crate::domain::change_filter::key_text;
use crate::domain::value::AttrValue;

use super::StreamEntry;

/// Records the filter keeps now.
#[must_use]
pub fn visible(state: &State) -> Vec<&StreamEntry> {
    let (Some(view), Some(table)) = (&state.stream, state.described()) else {
        return Vec::new();
    };
    view.buffer.visible(&view.filter, &table.key).collect()
}

#[must_use]
pub fn visible_count(state: &State) -> usize {
    visible(state).len()
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

/// How one attribute changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffMark {
    Added,
    Removed,
    Changed,
    Same,
}

/// One attribute of a record's diff, with its values as one line each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffRow {
    pub name: String,
    pub mark: DiffMark,
    pub old: Option<String>,
    pub new: Option<String>,
}

impl DiffRow {
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "{} {} {}",
            self.name,
            self.old.as_deref().unwrap_or_default(),
            self.new.as_deref().unwrap_or_default()
        )
    }
}

/// A value on one line: scalars in full, documents and sets as DynamoDB JSON so nothing is lost.
#[must_use]
pub fn value_line(value: &AttrValue) -> String {
    match value {
        AttrValue::M(_)
        | AttrValue::L(_)
        | AttrValue::Ss(_)
        | AttrValue::Ns(_)
        | AttrValue::Bs(_) => crate::domain::ddb_json::to_json(value).to_string(),
        scalar => match cell_text(scalar) {
            Cow::Borrowed(text) => text.to_owned(),
            Cow::Owned(text) => text,
        },
    }
}

/// The diff of a record, old → new, changed attributes first (then the unchanged ones).
#[must_use]
pub fn diff_rows(entry: &StreamEntry) -> Vec<DiffRow> {
    let record = &entry.record;
    let mut rows: Vec<DiffRow> = diff(record.old_image.as_ref(), record.new_image.as_ref())
        .into_iter()
        .map(|(name, change)| {
            let (mark, old, new) = match change {
                AttributeChange::Added(new) => (DiffMark::Added, None, Some(new)),
                AttributeChange::Removed(old) => (DiffMark::Removed, Some(old), None),
                AttributeChange::Changed { old, new } => (DiffMark::Changed, Some(old), Some(new)),
                AttributeChange::Same(value) => (DiffMark::Same, Some(value), Some(value)),
            };
            DiffRow {
                name: name.to_owned(),
                mark,
                old: old.map(value_line),
                new: new.map(value_line),
            }
        })
        .collect();
    rows.sort_by_key(|row| row.mark == DiffMark::Same);
    rows
}
