//! The insights screen: one row per finding and its examples.

use super::screen::Screen;
use crate::app::state::insights::InsightsRun;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

pub struct InsightsScreen;

impl Screen for InsightsScreen {
    fn row_count(&self, state: &State, _view: &View) -> usize {
        state.insights.as_ref().map_or(0, |run| run.rows().len())
    }

    fn row_texts(&self, state: &State, _view: &View) -> Vec<String> {
        state
            .insights
            .as_ref()
            .map(InsightsRun::row_texts)
            .unwrap_or_default()
    }

    /// The item under the cursor (a finding's first item).
    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        let item = state.insights.as_ref().and_then(|run| {
            let row = *run.rows().get(view.cursor())?;
            run.item_of(row)
        });
        QueryPreset::of_row(state, item.as_ref())
    }
}
