//! Why one item is or is not in the results: its explanation, line by line.

use super::screen::Screen;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

pub struct WhyScreen;

impl Screen for WhyScreen {
    fn row_count(&self, _state: &State, view: &View) -> usize {
        match view {
            View::Why(why) => why.lines().len(),
            _ => 0,
        }
    }

    fn row_texts(&self, _state: &State, view: &View) -> Vec<String> {
        match view {
            View::Why(why) => why.lines(),
            _ => Vec::new(),
        }
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::Why(why) => QueryPreset::of_item(state, &why.request.key),
            _ => QueryPreset::default(),
        }
    }
}
