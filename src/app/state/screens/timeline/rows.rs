//! The lines of the timeline: each entry, newest first, with its time, its prefix and what it
//! records; then what was read, and whether the page limit cut it short.

use super::view::TimelineView;
use crate::app::state::{Loadable, State};
use crate::domain::audit_trail::TrailEntry;
use crate::domain::value::Item;

/// One line of the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum TimelineRow {
    Entry {
        entry: TrailEntry,
        what: String,
    },
    /// No entry under any prefix.
    Empty {
        prefixes: usize,
    },
    /// The query limit was met with more to read.
    CutShort {
        queries: u32,
    },
}

impl TimelineRow {
    /// The line as plain text, for `/` and for the drawing.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Entry { entry, what } => {
                format!("{}  {}  {what}", entry.time.readable(), entry.prefix)
            }
            Self::Empty { prefixes } => format!(
                "no audit-trail items in this partition: none of the {prefixes} prefixes read \
                 (AUDIT#<time>, EVENT#<time>, HISTORY#<time>, … in either case) holds one"
            ),
            Self::CutShort { queries } => format!(
                "stopped after {queries} queries with more to read: older entries are not listed"
            ),
        }
    }

    /// The entry's item, for `Enter`.
    #[must_use]
    pub fn into_item(self) -> Option<Item> {
        match self {
            Self::Entry { entry, .. } => Some(entry.item),
            _ => None,
        }
    }
}

/// The lines of `view` once read (none while reading).
#[must_use]
pub fn rows(state: &State, view: &TimelineView) -> Vec<TimelineRow> {
    let Loadable::Loaded(entries) = &view.entries else {
        return Vec::new();
    };
    let key_names: Vec<&str> = state
        .described()
        .map(|table| table.key.names().collect())
        .unwrap_or_default();
    let mut rows: Vec<TimelineRow> = entries
        .iter()
        .map(|entry| TimelineRow::Entry {
            what: entry.what(&key_names),
            entry: entry.clone(),
        })
        .collect();
    if rows.is_empty() {
        rows.push(TimelineRow::Empty {
            prefixes: view.prefixes.len(),
        });
    }
    if view.cut_short {
        rows.push(TimelineRow::CutShort {
            queries: view.queries,
        });
    }
    rows
}
