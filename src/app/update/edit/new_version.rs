//! Saving a new version of a versioned item (the versions screen opened the latest in the
//! editor): version N+1 is staged as a new item, so no other writer can have taken the number,
//! beside the updated `v0` (conditioned as any edit of it is), and the commit's one transaction
//! is shown. Nothing is sent before it is confirmed there; the commit, its journal run and its
//! undo are the staged changes' own.

use crate::app::command::Command;
use crate::app::state::edit::EditPurpose;
use crate::app::state::screens::staged::{
    CommitPurpose, StagedItem, StagedKind, StagedScreen, open_review,
};
use crate::app::state::screens::unit::ScreenUnit;
use crate::app::state::screens::versions::VersionsView;
use crate::app::state::screens::view_of;
use crate::app::state::{Loadable, Notice, State};
use crate::domain::edit::transaction::StagedPart;
use crate::domain::edit::{ConditionMode, PlannedWrite, plan_create, plan_edit};
use crate::domain::next_version::NextVersion;
use crate::domain::value::Item;

use super::plan::{not_described, with_context};

/// Saving the editor's text: the next version and `v0` staged, and their transaction shown.
pub(in crate::app::update) fn save(state: &mut State, edited: &Item) -> Vec<Command> {
    let Some(next) = plan_next(state, edited) else {
        return Vec::new();
    };
    let Some(staged) = staged_items(state, &next) else {
        return Vec::new();
    };
    let copy = if next.latest_copy.is_some() {
        " and v0"
    } else {
        ""
    };
    for item in staged {
        state.edits.staged.stage(item);
    }
    state.edits.flow = None;
    <StagedScreen as ScreenUnit>::open(state);
    let parts = state.edits.staged.parts();
    if open_review(state, CommitPurpose::Commit, parts) {
        state.notice = Some(Notice::Info(format!(
            "staged v{}{copy} as one transaction: c sends it, Esc leaves it staged (nothing was sent)",
            next.number
        )));
    }
    Vec::new()
}

/// The two items of the next version, or why not (a notice; the editor stays open).
fn plan_next(state: &mut State, edited: &Item) -> Option<NextVersion> {
    if state.edits.staged.sending.is_some() {
        state.notice = Some(Notice::Error(
            "the staged changes are being committed; wait for the outcome".to_owned(),
        ));
        return None;
    }
    let view = view_of::<VersionsView>(state.views.current())?;
    let Loadable::Loaded(versions) = &view.versions else {
        return None;
    };
    let Some(table) = state.described() else {
        not_described(state);
        return None;
    };
    let names = (table.key.partition.name.as_str(), view.sort_name.as_str());
    match NextVersion::plan(versions, edited, names) {
        Ok(next) => Some(next),
        Err(error) => {
            state.notice = Some(Notice::Error(format!("{error} (nothing was staged)")));
            None
        }
    }
}

/// The staged changes of `next`: the new version created, `v0` edited where it stands.
fn staged_items(state: &mut State, next: &NextVersion) -> Option<Vec<StagedItem>> {
    let version = &next.version;
    let created = with_context(state, Some(version), |context| {
        plan_create(context, version)
    });
    let mut items = vec![staged(
        state,
        StagedKind::Write(EditPurpose::NewVersion),
        None,
        version,
        created,
    )?];
    if let Some((as_read, updated)) = &next.latest_copy {
        let edited = with_context(state, Some(as_read), |context| {
            plan_edit(context, as_read, updated, ConditionMode::Auto)
        });
        items.push(staged(
            state,
            StagedKind::Write(EditPurpose::Edit),
            Some(as_read),
            updated,
            edited,
        )?);
    }
    Some(items)
}

/// One planned write as a staged change, or the planner's refusal as a notice.
fn staged(
    state: &mut State,
    kind: StagedKind,
    original: Option<&Item>,
    mine: &Item,
    planned: Option<Result<PlannedWrite, crate::domain::edit::EditError>>,
) -> Option<StagedItem> {
    let planned = match planned {
        None => {
            not_described(state);
            return None;
        }
        Some(Err(error)) => {
            state.notice = Some(Notice::Error(format!("{error} (nothing was staged)")));
            return None;
        }
        Some(Ok(planned)) => planned,
    };
    let key = state
        .described()
        .and_then(|table| table.primary_key_of(original.unwrap_or(mine)))?;
    Some(StagedItem {
        kind,
        key,
        original: original.cloned(),
        mine: Some(mine.clone()),
        mode: ConditionMode::Auto,
        part: StagedPart::Write(planned),
        failed: None,
    })
}
