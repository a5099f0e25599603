//! From a saved edit to a sent write: plan it (the domain's edit planner), show the preview, ask for the table
//! name on real AWS, send it on confirmation, and handle what comes back. Every path to
//! `Command::ExecuteWrite` goes through [`send`], which only runs from a confirmed preview.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::request_id::RequestId;
use crate::app::state::edit::{EditFlow, EditPurpose, EditStage, mode_label, next_mode};
use crate::app::state::text_field::{TextEdit, TextField};
use crate::app::state::{Notice, Overlay, State};
use crate::backend::BackendError;
use crate::domain::edit::{ConditionMode, plan_create, plan_delete, plan_edit};
use crate::domain::value::Item;
use crate::write::execute::WriteOutcome;

use crate::app::update::edit::plan::{close, not_described, scrolled, show_planned, with_context};
use crate::app::update::edit::{conflict, refresh};

/// `save_edit`: the editor's text becomes a planned write on the preview screen.
pub(in crate::app::update) fn save(state: &mut State) -> Vec<Command> {
    let Some(flow) = state.edits.flow.as_deref() else {
        return Vec::new();
    };
    let Some(editor) = &flow.editor else {
        return Vec::new();
    };
    let edited = match &editor.parsed {
        Ok(item) => item.clone(),
        Err(error) => {
            let message = format!(
                "line {}, column {}: {} (nothing was sent)",
                error.line, error.column, error.message
            );
            state.notice = Some(Notice::Error(message));
            return Vec::new();
        }
    };
    if flow.purpose == EditPurpose::Duplicate && same_key(state, flow.original.as_ref(), &edited) {
        state.notice = Some(Notice::Error(
            "a duplicate needs a new key: change the partition or sort key (nothing was sent)"
                .to_owned(),
        ));
        return Vec::new();
    }
    if flow.purpose == EditPurpose::NewVersion {
        return super::new_version::save(state, &edited);
    }
    let (purpose, original, mode) = (flow.purpose, flow.original.clone(), flow.mode);
    let planned = with_context(state, Some(&edited), |context| match (purpose, &original) {
        (EditPurpose::Edit, Some(original)) => plan_edit(context, original, &edited, mode),
        _ => plan_create(context, &edited),
    });
    match planned {
        Some(planned) => {
            show_planned(state, planned, Some(edited));
        }
        None => not_described(state),
    }
    Vec::new()
}

fn same_key(state: &State, original: Option<&Item>, edited: &Item) -> bool {
    let Some(key) = state.described().map(|description| &description.key) else {
        return false;
    };
    original.and_then(|item| key.key_of(item)) == key.key_of(edited)
}

/// `delete_item`: the delete's preview (the preview is the confirmation).
pub(in crate::app::update) fn review_delete(state: &mut State, item: Item) -> Vec<Command> {
    let planned = with_context(state, Some(&item), |context| {
        plan_delete(context, &item, ConditionMode::Auto)
    });
    let Some(planned) = planned else {
        not_described(state);
        return Vec::new();
    };
    let flow = EditFlow {
        purpose: EditPurpose::Delete,
        original: Some(item),
        editor: None,
        mode: ConditionMode::Auto,
        stage: EditStage::Editing,
        undoing: None,
        write_failed: false,
    };
    state.edits.flow = Some(Box::new(flow));
    if !show_planned(state, planned, None) {
        state.edits.flow = None;
    }
    Vec::new()
}

/// A new item written from elsewhere than the editor (a PartiQL INSERT): its put's preview,
/// conditioned on the key not existing.
pub(in crate::app::update) fn review_create(state: &mut State, item: Item) -> Vec<Command> {
    let planned = with_context(state, Some(&item), |context| plan_create(context, &item));
    let Some(planned) = planned else {
        not_described(state);
        return Vec::new();
    };
    state.edits.flow = Some(Box::new(EditFlow {
        purpose: EditPurpose::Create,
        original: None,
        editor: None,
        mode: ConditionMode::Auto,
        stage: EditStage::Editing,
        undoing: None,
        write_failed: false,
    }));
    if !show_planned(state, planned, Some(item)) {
        state.edits.flow = None;
    }
    Vec::new()
}

/// Keys on the preview.
pub(in crate::app::update) fn review_key(state: &mut State, action: &Action) -> Vec<Command> {
    let Some(flow) = state.edits.flow.as_deref_mut() else {
        return Vec::new();
    };
    if flow.sending().is_some() {
        // A confirmed write runs to its outcome; keys wait for it.
        return Vec::new();
    }
    match action {
        Action::Confirm => confirm(state),
        Action::CycleConditionMode => {
            cycle_mode(state);
            Vec::new()
        }
        Action::UpdateDerivedKeys => {
            super::derived::update_derived_keys(state);
            Vec::new()
        }
        Action::Back if flow.write_failed && flow.editor.is_some() => {
            super::draft::park(state);
            Vec::new()
        }
        Action::KeepEditing | Action::Back => {
            if flow.editor.is_some() {
                flow.stage = EditStage::Editing;
                flow.write_failed = false;
                state.notice = Some(Notice::Info("nothing was sent".to_owned()));
            } else {
                close(state, "nothing was sent");
            }
            Vec::new()
        }
        Action::CursorDown | Action::CursorUp | Action::PageDown | Action::PageUp => {
            if let EditStage::Review(review) = &mut flow.stage {
                review.scroll = scrolled(review.scroll, action, state.viewport.1);
            }
            Vec::new()
        }
        Action::CursorFirst => {
            if let EditStage::Review(review) = &mut flow.stage {
                review.scroll = 0;
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// The preview's condition switch: plans the same change again with the next mode.
fn cycle_mode(state: &mut State) {
    let Some(flow) = state.edits.flow.as_deref() else {
        return;
    };
    let Some(review) = flow.review() else { return };
    let mode = next_mode(flow.mode);
    let (purpose, original, mine) = (flow.purpose, flow.original.clone(), review.mine.clone());
    let planned = with_context(state, original.as_ref(), |context| {
        match (purpose, &original, &mine) {
            (EditPurpose::Edit, Some(original), Some(mine)) => {
                Some(plan_edit(context, original, mine, mode))
            }
            (EditPurpose::Delete, Some(original), _) => Some(plan_delete(context, original, mode)),
            _ => None,
        }
    })
    .flatten();
    let Some(planned) = planned else {
        state.notice = Some(Notice::Info(format!(
            "the condition of a {} is fixed",
            purpose.label()
        )));
        return;
    };
    if show_planned(state, planned, mine)
        && let Some(flow) = state.edits.flow.as_deref_mut()
    {
        flow.mode = mode;
        state.notice = Some(Notice::Info(format!("condition: {}", mode_label(mode))));
    }
}

/// True when writes go to real AWS (no endpoint override): the first write asks for the table
/// name.
#[must_use]
pub fn is_real_aws(state: &State) -> bool {
    state.session.connection.kind == "aws" && state.session.connection.endpoint.is_none()
}

/// `confirm` on the preview.
fn confirm(state: &mut State) -> Vec<Command> {
    if is_real_aws(state) && !state.edits.aws_writes_confirmed {
        state.overlay = Some(Overlay::TypeTableName(TextField::default()));
        return Vec::new();
    }
    send(state)
}

/// Sends the confirmed preview's write. The only place a write command is made.
fn send(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(flow) = state.edits.flow.as_deref_mut() else {
        return Vec::new();
    };
    let EditStage::Review(review) = std::mem::replace(&mut flow.stage, EditStage::Editing) else {
        return Vec::new();
    };
    let planned = Box::new(review.planned.clone());
    flow.stage = EditStage::Sending { id, review };
    state.notice = Some(Notice::Info("sending…".to_owned()));
    vec![Command::ExecuteWrite {
        id,
        table: state.table.name.clone(),
        planned,
        journal: state.session.journal_path.clone(),
    }]
}

/// Keys while typing the table name before the first write to real AWS.
pub(in crate::app::update) fn table_name_key(
    state: &mut State,
    mut typed: TextField,
    action: Action,
) -> Vec<Command> {
    match action {
        Action::Back => {
            state.overlay = None;
            state.notice = Some(Notice::Info("nothing was sent".to_owned()));
            return Vec::new();
        }
        Action::Submit => {
            state.overlay = None;
            if typed.text() == state.table.name {
                state.edits.aws_writes_confirmed = true;
                if state.edits.flow.is_none() && state.edits.staged.review.is_some() {
                    // The name was asked before a commit of staged changes.
                    return crate::app::state::screens::staged::send(state);
                }
                return send(state);
            }
            state.notice = Some(Notice::Error(format!(
                "that is not the table name ({}); nothing was sent",
                state.table.name
            )));
            return Vec::new();
        }
        other => {
            if let Some(edit) = TextEdit::of(&other) {
                typed.apply(&edit);
            }
        }
    }
    state.overlay = Some(Overlay::TypeTableName(typed));
    Vec::new()
}

/// The write's outcome.
pub(in crate::app::update) fn write_done(
    state: &mut State,
    id: RequestId,
    result: Result<WriteOutcome, BackendError>,
    journal_error: Option<&str>,
) -> Vec<Command> {
    if state.edits.flow.as_ref().and_then(|flow| flow.sending()) != Some(id) {
        return Vec::new();
    }
    let Some(mut flow) = state.edits.flow.take() else {
        return Vec::new();
    };
    let EditStage::Sending { review, .. } = std::mem::replace(&mut flow.stage, EditStage::Editing)
    else {
        return Vec::new();
    };
    match result {
        Ok(WriteOutcome::Written { after, .. }) => {
            let summary = review.planned.summary.clone();
            let commands = refresh::after_write(state, &flow, &review, after);
            state.notice = Some(match journal_error {
                None => Notice::Info(format!("written: {summary}")),
                Some(error) => Notice::Error(format!(
                    "the write succeeded but its outcome could not be journaled: {error} (undo reads the item to tell whether it landed)"
                )),
            });
            commands
        }
        Ok(WriteOutcome::Conflict { current }) => {
            flow.stage = EditStage::Conflict(conflict::view(&flow, &review, current));
            state.edits.flow = Some(flow);
            state.notice = Some(Notice::Error(
                "conflict: the item changed since it was read; nothing was written".to_owned(),
            ));
            Vec::new()
        }
        Ok(WriteOutcome::TargetExists { existing, .. }) => {
            let mut view = conflict::view(&flow, &review, existing);
            // The existing item is someone else's: never offered for re-applying onto.
            view.rebased = Err(Vec::new());
            view.as_read = None;
            flow.stage = EditStage::Conflict(view);
            state.edits.flow = Some(flow);
            state.notice = Some(Notice::Error(
                "an item with the new key already exists; nothing was written".to_owned(),
            ));
            Vec::new()
        }
        Err(error) => {
            let hint = match error {
                BackendError::Network(_) => {
                    " (the connection broke: the write may have been applied; reopen the item before trying again)"
                }
                BackendError::NotSent(_) => {
                    " (no connection could be opened: the write was not sent; try again once the endpoint answers)"
                }
                _ => "",
            };
            let back = if flow.editor.is_some() {
                " · Esc keeps the edit as a draft"
            } else {
                ""
            };
            state.notice = Some(Notice::Error(format!(
                "the write failed: {error}{hint}{back}"
            )));
            flow.write_failed = true;
            flow.stage = EditStage::Review(review);
            state.edits.flow = Some(flow);
            Vec::new()
        }
    }
}
