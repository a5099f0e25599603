//! The table picker: every table of the account (all ListTables pages), each described one
//! after the other for its counts, billing, stream and keys, filtered fuzzily as the user types.
//! It opens on its own when ddbx starts without a table, and over any table to switch to another.

use std::collections::BTreeMap;

use crate::app::request_id::RequestId;
use crate::app::state::Loadable;
use crate::domain::fuzzy;
use crate::domain::schema::TableDescription;

/// The picker's state; `open` says whether it is on screen, the lists survive closing it.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePicker {
    pub open: bool,
    pub names: Loadable<Vec<String>>,
    /// Descriptions asked for or received, by table name.
    pub described: BTreeMap<String, Loadable<Box<TableDescription>>>,
    pub filter: String,
    /// Row of the filtered list under the cursor.
    pub cursor: usize,
}

impl Default for TablePicker {
    fn default() -> Self {
        Self {
            open: false,
            names: Loadable::NotRequested,
            described: BTreeMap::new(),
            filter: String::new(),
            cursor: 0,
        }
    }
}

/// One row of the picker.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow<'a> {
    pub name: &'a str,
    pub description: Option<&'a Loadable<Box<TableDescription>>>,
}

impl TablePicker {
    /// The rows matching the filter: best fuzzy matches first, ListTables' order on equal scores.
    #[must_use]
    pub fn rows(&self) -> Vec<TableRow<'_>> {
        let Some(names) = self.names.loaded() else {
            return Vec::new();
        };
        let mut scored: Vec<(u32, usize, &str)> = names
            .iter()
            .enumerate()
            .filter_map(|(order, name)| {
                fuzzy::score(&self.filter, name).map(|score| (score, order, name.as_str()))
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .into_iter()
            .map(|(_, _, name)| TableRow {
                name,
                description: self.described.get(name),
            })
            .collect()
    }

    /// The table under the cursor.
    #[must_use]
    pub fn selected(&self) -> Option<&str> {
        self.rows().get(self.cursor).map(|row| row.name)
    }

    /// The first listed table not yet described, in ListTables' order: tables are described one
    /// at a time so a large account does not flood the control plane with DescribeTable calls.
    #[must_use]
    pub fn next_to_describe(&self) -> Option<&str> {
        if self
            .described
            .values()
            .any(|entry| matches!(entry, Loadable::Loading(_)))
        {
            return None;
        }
        self.names
            .loaded()?
            .iter()
            .find(|name| !self.described.contains_key(name.as_str()))
            .map(String::as_str)
    }

    /// The table whose description `id` waits for.
    #[must_use]
    pub fn awaiting(&self, id: RequestId) -> Option<&str> {
        self.described
            .iter()
            .find(|(_, entry)| entry.awaits(id))
            .map(|(name, _)| name.as_str())
    }

    /// True while the list or a description is being read.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(self.names, Loadable::Loading(_))
            || self
                .described
                .values()
                .any(|entry| matches!(entry, Loadable::Loading(_)))
    }
}

#[cfg(test)]
mod tests;
