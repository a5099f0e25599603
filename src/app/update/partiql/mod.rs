//! The PartiQL statement screen: typing a statement and its parameters, submitting it (refused
//! in words, asked about when it scans a large table, or run), and the question itself.

pub(in crate::app::update) mod delete;
pub(in crate::app::update) mod results;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::partiql::write::{delete_key, inserted_item};
use crate::app::state::partiql::{Prepared, StatementForm, prepare};
use crate::app::state::text_field::TextEdit;
use crate::app::state::{Notice, Overlay, State};
use crate::app::update::edit::write::review_create;

/// `open_partiql`: the statement screen, holding the last statement typed (or a start on the
/// open table).
pub(in crate::app::update) fn open(state: &mut State) -> Vec<Command> {
    // The last statement comes back selected: one keystroke replaces it, an arrow edits it.
    let form = state.partiql.last.clone().map_or_else(
        || {
            StatementForm::new(
                &format!("SELECT * FROM \"{}\" WHERE ", state.table.name),
                "",
            )
        },
        |mut last| {
            // Reopened as it was left; on the statement, the statement is selected.
            last.recalled = last.focus == crate::app::state::partiql::StatementField::Statement
                && !last.statement.text().is_empty();
            last
        },
    );
    state.overlay = Some(Overlay::Partiql(Box::new(form)));
    Vec::new()
}

/// Keys on the statement screen; unbound keys edit the focused field.
pub(in crate::app::update) fn key(
    state: &mut State,
    mut form: StatementForm,
    action: Action,
) -> Vec<Command> {
    match action {
        Action::Back => {
            form.error = None;
            state.partiql.last = Some(form);
            state.overlay = None;
            return Vec::new();
        }
        Action::Submit => return submit(state, form),
        Action::NextField | Action::PrevField | Action::Complete => form.switch_field(),
        other => {
            if let Some(edit) = TextEdit::of(&other)
                && form.edit(&edit)
            {
                form.error = None;
            }
        }
    }
    state.overlay = Some(Overlay::Partiql(Box::new(form)));
    Vec::new()
}

/// Runs the statement, asks first when it scans a large table, or keeps the form open with
/// the reason it is not sent.
fn submit(state: &mut State, mut form: StatementForm) -> Vec<Command> {
    if let Some(key) = delete_key(state, &form) {
        state.partiql.last = Some(form.clone());
        return match key {
            Ok(key) => {
                form.error = None;
                delete::read_item(state, form, key)
            }
            Err(reason) => {
                form.error = Some(reason);
                state.overlay = Some(Overlay::Partiql(Box::new(form)));
                Vec::new()
            }
        };
    }
    if let Some(item) = inserted_item(state, &form) {
        state.partiql.last = Some(form.clone());
        return match item {
            Ok(item) => {
                state.overlay = None;
                review_create(state, item)
            }
            Err(reason) => {
                form.error = Some(reason);
                state.overlay = Some(Overlay::Partiql(Box::new(form)));
                Vec::new()
            }
        };
    }
    let prepared = prepare(state, &form);
    form.error = None;
    state.partiql.last = Some(form.clone());
    match prepared {
        Err(reason) => {
            form.error = Some(reason);
            state.overlay = Some(Overlay::Partiql(Box::new(form)));
            Vec::new()
        }
        Ok(prepared) if prepared.large_scan.is_some() => {
            state.overlay = Some(Overlay::ConfirmPartiqlScan(Box::new(prepared)));
            Vec::new()
        }
        Ok(prepared) => {
            state.overlay = None;
            results::start(state, prepared, form.parameters.text().to_owned())
        }
    }
}

/// The answer to "scan this large table?": run it, or go back to the statement.
pub(in crate::app::update) fn confirm_key(state: &mut State, action: &Action) -> Vec<Command> {
    let Some(Overlay::ConfirmPartiqlScan(prepared)) = state.overlay.clone() else {
        return Vec::new();
    };
    match action {
        Action::Confirm => {
            state.overlay = None;
            let parameters = state
                .partiql
                .last
                .as_ref()
                .map(|form| form.parameters.text().to_owned())
                .unwrap_or_default();
            results::start(state, *prepared, parameters)
        }
        Action::Back => {
            back_to_form(state, &prepared);
            Vec::new()
        }
        _ => Vec::new(),
    }
}

fn back_to_form(state: &mut State, prepared: &Prepared) {
    let mut form = state
        .partiql
        .last
        .clone()
        .unwrap_or_else(|| StatementForm::new(&prepared.request.statement, ""));
    form.error = Some(format!(
        "not run: {}; name the partition key ({} = …) to read only its items",
        prepared.plan.summary(),
        prepared.plan.partition_key
    ));
    state.overlay = Some(Overlay::Partiql(Box::new(form)));
    state.notice = Some(Notice::Info("scan skipped; nothing was sent".to_owned()));
}
