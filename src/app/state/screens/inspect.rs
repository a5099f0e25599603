//! The inspector: one item's attributes, one row each.

use super::screen::Screen;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::rows::row_context;
use crate::app::state::{State, View};

pub struct InspectorScreen;

impl Screen for InspectorScreen {
    fn row_count(&self, state: &State, view: &View) -> usize {
        match view {
            View::Inspector(inspector) => inspector.rows(&row_context(state)).len(),
            _ => 0,
        }
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        match view {
            View::Inspector(inspector) => inspector
                .rows(&row_context(state))
                .into_iter()
                .map(|row| format!("{} {}", row.label, row.value))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::Inspector(inspector) => QueryPreset::of_item(state, &inspector.item),
            _ => QueryPreset::default(),
        }
    }
}
