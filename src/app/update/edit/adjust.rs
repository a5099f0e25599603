//! `+` in the inspector: add to (or subtract from) a number of the item where it stands, guarded
//! on the result — typed in a prompt (`balance -25 >= 0`), planned by
//! [`crate::domain::edit::plan_adjust`] and shown on the same preview as every other write.

use crate::app::command::Command;
use crate::app::state::edit::{EditFlow, EditPurpose, EditStage};
use crate::app::state::inspect::inspector::ItemFormat;
use crate::app::state::rows::row_context;
use crate::app::state::text_field::TextField;
use crate::app::state::{Notice, Overlay, Prompt, PromptKind, State, View};
use crate::domain::edit::adjust_text::parse_adjustment;
use crate::domain::edit::{ConditionMode, plan_adjust};

use super::plan::{not_described, show_planned, with_context};
use super::selected::selected_item;

/// Opens the prompt, holding the number under the inspector's cursor (`balance `) when there is
/// one, so typing the amount is all that is left.
pub(in crate::app::update) fn open_prompt(state: &mut State) -> Vec<Command> {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: adjusting a number is refused, nothing was sent (reopen without --read-only or --file to write)".to_owned(),
        ));
        return Vec::new();
    }
    let View::Inspector(inspector) = state.views.current() else {
        return Vec::new();
    };
    if let Some(partial) = &inspector.partial {
        state.notice = Some(Notice::Error(format!(
            "this is {}'s partial copy of the item: fetch the base item (F) to adjust it",
            partial.index
        )));
        return Vec::new();
    }
    let under_cursor = (inspector.format == ItemFormat::Tree)
        .then(|| inspector.rows(&row_context(state)))
        .and_then(|rows| rows.into_iter().nth(inspector.cursor))
        .filter(|row| row.depth == 0 && row.type_tag == "N")
        .map(|row| format!("{} ", row.label));
    state.overlay = Some(Overlay::Prompt(Prompt {
        kind: PromptKind::Adjust,
        text: TextField::new(under_cursor.unwrap_or_default()),
    }));
    Vec::new()
}

/// The typed adjustment planned against the inspected item and put on the preview.
pub(in crate::app::update) fn submit(state: &mut State, text: &str) -> Vec<Command> {
    let adjustment = match parse_adjustment(text) {
        Ok(adjustment) => adjustment,
        Err(problem) => {
            state.notice = Some(Notice::Error(format!("{problem} (nothing was sent)")));
            return Vec::new();
        }
    };
    let Some(item) = selected_item(state) else {
        return Vec::new();
    };
    let Some(planned) = with_context(state, Some(&item), |context| {
        plan_adjust(context, &item, std::slice::from_ref(&adjustment))
    }) else {
        not_described(state);
        return Vec::new();
    };
    let mine = planned
        .as_ref()
        .ok()
        .and_then(|planned| planned.expected.clone());
    state.edits.flow = Some(Box::new(EditFlow {
        purpose: EditPurpose::Adjust,
        original: Some(item),
        editor: None,
        mode: ConditionMode::Auto,
        stage: EditStage::Editing,
        undoing: None,
        write_failed: false,
    }));
    if !show_planned(state, planned, mine) {
        state.edits.flow = None;
    }
    Vec::new()
}
