//! The index screens: the GSI browser's list, an index's partitions and one partition's items,
//! and the sparse-index inspector.

use super::screen::Screen;
use crate::app::state::bulk::lists::{ListRef, MarkableList, holds_whole_items};
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

use crate::app::state::indexes::rows;

pub struct IndexScreens;

impl Screen for IndexScreens {
    fn row_count(&self, state: &State, _view: &View) -> usize {
        rows::row_count(state).unwrap_or(0)
    }

    fn row_texts(&self, state: &State, _view: &View) -> Vec<String> {
        rows::row_texts(state)
    }

    fn cursor_stops(&self, state: &State, _view: &View) -> Option<Vec<usize>> {
        rows::cursor_stops(state)
    }

    /// An index view queries that index (and the partition shown).
    fn query_preset(&self, _state: &State, view: &View) -> QueryPreset {
        match view {
            View::IndexGroups { index, .. } | View::IndexCoverage { index, .. } => QueryPreset {
                index: Some(index.clone()),
                ..QueryPreset::default()
            },
            View::IndexItems { index, pk, .. } => QueryPreset::partition(Some(index), pk),
            _ => QueryPreset::default(),
        }
    }

    fn markable_list(&self, state: &State, view: &View) -> Option<MarkableList> {
        let View::IndexItems {
            index, pk, cursor, ..
        } = view
        else {
            return None;
        };
        let group = state.indexes.browses.get(index)?.group(pk)?;
        Some(MarkableList {
            list: ListRef::IndexItems {
                index: index.clone(),
                pk: pk.clone(),
            },
            rows: (0..group.items.len())
                .map(|row| group.item_at(row))
                .collect(),
            cursor: *cursor,
            whole: holds_whole_items(state, Some(index)),
        })
    }
}
