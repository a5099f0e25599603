//! The open table: its name, its description and what the overview shows of it.

use crate::app::state::loadable::Loadable;
use crate::domain::load_progress::LoadProgress;
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

/// The open table (`name` empty: none yet, the picker first).
#[derive(Clone, Debug)]
pub struct TableState {
    pub name: String,
    pub description: Loadable<Box<TableDescription>>,
    /// The overview's values that need a call each, read when the overview is first shown.
    pub extras: Loadable<Box<TableExtras>>,
    /// Lines of the overview scrolled past: it is longer than a small terminal.
    pub overview_scroll: usize,
    /// A description the launcher already fetched (to report a missing table before the screen
    /// changed); `start` uses it instead of asking DynamoDB a second time.
    pub preloaded_description: Option<Box<TableDescription>>,
    /// The table still loading into the embedded engine (the demo, `--file`), shown as a
    /// progress line until DescribeTable answers, which it does once the load is done.
    pub loading: Option<std::sync::Arc<LoadProgress>>,
}

impl TableState {
    /// `name`, nothing read of it yet.
    #[must_use]
    pub fn new(name: String) -> Self {
        Self {
            name,
            description: Loadable::NotRequested,
            extras: Loadable::NotRequested,
            overview_scroll: 0,
            preloaded_description: None,
            loading: None,
        }
    }
}
