//! The preview's derived-key update: the keys the edit leaves out of sync (ElectroDB's
//! `gsi2sk = …#status_open` after `status` changed) are set to what the library would write,
//! and the write is planned again, so they change in the same conditioned write, shown in its
//! exact request before anything is sent.

use crate::app::state::edit::EditPurpose;
use crate::app::state::{Notice, State};
use crate::app::update::edit::plan::{not_described, show_planned, with_context};
use crate::domain::edit::derived_keys::with_derived_keys;
use crate::domain::edit::plan_edit;

pub(super) fn update_derived_keys(state: &mut State) {
    let Some(flow) = state.edits.flow.as_deref() else {
        return;
    };
    let Some(review) = flow.review() else { return };
    let (Some(original), Some(mine)) = (flow.original.clone(), review.mine.as_ref()) else {
        return;
    };
    if flow.purpose != EditPurpose::Edit || review.out_of_sync.is_empty() {
        state.notice = Some(Notice::Info(
            "no key is out of sync with this write".to_owned(),
        ));
        return;
    }
    let synced = with_derived_keys(mine, &review.out_of_sync);
    let updated: Vec<String> = review
        .out_of_sync
        .iter()
        .map(|stale| format!("{} to {:?}", stale.attribute, stale.would_write))
        .collect();
    let mode = flow.mode;
    let planned = with_context(state, Some(&original), |context| {
        plan_edit(context, &original, &synced, mode)
    });
    let Some(planned) = planned else {
        not_described(state);
        return;
    };
    if show_planned(state, planned, Some(synced.clone())) {
        if let Some(editor) = state
            .edits
            .flow
            .as_deref_mut()
            .and_then(|flow| flow.editor.as_mut())
        {
            editor.show_item(&synced);
        }
        state.notice = Some(Notice::Info(format!(
            "also updating {} in this write (shown in the request)",
            updated.join(", ")
        )));
    }
}
