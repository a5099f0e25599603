//! The results grid: a query's results, or a PartiQL statement's (the same table and keys).

use super::screen::Screen;
use crate::app::state::bulk::lists::{ListRef, MarkableList, holds_whole_items};
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{State, View};

pub struct Results;

impl Screen for Results {
    fn row_count(&self, state: &State, view: &View) -> usize {
        match view {
            View::QueryResults { run, .. } => state
                .queries
                .runs
                .get(*run)
                .map_or(0, |run| run.items.len()),
            View::StatementResults { run, .. } => state
                .partiql
                .runs
                .get(*run)
                .map_or(0, |run| run.items.len()),
            _ => 0,
        }
    }

    fn row_texts(&self, state: &State, view: &View) -> Vec<String> {
        match view {
            View::QueryResults { run, .. } => crate::app::state::query::row_texts(state, *run),
            View::StatementResults { run, .. } => state
                .partiql
                .row_texts(*run, state.described().map(|description| &description.key)),
            _ => Vec::new(),
        }
    }

    fn query_preset(&self, state: &State, view: &View) -> QueryPreset {
        match view {
            View::QueryResults { run, cursor } => {
                let item = state
                    .queries
                    .runs
                    .get(*run)
                    .and_then(|run| run.item_at(*cursor));
                QueryPreset::of_row(state, item.as_ref())
            }
            View::StatementResults { run, cursor } => {
                let item = state
                    .partiql
                    .runs
                    .get(*run)
                    .and_then(|run| run.item_at(*cursor));
                QueryPreset::of_row(state, item.as_ref())
            }
            _ => QueryPreset::default(),
        }
    }

    fn markable_list(&self, state: &State, view: &View) -> Option<MarkableList> {
        let View::QueryResults { run, cursor } = view else {
            return None;
        };
        let query = state.queries.runs.get(*run)?;
        Some(MarkableList {
            list: ListRef::Query(*run),
            rows: (0..query.items.len())
                .map(|row| query.item_at(row))
                .collect(),
            cursor: *cursor,
            whole: holds_whole_items(state, query.request.index.as_deref()),
        })
    }
}
