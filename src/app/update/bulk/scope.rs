//! Reading the chosen scope whole before anything is planned on it: page after page through
//! the one read path and the shared [`Paging`](crate::app::state::Paging), the progress on
//! screen, cancellable between pages; when the last page lands the form's action goes on exactly
//! as on marked items.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::scope::{ScopeChoice, ScopeItems, ScopeProgress};
use crate::app::state::bulk::{BulkForm, BulkStage};
use crate::app::state::{Notice, State};
use crate::backend::{BackendError, Page};
use crate::domain::figures::counted;
use crate::domain::scope::{Scope, ScopeRead};

/// Starts reading `scope` for `form`'s action.
pub(in crate::app::update) fn start(
    state: &mut State,
    form: BulkForm,
    scope: Scope,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    flow.scope_items = None;
    flow.stage = BulkStage::Reading(form, ScopeProgress::default());
    read_page(state, &scope)
}

/// Asks for the page the scope's paging is ready for.
fn read_page(state: &mut State, scope: &Scope) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(BulkStage::Reading(_, progress)) =
        state.bulk.flow.as_deref_mut().map(|flow| &mut flow.stage)
    else {
        return Vec::new();
    };
    let Some(start_key) = progress.paging.ready().cloned() else {
        return Vec::new();
    };
    progress.paging.fetch(id, start_key.clone());
    let read = match scope.page(start_key) {
        ScopeRead::Query(request) => Read::Query(request),
        ScopeRead::Scan(request) => Read::Scan(request),
    };
    vec![Command::read(id, ReadFor::BulkScope, read)]
}

/// Esc while the scope is read: the page in flight is cancelled.
pub(in crate::app::update) fn cancel(state: &mut State) -> Vec<Command> {
    let read = match state.bulk.flow.as_deref().map(|flow| &flow.stage) {
        Some(BulkStage::Reading(_, progress)) => progress.items.len(),
        _ => return Vec::new(),
    };
    let commands = super::close::close(state);
    state.notice = Some(Notice::Info(format!(
        "reading the scope cancelled after {}; nothing was sent",
        counted(read as u64, "item", "items")
    )));
    commands
}

/// Where reading the scope stands after a page.
pub(in crate::app::update) enum ScopeStep {
    /// Reading on (or stopped: cancelled, failed, an answer to nothing asked).
    On(Vec<Command>),
    /// The last page landed: the form's action goes on with the scope's items.
    Done(BulkForm),
}

/// A page of the scope landed: keep its items of the scope, then read the next page, or say
/// the scope is read.
pub(in crate::app::update) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> ScopeStep {
    let Some(description) = state.described().cloned() else {
        return ScopeStep::On(Vec::new());
    };
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return ScopeStep::On(Vec::new());
    };
    let BulkStage::Reading(form, progress) = &mut flow.stage else {
        return ScopeStep::On(Vec::new());
    };
    if !progress.paging.awaits(id) {
        return ScopeStep::On(Vec::new());
    }
    let page = match result {
        Ok(page) => page,
        Err(error) => {
            let mut form = form.clone();
            form.error = Some(format!(
                "reading the scope failed after {} ({error}); nothing was sent",
                counted(progress.items.len() as u64, "item", "items")
            ));
            flow.stage = BulkStage::Form(form);
            return ScopeStep::On(Vec::new());
        }
    };
    let ScopeChoice::Read {
        label,
        scope,
        whole,
    } = form.chosen().clone()
    else {
        return ScopeStep::On(Vec::new());
    };
    let kept = scope.kept(&state.entities, &description, &page.items);
    progress.pages += 1;
    progress.returned += page.items.len() as u64;
    progress.items.extend(kept);
    progress.paging.landed(page.last_evaluated_key);
    if !progress.paging.is_complete() {
        return ScopeStep::On(read_page(state, &scope));
    }
    let form = form.clone();
    let items = std::mem::take(&mut progress.items);
    flow.scope_items = Some(ScopeItems {
        label,
        items,
        whole,
    });
    flow.stage = BulkStage::Form(form.clone());
    ScopeStep::Done(form)
}
