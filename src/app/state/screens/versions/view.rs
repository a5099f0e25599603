//! What the versions screen keeps in the view history: the item it was opened on, the pages
//! read so far, and the versions made from them.

use crate::app::state::Loadable;
use crate::app::state::screen_view::ScreenState;
use crate::domain::value::Item;
use crate::domain::versions::{VersionKey, Versions};

/// The versions of one item, as read when the screen was opened (or read again).
#[derive(Clone, Debug, PartialEq)]
pub struct VersionsView {
    /// The primary key of the item the screen was opened on.
    pub key: Item,
    pub version: VersionKey,
    /// The table's sort key attribute.
    pub sort_name: String,
    /// The items of the pages read so far.
    pub pages_read: Vec<Item>,
    pub pages: u32,
    /// Stopped at the page limit with more to read: the list may miss versions.
    pub cut_short: bool,
    pub versions: Loadable<Box<Versions>>,
    pub cursor: usize,
}

impl ScreenState for VersionsView {
    const SCREEN: &'static str = "versions";

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn cursor_mut(&mut self) -> &mut usize {
        &mut self.cursor
    }
}
