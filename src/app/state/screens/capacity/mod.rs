//! The capacity screen: `$` on the overview measures each access pattern of the model (or,
//! without one, each query shape of the query history) by running a sample of its calls, and
//! lists its read units per call, computed and as the server reported them, each entity's
//! write units with its index writes, and the month on demand and provisioned at the rates
//! typed with `r`. `R` measures again. Only reads.

mod read;
mod rows;
mod view;

pub use rows::{CapacityRow, rows};
pub use view::CapacityView;

use super::screen::Screen;
use super::unit::{ScreenUnit, Unclaimed, Unit, view_of};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::ReadAnswer;
use crate::app::request_id::RequestId;
use crate::app::state::{State, View};
use crate::backend::BackendError;

pub struct CapacityScreen;

/// The screen as the app routes to it.
pub const UNIT: Unit = Unit::of(&CapacityScreen);

impl Screen for CapacityScreen {
    fn row_count(&self, _state: &State, view: &View) -> usize {
        view_of::<CapacityView>(view).map_or(0, |view| rows(view).len())
    }

    fn row_texts(&self, _state: &State, view: &View) -> Vec<String> {
        view_of::<CapacityView>(view).map_or_else(Vec::new, |view| {
            rows(view).iter().map(CapacityRow::text).collect()
        })
    }
}

impl ScreenUnit for CapacityScreen {
    type View = CapacityView;

    const SHOW: &'static str = "show_capacity";

    const DEFAULT_KEYS: &'static str = include_str!("keys.toml");

    fn open(state: &mut State) -> Vec<Command> {
        read::open(state)
    }

    fn key(state: &mut State, action: &Action) -> Option<Vec<Command>> {
        (*action == Action::EditItem).then(|| read::open_rates(state))
    }

    fn refresh(state: &mut State) -> Vec<Command> {
        read::again(state)
    }

    const PROMPT_TITLE: &'static str =
        " Rates to price a month at: reads a second, a space, writes a second ";

    fn text_typed(state: &mut State, text: &str) -> Vec<Command> {
        read::rates_typed(state, text)
    }

    fn answered(
        state: &mut State,
        id: RequestId,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Vec<Command>, Unclaimed> {
        read::answered(state, id, result)
    }
}
