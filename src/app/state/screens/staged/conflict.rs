//! A staged change the service cancelled the transaction for, opened in the editor's 3-way
//! conflict view (as read / yours / as stored now). Re-applying there plans a new write on top
//! of the current item, which `S` on its preview stages again in place of this one.

use super::set::{StagedItem, StagedKind};
use crate::app::state::edit::{Conflict, EditFlow, EditPurpose, EditStage, Editor};
use crate::app::state::{Notice, State};
use crate::domain::edit::{EditFormat, rebase};

/// Opens the conflict view of `item`, which failed with the item now as `current`.
pub fn open(state: &mut State, item: &StagedItem) {
    let StagedKind::Write(purpose) = item.kind else {
        state.notice = Some(Notice::Info(
            "a check writes nothing: unstage it (x), or stage it again from the item (C)"
                .to_owned(),
        ));
        return;
    };
    let current = item
        .failed
        .as_ref()
        .and_then(|failure| failure.current.clone());
    let rebased = match (purpose, &item.original, &item.mine, &current) {
        (EditPurpose::Edit, Some(original), Some(mine), Some(current)) => {
            rebase(original, mine, current)
        }
        (EditPurpose::Delete, _, _, Some(current)) => Ok(current.clone()),
        _ => Err(Vec::new()),
    };
    let conflict = Conflict {
        as_read: item.original.clone(),
        mine: item.mine.clone(),
        current,
        rebased,
        scroll: 0,
    };
    let editor = item
        .mine
        .as_ref()
        .filter(|_| purpose != EditPurpose::Delete)
        .map(|mine| Editor::new(mine, EditFormat::DdbJson));
    state.edits.flow = Some(Box::new(EditFlow {
        purpose,
        original: item.original.clone(),
        editor,
        mode: item.mode,
        stage: EditStage::Conflict(conflict),
        undoing: None,
        write_failed: false,
    }));
}
