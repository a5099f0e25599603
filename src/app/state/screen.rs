//! A view screen answers for itself: how many rows it has, their searchable text, where the
//! cursor may stop, what the query builder starts from and which of its lists can be marked.
//! Code that works on "the current view" asks its screen (see [`crate::app::state::screens`])
//! instead of matching on every view.

use super::State;
use super::bulk::lists::MarkableList;
use super::query::preset::QueryPreset;
use super::view::View;

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
