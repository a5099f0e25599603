//! A view screen answers for itself: how many rows it has, their searchable text, where the
//! cursor may stop, what the query builder starts from and which of its lists can be marked.
//! Code that works on "the current view" asks [`current`] instead of matching on every view, so
//! a new screen is its own folder and one arm in [`ViewMode::screen`].

use super::bulk::lists::MarkableList;
use super::query::preset::QueryPreset;
use super::{State, View, ViewMode};

/// What the app asks of the screen on show. Each method receives the current view, which is
/// one of the screen's own variants.
pub trait Screen: Sync {
    /// Rows on screen (the cursor's bounds).
    fn row_count(&self, state: &State, view: &View) -> usize;

    /// The searchable text of each row, for `/` and `n`.
    fn row_texts(&self, state: &State, view: &View) -> Vec<String>;

    /// The rows the cursor may stop on, where the screen mixes them with headings and notes
    /// (`None`: every row is a stop).
    fn cursor_stops(&self, _state: &State, _view: &View) -> Option<Vec<usize>> {
        None
    }

    /// What the query builder opened here starts from.
    fn query_preset(&self, _state: &State, _view: &View) -> QueryPreset {
        QueryPreset::default()
    }

    /// The list on screen whose items can be marked for bulk work, if there is one.
    fn markable_list(&self, _state: &State, _view: &View) -> Option<MarkableList> {
        None
    }
}

impl ViewMode {
    /// The screen that draws views of this kind.
    #[must_use]
    pub fn screen(self) -> &'static dyn Screen {
        use super::{explore, indexes, insights, inspect, item_history, query, stream};
        match self {
            Self::Overview => &explore::screen::Overview,
            Self::Collections => &explore::screen::Collections,
            Self::Inspector => &inspect::screen::InspectorScreen,
            Self::QueryResults => &query::screen::Results,
            Self::Indexes => &indexes::screen::IndexScreens,
            Self::Insights => &insights::InsightsScreen,
            Self::Stream => &stream::screen::StreamScreen,
            Self::ItemHistory => &item_history::screen::ItemHistoryScreen,
        }
    }
}

/// The current view and its screen.
#[must_use]
pub fn current(state: &State) -> (&View, &'static dyn Screen) {
    let view = state.history.current();
    (view, ViewMode::of(view).screen())
}
