//! A change as rows of text, one attribute each, old → new: the stream view's record diff and
//! the item history's timeline draw these same rows.

use std::borrow::Cow;

use crate::app::state::grid::cell::cell_text;
use crate::domain::change_diff::{AttributeChange, diff};
use crate::domain::value::{AttrValue, Item};

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

/// The diff of two images, old → new, changed attributes first (then the unchanged ones). A
/// missing image counts as empty.
#[must_use]
pub fn image_diff_rows(old: Option<&Item>, new: Option<&Item>) -> Vec<DiffRow> {
    let mut rows: Vec<DiffRow> = diff(old, new)
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
