//! Every view screen and the table of them. A screen answers for itself: how many rows it has,
//! their searchable text, where the cursor may stop, what the query builder starts from and
//! which of its lists can be marked. Code that works on "the current view" asks its screen here
//! instead of matching on every view. The screens sit above the features they show, which never
//! import them.
//!
//! A screen in [`UNITS`] is a whole unit ([`ScreenUnit`]): its view, its keys (their section,
//! their defaults and the `show_…` action that opens it), its reads and its reactions live in
//! its own folder, and the app routes to it from that list alone. A new screen is its folder,
//! its line in the list, and its drawing in `ui`.

mod bindable;
pub mod capacity;
pub mod diff;
mod explore;
mod indexes;
mod insights;
mod inspect;
mod item_history;
pub mod paged;
mod query;
mod screen;
pub mod staged;
mod stream;
pub mod timeline;
pub mod unit;
pub mod versions;
mod why;

pub use screen::Screen;
pub use unit::{ScreenUnit, Unit, view_of, view_of_mut};

/// What a view of a screen no unit is called by shows: nothing (no view holds such a name, as
/// only units make their views).
static NO_SCREEN: unit::NoScreen = unit::NoScreen;

use super::State;
use super::bulk::lists::MarkableList;
use super::view::{View, ViewMode};
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::backend::BackendError;

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
            Self::Screen(name) => unit(name).map_or(&NO_SCREEN, |unit| unit.screen),
        }
    }
}

/// The screen units, each a folder here: the one list the app routes them by.
pub const UNITS: &[Unit] = &[
    versions::UNIT,
    staged::UNIT,
    diff::UNIT,
    capacity::UNIT,
    timeline::UNIT,
];

/// The unit called `name` (its keymap section, as views and modes hold it).
#[must_use]
pub fn unit(name: &str) -> Option<&'static Unit> {
    UNITS.iter().find(|unit| unit.name == name)
}

/// The unit that `show` (its `show_<screen>` action) opens.
#[must_use]
pub fn opened_by(show: &str) -> Option<&'static Unit> {
    UNITS.iter().find(|unit| unit.show == show)
}

/// A read answered for a screen unit: the unit whose view waits for `id` takes it.
pub fn answered(
    state: &mut State,
    id: RequestId,
    mut result: Result<ReadAnswer, BackendError>,
) -> Vec<Command> {
    for unit in UNITS {
        match (unit.answered)(state, id, result) {
            Ok(commands) => return commands,
            Err(unclaimed) => result = unclaimed,
        }
    }
    // Nobody waits for it any more: the view was left and dropped from the history.
    Vec::new()
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
    let view = state.views.current();
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
