//! After a failed condition: the 3-way view (as read / yours / current) and its choices. Nothing
//! is ever written from here directly: re-applying plans a new write and shows a new preview.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::edit::Editor;
use crate::app::state::edit::editor_text::EditorText;
use crate::app::state::edit::{
    Conflict, EditFlow, EditPurpose, EditStage, Review, why_not_reapply,
};
use crate::app::state::{Notice, State};
use crate::domain::edit::diff::apply_changes;
use crate::domain::edit::{diff, plan_delete, plan_edit, rebase};
use crate::domain::value::Item;

use crate::app::update::edit::plan::close;
use crate::app::update::edit::plan::{scrolled, show_planned, with_context};
use crate::app::update::edit::show_written::show_written;

/// The conflict view for a write whose condition failed; `current` is the item as stored now.
pub(in crate::app::update) fn view(
    flow: &EditFlow,
    review: &Review,
    current: Option<Item>,
) -> Conflict {
    let rebased = match (flow.purpose, &flow.original, &review.mine, &current) {
        (EditPurpose::Edit, Some(original), Some(mine), Some(current)) => {
            rebase(original, mine, current)
        }
        (EditPurpose::Delete, _, _, Some(current)) => Ok(current.clone()),
        _ => Err(Vec::new()),
    };
    Conflict {
        as_read: flow.original.clone(),
        mine: review.mine.clone(),
        current,
        rebased,
        scroll: 0,
    }
}

/// Keys on the conflict view.
pub(in crate::app::update) fn key(state: &mut State, action: &Action) -> Vec<Command> {
    let Some(flow) = state.edits.flow.as_deref_mut() else {
        return Vec::new();
    };
    let EditStage::Conflict(conflict) = &mut flow.stage else {
        return Vec::new();
    };
    match action {
        Action::ReapplyChange => reapply(state),
        Action::KeepEditing | Action::Back => {
            if flow.editor.is_none() {
                close(state, "nothing was written");
                return Vec::new();
            }
            if let (EditPurpose::Edit, Some(current)) = (flow.purpose, &conflict.current) {
                // Your changes on top of the current item; where both changed an attribute,
                // yours is in the text and the preview will show it replacing theirs.
                let mut merged = current.clone();
                if let (Some(original), Some(mine)) = (&flow.original, &conflict.mine) {
                    apply_changes(&mut merged, &diff(original, mine).changes, true);
                }
                if let Some(editor) = flow.editor.as_mut() {
                    let format = editor.format;
                    *editor = Editor::new(current, format);
                    editor.replace_text(&EditorText::render(&merged, format));
                }
                flow.original = Some(current.clone());
                state.notice = Some(Notice::Info(
                    "your changes are now on top of the current item; check the preview".to_owned(),
                ));
            }
            flow.stage = EditStage::Editing;
            Vec::new()
        }
        Action::DiscardEdit => {
            // What is stored now is what every view of the item should show.
            let current = conflict.current.clone();
            let read = conflict.as_read.clone().or_else(|| conflict.mine.clone());
            if let (Some(schema), Some(read)) = (state.described().map(|d| d.key.clone()), read)
                && let Some(key) = schema.key_of(&read)
            {
                show_written(state, &schema, &key, current.as_ref());
            }
            close(state, "edit discarded; nothing was written");
            Vec::new()
        }
        Action::CursorDown | Action::CursorUp | Action::PageDown | Action::PageUp => {
            conflict.scroll = scrolled(conflict.scroll, action, state.viewport.1);
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// Your change on top of the current item, through a new preview.
fn reapply(state: &mut State) -> Vec<Command> {
    let Some(flow) = state.edits.flow.as_deref() else {
        return Vec::new();
    };
    let EditStage::Conflict(conflict) = &flow.stage else {
        return Vec::new();
    };
    if let Some(reason) = why_not_reapply(flow.purpose, conflict) {
        state.notice = Some(Notice::Error(format!("cannot re-apply: {reason}")));
        return Vec::new();
    }
    let (Ok(rebased), Some(current)) = (conflict.rebased.clone(), conflict.current.clone()) else {
        return Vec::new();
    };
    let (purpose, mode) = (flow.purpose, flow.mode);
    let planned = with_context(state, Some(&current), |context| match purpose {
        EditPurpose::Delete => plan_delete(context, &current, mode),
        _ => plan_edit(context, &current, &rebased, mode),
    });
    let mine = (purpose != EditPurpose::Delete).then_some(rebased);
    if let Some(flow) = state.edits.flow.as_deref_mut() {
        flow.original = Some(current);
    }
    if let Some(planned) = planned {
        show_planned(state, planned, mine);
    }
    Vec::new()
}
