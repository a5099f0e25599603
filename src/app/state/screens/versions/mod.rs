//! The versions screen: `V` in the inspector reads every version of a versioned item (`v0`,
//! `v1`, … sort keys, or `…#v3`) from its partition, lists them highest first with what each
//! changed, and checks that `v0`, the copy of the latest, matches the highest version. `Enter`
//! inspects a version; `R` reads them again; `e` edits the latest into the next version.

mod edit;
mod read;
mod rows;
mod view;

pub use rows::{VersionRow, rows};
pub use view::VersionsView;

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

pub struct VersionsScreen;

/// The screen as the app routes to it.
pub const UNIT: Unit = Unit::of(&VersionsScreen);

impl Screen for VersionsScreen {
    fn row_count(&self, state: &State, view: &View) -> usize {
        view_of::<VersionsView>(view).map_or(0, |view| rows(state, view).len())
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        view_of::<VersionsView>(view).map_or_else(Vec::new, |view| {
            rows(state, view).iter().map(VersionRow::text).collect()
        })
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        view_of::<VersionsView>(view).map_or_else(QueryPreset::default, |view| {
            QueryPreset::of_item(state, &view.key)
        })
    }
}

impl ScreenUnit for VersionsScreen {
    type View = VersionsView;

    const SHOW: &'static str = "show_versions";

    const DEFAULT_KEYS: &'static str = include_str!("keys.toml");

    fn open(state: &mut State) -> Vec<Command> {
        read::open(state)
    }

    fn key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
        match action {
            Action::Open => {
                inspect_under_cursor(state);
                Some(Vec::new())
            }
            Action::EditItem => Some(edit::edit_latest(state)),
            _ => None,
        }
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

/// `Enter`: the version under the cursor in the inspector.
fn inspect_under_cursor(state: &mut State) {
    paged::inspect_under_cursor::<VersionsView>(state, |state, view, cursor| {
        rows(state, view)
            .into_iter()
            .nth(cursor)
            .and_then(VersionRow::into_item)
    });
}
