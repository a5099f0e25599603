//! The lists items are marked in, row by row as they are drawn: a partition's items, query
//! results, an index partition's items and the stream's records. A stream record stands for its
//! item's key; an index's copy stands for its item unless the index projects every attribute.

use crate::app::state::State;
use crate::domain::schema::Projection;
use crate::domain::value::{AttrValue, Item};

/// The list an item was marked in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListRef {
    /// A partition's items, by partition key text.
    Partition(String),
    /// `State::queries.runs[index]`.
    Query(usize),
    /// The items of one partition of an index browse.
    IndexItems { index: String, pk: AttrValue },
    /// The stream view's records (as the filter shows them).
    Stream,
}

/// The markable list on screen: its rows in display order (`None` for a heading row), the
/// cursor, and whether its rows are whole items (else each stands for the item of its key, read
/// whole before anything is planned on it).
#[derive(Clone, Debug)]
pub struct MarkableList {
    pub list: ListRef,
    pub rows: Vec<Option<Item>>,
    pub cursor: usize,
    pub whole: bool,
}

impl MarkableList {
    /// The item under the cursor.
    #[must_use]
    pub fn under_cursor(&self) -> Option<&Item> {
        self.rows.get(self.cursor)?.as_ref()
    }

    /// The items on rows `from..=to` (headings skipped).
    pub fn between(&self, from: usize, to: usize) -> impl Iterator<Item = &Item> {
        self.rows
            .iter()
            .skip(from)
            .take(to.saturating_sub(from) + 1)
            .flatten()
    }

    pub fn items(&self) -> impl Iterator<Item = &Item> {
        self.rows.iter().flatten()
    }
}

/// True when reading `index` (or the table) gives whole items.
#[must_use]
pub fn holds_whole_items(state: &State, index: Option<&str>) -> bool {
    match (index, state.described()) {
        (None, _) => true,
        (Some(name), Some(description)) => description
            .index(name)
            .is_some_and(|index| index.projection == Projection::All),
        (Some(_), None) => false,
    }
}

/// Whether `item` (a row of a list items are marked in) is marked.
#[must_use]
pub fn is_marked(state: &State, item: &Item) -> bool {
    !state.bulk.selection.is_empty()
        && state
            .described()
            .is_some_and(|description| state.bulk.selection.contains(description, item))
}
