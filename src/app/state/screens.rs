//! The table of view screens: which [`Screen`] draws each kind of view. A new screen is its own
//! folder and one arm here.

use super::State;
use super::bulk::lists::MarkableList;
use super::screen::Screen;
use super::view::{View, ViewMode};

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
            Self::Insights => &insights::screen::InsightsScreen,
            Self::Stream => &stream::screen::StreamScreen,
            Self::ItemHistory => &item_history::screen::ItemHistoryScreen,
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
