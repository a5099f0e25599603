//! One item's changes, from the stream and the journal.

use super::screen::Screen;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

pub struct ItemHistoryScreen;

impl Screen for ItemHistoryScreen {
    fn row_count(&self, _state: &State, view: &View) -> usize {
        match view {
            View::ItemHistory(history) => history.change_count(),
            _ => 0,
        }
    }

    fn row_texts(&self, _state: &State, view: &View) -> Vec<String> {
        match view {
            View::ItemHistory(history) => crate::app::state::item_history::row_texts(history),
            _ => Vec::new(),
        }
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::ItemHistory(history) => QueryPreset::of_item(state, &history.key),
            _ => QueryPreset::default(),
        }
    }
}
