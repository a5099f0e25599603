//! What the timeline keeps in the view history: the item it was opened on, the prefixes still
//! to read, the pages read so far, and the entries made from them.

use crate::app::state::Loadable;
use crate::app::state::screen_view::ScreenState;
use crate::domain::audit_trail::TrailEntry;
use crate::domain::value::Item;

#[derive(Clone, Debug, PartialEq)]
pub struct TimelineView {
    /// The primary key of the item the screen was opened on.
    pub key: Item,
    pub sort_name: String,
    /// The prefix being read, and those after it.
    pub prefixes: Vec<String>,
    pub reading: usize,
    pub items_read: Vec<Item>,
    /// Queries sent so far (one per page of each prefix).
    pub queries: u32,
    /// Stopped at the page limit with more to read: older entries may be missing.
    pub cut_short: bool,
    pub entries: Loadable<Vec<TrailEntry>>,
    pub cursor: usize,
}

impl ScreenState for TimelineView {
    const SCREEN: &'static str = "timeline";

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn cursor_mut(&mut self) -> &mut usize {
        &mut self.cursor
    }
}
