//! Every view screen and the table of them. A screen answers for itself: how many rows it has,
//! their searchable text, where the cursor may stop, what the query builder starts from and
//! which of its lists can be marked. Code that works on "the current view" asks its screen here
//! instead of matching on every view; a new screen is a file here and one arm in
//! [`ViewMode::screen`], with its state in its own folder. The screens sit above the features
//! they show, which never import them.

mod explore;
mod indexes;
mod insights;
mod inspect;
mod item_history;
mod query;
mod screen;
mod stream;
mod why;

pub use screen::Screen;

use super::State;
use super::bulk::lists::MarkableList;
use super::view::{View, ViewMode};

impl ViewMode {
    /// The screen that draws views of this kind.
    #[must_use]
    pub fn screen(self) -> &'static dyn Screen {
        match self {
            Self::Overview => &explore::Overview,
            Self::Collections => &explore::Collections,
            Self::Inspector => &inspect::InspectorScreen,
            Self::QueryResults => &query::Results,
            Self::Indexes => &indexes::IndexScreens,
            Self::Insights => &insights::InsightsScreen,
            Self::Stream => &stream::StreamScreen,
            Self::ItemHistory => &item_history::ItemHistoryScreen,
            Self::Why => &why::WhyScreen,
        }
    }
}

/// The markable list of the current view, if it is one.
#[must_use]
pub fn markable_list(state: &State) -> Option<MarkableList> {
    let (view, screen) = current(state);
    screen.markable_list(state, view)
}

/// The current view and its screen.
#[must_use]
pub fn current(state: &State) -> (&View, &'static dyn Screen) {
    let view = state.history.current();
    (view, ViewMode::of(view).screen())
}

/// Rows in the current view.
#[must_use]
pub fn row_count(state: &State) -> usize {
    let (view, screen) = current(state);
    screen.row_count(state, view)
}

/// The rows the current view's cursor may stop on (`None`: every row).
#[must_use]
pub fn cursor_stops(state: &State) -> Option<Vec<usize>> {
    let (view, screen) = current(state);
    screen.cursor_stops(state, view)
}

/// The searchable text of each row of the current view.
#[must_use]
pub fn row_texts(state: &State) -> Vec<String> {
    let (view, screen) = current(state);
    screen.row_texts(state, view)
}
