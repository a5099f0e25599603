//! What the app asks of every view screen.

use crate::app::state::State;
use crate::app::state::bulk::lists::MarkableList;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::view::View;

/// What the app asks of the screen on show. Each method receives the current view, which is
/// one of the screen's own variants.
pub trait Screen: Sync {
    /// Rows on screen (the cursor's bounds).
    fn row_count(&self, state: &State, view: &View) -> usize;

    /// The searchable text of each row, for `/` and `n`.
    fn row_texts(&self, state: &State, view: &View) -> Vec<String>;

    /// The rows the cursor may stop on, where the screen mixes them with headings and notes
    /// (`None`: every row is a stop).
    fn cursor_stops(&self, _state: &State, _view: &View) -> Option<Vec<usize>> {
        None
    }

    /// What the query builder opened here starts from.
    fn query_preset(&self, _state: &State, _view: &View) -> QueryPreset {
        QueryPreset::default()
    }

    /// The list on screen whose items can be marked for bulk work, if there is one.
    fn markable_list(&self, _state: &State, _view: &View) -> Option<MarkableList> {
        None
    }
}
