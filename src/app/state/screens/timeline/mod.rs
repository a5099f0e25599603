//! The timeline: `A` in the inspector reads the audit-trail items of the item's partition
//! (`AUDIT#<time>`, `EVENT#<time>#…`, `HISTORY#<time>`, …) and lists them newest first with what
//! each records. `Enter` inspects an entry; `R` reads them again.

mod read;
mod rows;
mod view;

pub use rows::{TimelineRow, rows};
pub use view::TimelineView;

use super::paged;
use super::screen::Screen;
use super::unit::{ScreenUnit, Unclaimed, Unit, view_of};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};
use crate::backend::BackendError;

pub struct TimelineScreen;

/// The screen as the app routes to it.
pub const UNIT: Unit = Unit::of(&TimelineScreen);

impl Screen for TimelineScreen {
    fn row_count(&self, state: &State, view: &View) -> usize {
        view_of::<TimelineView>(view).map_or(0, |view| rows(state, view).len())
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        view_of::<TimelineView>(view).map_or_else(Vec::new, |view| {
            rows(state, view).iter().map(TimelineRow::text).collect()
        })
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        view_of::<TimelineView>(view).map_or_else(QueryPreset::default, |view| {
            QueryPreset::of_item(state, &view.key)
        })
    }
}

impl ScreenUnit for TimelineScreen {
    type View = TimelineView;

    const SHOW: &'static str = "show_timeline";

    const DEFAULT_KEYS: &'static str = include_str!("keys.toml");

    fn open(state: &mut State) -> Vec<Command> {
        read::open(state)
    }

    fn key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
        (*action == Action::Open).then(|| {
            inspect_under_cursor(state);
            Vec::new()
        })
    }

    fn refresh(state: &mut State) -> Vec<Command> {
        read::again(state)
    }

    fn answered(
        state: &mut State,
        id: RequestId,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Vec<Command>, Unclaimed> {
        read::answered(state, id, result)
    }
}

/// `Enter`: the entry under the cursor in the inspector.
fn inspect_under_cursor(state: &mut State) {
    paged::inspect_under_cursor::<TimelineView>(state, |state, view, cursor| {
        rows(state, view)
            .into_iter()
            .nth(cursor)
            .and_then(TimelineRow::into_item)
    });
}
