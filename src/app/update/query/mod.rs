//! The query builder: the form (`form`), building its request on every keystroke (`build`) and
//! the results view (`results`). [`open_form`] and [`run_query`] are the entry points other
//! screens use (history, saved access patterns, the GSI browser).

mod build;
pub mod form;
pub(in crate::app::update) mod history;
mod prefill;
pub mod results;
pub(in crate::app::update) mod share;

use crate::app::command::Command;
use crate::app::state::{Overlay, QueryForm, State, View};
use crate::backend::QueryRequest;
use crate::domain::access_pattern::SortOperator;

/// What to prefill the form with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryPreset {
    /// `None` = the table.
    pub index: Option<String>,
    /// Partition key value as text.
    pub partition: Option<String>,
    /// Sort operator, value and, for BETWEEN, the upper bound.
    pub sort: Option<(SortOperator, String, Option<String>)>,
}

/// Opens the query builder form prefilled from `preset`.
pub fn open_form(state: &mut State, preset: QueryPreset) -> Vec<Command> {
    let mut form = prefill::form_from_preset(&preset);
    form::refresh_templates(state, &mut form);
    show(state, form);
    Vec::new()
}

/// Runs `request` in the results view (lazy pages; `stop_after`: read until N matches or the end).
pub fn run_query(
    state: &mut State,
    request: QueryRequest,
    stop_after: Option<u64>,
) -> Vec<Command> {
    results::start(state, request, stop_after, Vec::new())
}

/// `open_query_form` on a view: from a partition or an item, prefilled with its key; from the
/// results, the form that produced them.
pub(super) fn open_from_view(state: &mut State) -> Vec<Command> {
    if let View::QueryResults { .. } = state.history.current()
        && let Some(form) = state.last_form.clone()
    {
        show(state, *form);
        return Vec::new();
    }
    let preset = prefill::preset_from_view(state);
    open_form(state, preset)
}

/// Puts `form` on screen with its outcome computed.
fn show(state: &mut State, mut form: QueryForm) {
    build::rebuild(state, &mut form);
    state.overlay = Some(Overlay::QueryForm(Box::new(form)));
}
