//! Planning a write and putting it on the preview: the steps every edit, delete, undo and
//! re-applied conflict share, so each of them is shown and confirmed the same way.

use crate::app::action::Action;
use crate::app::state::edit::{EditStage, Review};
use crate::app::state::{Notice, State};
use crate::domain::edit::derived_keys::out_of_sync;
use crate::domain::edit::{EditContext, EditError, PlannedWrite, WritePlan, request_preview};
use crate::domain::value::Item;

/// Runs `plan` with the edit context of this table (and the model's version attribute for
/// `item`'s entity); `None` before the table is described.
pub(in crate::app::update) fn with_context<R>(
    state: &State,
    item: Option<&Item>,
    plan: impl FnOnce(&EditContext<'_>) -> R,
) -> Option<R> {
    let description = state.described()?;
    let version = configured_version(state, item);
    let context = EditContext {
        table: &state.table.name,
        description,
        version_attribute: version.as_deref(),
    };
    Some(plan(&context))
}

/// The version attribute named by `--version-attr`, else by the model file for `item`'s entity.
pub(in crate::app::update) fn configured_version(
    state: &State,
    item: Option<&Item>,
) -> Option<String> {
    if let Some(name) = &state.session.version_attribute {
        return Some(name.clone());
    }
    let model = state.entities.model()?;
    let key = &state.described()?.key;
    let entity = item.and_then(|item| model.match_item(item, key));
    model.version_attribute_of(entity).map(str::to_owned)
}

/// A planned write as a preview, with the keys it leaves out of sync when the table is
/// described.
pub(in crate::app::update) fn review(
    state: &State,
    planned: PlannedWrite,
    mine: Option<Item>,
) -> Review {
    let out_of_sync = match (state.described(), &planned.original, &planned.expected) {
        (Some(description), Some(original), Some(expected)) => {
            out_of_sync(description, original, expected)
        }
        _ => Vec::new(),
    };
    Review {
        request_text: request_preview(&planned.plan),
        planned,
        mine,
        scroll: 0,
        out_of_sync,
    }
}

pub(in crate::app::update) fn not_described(state: &mut State) {
    state.notice = Some(Notice::Error(
        "the table is not described yet; try again in a moment (nothing was sent)".to_owned(),
    ));
}

/// Shows `planned` for confirmation, or says why there is nothing to confirm.
pub(in crate::app::update) fn show_planned(
    state: &mut State,
    planned: Result<PlannedWrite, EditError>,
    mine: Option<Item>,
) -> bool {
    match planned {
        Err(error) => {
            state.notice = Some(Notice::Error(format!("{error} (nothing was sent)")));
            false
        }
        Ok(planned) if planned.plan == WritePlan::Nothing => {
            state.notice = Some(Notice::Info("no changes: nothing to send".to_owned()));
            false
        }
        Ok(planned) => {
            let review = review(state, planned, mine);
            if let Some(flow) = state.edits.flow.as_mut() {
                flow.stage = EditStage::Review(review);
            }
            state.notice = None;
            true
        }
    }
}

/// A scroll position moved by a cursor key (the view clamps it).
pub(in crate::app::update) fn scrolled(scroll: usize, action: &Action, height: u16) -> usize {
    let page = usize::from(height.saturating_sub(8)).max(1);
    match action {
        Action::CursorDown => scroll.saturating_add(1),
        Action::CursorUp => scroll.saturating_sub(1),
        Action::PageDown => scroll.saturating_add(page),
        Action::PageUp => scroll.saturating_sub(page),
        _ => scroll,
    }
}

/// Ends the edit flow with a notice.
pub(in crate::app::update) fn close(state: &mut State, message: &str) {
    state.edits.flow = None;
    state.notice = Some(Notice::Info(message.to_owned()));
}
