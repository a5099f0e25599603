//! Opening the bulk flow on the marked items or on a scope of the list on screen (every match
//! of its read, or of one entity among them), chosen in the form. Items marked as an index's partial copy or as a
//! stream record's key are read whole by their keys first (strongly consistent), so every write
//! is planned and conditioned on the item as it is; an item gone since is unmarked and said so.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::flow::Waiting;
use crate::app::state::bulk::scope;
use crate::app::state::bulk::{BulkFlow, BulkForm, BulkStage};
use crate::app::state::screens::markable_list;
use crate::app::state::{Notice, State};
use crate::backend::BackendError;
use crate::domain::figures::counted;
use crate::domain::value::Item;

/// `bulk_actions`: the form, after reading partial items whole.
pub(in crate::app::update) fn open(state: &mut State) -> Vec<Command> {
    let scopes = scope::offered(state, markable_list(state).as_ref());
    if scopes.is_empty() {
        state.notice = Some(Notice::Error(
            "nothing marked: mark items with Space, V (range), * (all matches) or E (entity)"
                .to_owned(),
        ));
        return Vec::new();
    }
    let mut flow = BulkFlow {
        stage: BulkStage::Form(BulkForm {
            scopes,
            ..BulkForm::default()
        }),
        waiting: None,
        scope_items: None,
    };
    let keys = state
        .described()
        .map(|description| state.bulk.selection.partial_keys(description))
        .unwrap_or_default();
    let mut commands = Vec::new();
    if !keys.is_empty() {
        let id = state.ids.issue();
        flow.waiting = Some((id, Waiting::Items));
        state.notice = Some(Notice::Info(format!(
            "reading {} whole by key before anything is planned…",
            counted(keys.len() as u64, "marked item", "marked items")
        )));
        let read = Read::Items {
            table: state.table.name.clone(),
            keys,
        };
        commands.push(Command::read(id, ReadFor::BulkItems, read));
    }
    state.bulk.flow = Some(Box::new(flow));
    commands
}

/// The whole items read for the partial marks: each takes its copy's place.
pub(in crate::app::update) fn items_read(
    state: &mut State,
    id: RequestId,
    result: Result<Vec<(Item, Option<Item>)>, BackendError>,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    if !flow.answered(id) {
        return Vec::new();
    }
    let read = match result {
        Ok(read) => read,
        Err(error) => {
            state.bulk.flow = None;
            state.notice = Some(Notice::Error(format!(
                "cannot read the marked items whole ({error}); nothing was sent"
            )));
            return Vec::new();
        }
    };
    let Some(description) = state.described().cloned() else {
        return Vec::new();
    };
    let mut gone = 0_u64;
    for (key, item) in read {
        if !state.bulk.selection.resolve(&description, &key, item) {
            gone += 1;
        }
    }
    state.notice = Some(Notice::Info(if gone == 0 {
        "every marked item read whole".to_owned()
    } else {
        format!(
            "{} no longer in the table: unmarked",
            counted(gone, "marked item is", "marked items are")
        )
    }));
    if state.bulk.selection.is_empty() {
        // Every mark is gone: what is left to offer is the list's scopes, if any.
        let scopes = scope::offered(state, markable_list(state).as_ref());
        match state.bulk.flow.as_deref_mut().map(|flow| &mut flow.stage) {
            Some(BulkStage::Form(form)) if !scopes.is_empty() => {
                form.scopes = scopes;
                form.scope = 0;
            }
            _ => state.bulk.flow = None,
        }
    }
    Vec::new()
}
