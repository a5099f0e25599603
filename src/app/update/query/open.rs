//! Putting the form on screen: from a preset (other screens), from what is under the cursor, or
//! again with the query of the results shown.

use crate::app::command::Command;
use crate::app::state::query::form::FormField;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::{Overlay, QueryForm, State, View};
use crate::app::update::query::prefill;
use crate::app::update::query::{build, form, from_request};

/// Opens the query builder form prefilled from `preset`.
pub fn open_form(state: &mut State, preset: QueryPreset) -> Vec<Command> {
    open_form_on_partition(state, preset, Vec::new())
}

/// Opens the form prefilled from `preset` and, for a multi-attribute partition key, with the
/// values of its further attributes (`more`, in key order; the preset holds the first).
pub fn open_form_on_partition(
    state: &mut State,
    preset: QueryPreset,
    more: Vec<String>,
) -> Vec<Command> {
    let mut form = prefill::form_from_preset(&preset);
    form::refresh_templates(state, &mut form);
    for (field, value) in form.spec.more_partition.iter_mut().zip(more) {
        *field = value;
    }
    // The first further partition attribute still empty is what the user types next.
    if form.focus == FormField::Sort
        && let Some(empty) = form.spec.more_partition.iter().position(String::is_empty)
    {
        form.focus = FormField::MorePartition(empty);
    }
    show(state, form);
    Vec::new()
}

/// `open_query_form` on a view: from a partition or an item, prefilled with its key; from the
/// results, the form that produced them.
pub(in crate::app::update) fn open_from_view(state: &mut State) -> Vec<Command> {
    if let View::QueryResults { run, .. } = state.views.current()
        && let Some(form) = form_of_run(state, *run)
    {
        show(state, form);
        return Vec::new();
    }
    let preset = prefill::preset_from_view(state);
    open_form(state, preset)
}

/// The form of run `index`: as submitted, or rebuilt from the request of a run from elsewhere.
fn form_of_run(state: &State, index: usize) -> Option<QueryForm> {
    let run = state.queries.runs.get(index)?;
    if let Some(form) = &run.form {
        return Some((**form).clone());
    }
    let mut form =
        from_request::form_from_request(state.described()?, &run.request, run.stop_after);
    form::refresh_templates(state, &mut form);
    Some(form)
}

/// `edit_query`: the form again, on the results view only.
pub(in crate::app::update) fn edit_query(state: &mut State) -> Vec<Command> {
    match state.views.current() {
        View::QueryResults { .. } => open_from_view(state),
        _ => Vec::new(),
    }
}

/// Puts `form` on screen with its outcome computed.
fn show(state: &mut State, mut form: QueryForm) {
    build::rebuild(state, &mut form);
    state.overlay = Some(Overlay::QueryForm(Box::new(form)));
}
