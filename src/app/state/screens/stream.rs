//! The live stream view and one record's diff.

use super::screen::Screen;
use crate::app::state::bulk::lists::{ListRef, MarkableList};
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

use crate::app::state::stream::rows;

pub struct StreamScreen;

impl Screen for StreamScreen {
    fn row_count(&self, state: &State, view: &View) -> usize {
        match view {
            View::Stream { .. } => rows::visible_count(state),
            View::StreamRecord { entry, .. } => rows::diff_rows(entry).len(),
            _ => 0,
        }
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        match view {
            View::Stream { .. } => rows::row_texts(state),
            View::StreamRecord { entry, .. } => rows::diff_rows(entry)
                .into_iter()
                .map(|row| row.text())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A record presets the keys of the item it changed.
    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::StreamRecord { entry, .. } => QueryPreset::of_item(state, &entry.record.keys),
            View::Stream { cursor } => QueryPreset::of_row(
                state,
                rows::visible_at(state, *cursor).map(|entry| &entry.record.keys),
            ),
            _ => QueryPreset::default(),
        }
    }

    /// A record stands for its item's key.
    fn markable_list(&self, state: &State, view: &View) -> Option<MarkableList> {
        let View::Stream { cursor } = view else {
            return None;
        };
        Some(MarkableList {
            list: ListRef::Stream,
            rows: rows::visible(state)
                .into_iter()
                .map(|entry| Some(entry.record.keys.clone()))
                .collect(),
            cursor: *cursor,
            whole: false,
        })
    }
}
