//! The draft of an edit whose write failed. The preview of a failed write is no place to stay,
//! and dropping back into the editor's text would take the next screen keys as JSON; so
//! leaving it returns to the view with the edit parked, and starting the same edit on the same
//! item picks the text up where it was.

use crate::app::action::Action;
use crate::app::state::edit::{EditFlow, EditPurpose, EditStage};
use crate::app::state::{Notice, State};
use crate::domain::value::Item;
use crate::keymap::Section;

/// Leaves a failed write's preview for the view, keeping the edit as a draft.
pub(in crate::app::update) fn park(state: &mut State) {
    let Some(mut flow) = state.edits.flow.take() else {
        return;
    };
    if flow.purpose == EditPurpose::Adjust {
        // Nothing was typed beyond one line: the prompt is quicker than a draft.
        state.notice = Some(Notice::Info(
            "nothing was written; adjust again from the inspector".to_owned(),
        ));
        return;
    }
    flow.stage = EditStage::Editing;
    flow.write_failed = false;
    let key = state
        .keymap
        .key_for(Section::Collections, &start_action(flow.purpose))
        .unwrap_or_default();
    state.edits.draft = Some(flow);
    state.notice = Some(Notice::Info(format!(
        "nothing was written; edit kept as a draft: {key} reopens it"
    )));
}

/// The action that starts an edit of `purpose` (and reopens its draft).
const fn start_action(purpose: EditPurpose) -> Action {
    match purpose {
        EditPurpose::Create => Action::NewItem,
        EditPurpose::Duplicate => Action::DuplicateItem,
        EditPurpose::Delete => Action::DeleteItem,
        EditPurpose::Edit | EditPurpose::Undo | EditPurpose::NewVersion => Action::EditItem,
        EditPurpose::Adjust => Action::AdjustNumber,
    }
}

/// Reopens the draft when `action` on `item` starts the edit it was parked from; true when it
/// did. A draft of another item stays parked.
pub(in crate::app::update) fn reopen(state: &mut State, action: &Action, item: &Item) -> bool {
    let Some(draft) = state.edits.draft.as_deref() else {
        return false;
    };
    let same_item = match (state.described(), &draft.original) {
        (Some(description), Some(original)) => {
            description.key.key_of(original) == description.key.key_of(item)
        }
        (_, None) => true,
        (None, Some(_)) => false,
    };
    if start_action(draft.purpose) != *action || !same_item {
        return false;
    }
    let flow: Option<Box<EditFlow>> = state.edits.draft.take();
    state.edits.flow = flow;
    state.notice = Some(Notice::Info(
        "draft reopened: your text as you left it (nothing was written)".to_owned(),
    ));
    true
}
