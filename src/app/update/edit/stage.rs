//! Staging instead of sending: the write on the preview (or the editor's text, planned as the
//! preview would plan it) joins the staged changes with the condition its planner gave it, and
//! a check that an item is unchanged can join them too. They are committed together from the
//! staged screen as one transaction; its outcome updates every view of what it wrote.

use crate::app::command::Command;
use crate::app::request_id::RequestId;
use crate::app::state::edit::EditPurpose;
use crate::app::state::screens::staged::{StagedItem, StagedKind, transaction_done};
use crate::app::state::{Notice, State, View};
use crate::domain::edit::ConditionMode;
use crate::domain::edit::transaction::{StagedPart, plan_unchanged_check};
use crate::domain::value::AttrValue;
use crate::write::transaction::TransactionAnswer;

use super::plan::{not_described, with_context};
use super::refresh::reload_partition;
use super::selected::selected_item;
use super::show_written::show_written;
use super::write::save;

/// Why nothing can be staged now, if so.
fn refused(state: &State) -> Option<String> {
    if state.session.connection.read_only {
        return Some(
            "read-only connection: staging is refused, as the commit would be (nothing was sent)"
                .to_owned(),
        );
    }
    state
        .edits
        .staged
        .sending
        .map(|_| "the staged changes are being committed; wait for the outcome".to_owned())
}

/// `stage_write` in the editor: the text planned as for the preview, then staged.
pub(in crate::app::update) fn from_editor(state: &mut State) -> Vec<Command> {
    if let Some(reason) = refused(state) {
        state.notice = Some(Notice::Error(reason));
        return Vec::new();
    }
    save(state);
    if state
        .edits
        .flow
        .as_ref()
        .is_some_and(|flow| flow.review().is_some())
    {
        from_review(state);
    }
    Vec::new()
}

/// `stage_write` on the preview: the planned write staged, the edit closed, nothing sent.
pub(in crate::app::update) fn from_review(state: &mut State) -> Vec<Command> {
    if let Some(reason) = refused(state) {
        state.notice = Some(Notice::Error(reason));
        return Vec::new();
    }
    let Some(flow) = state.edits.flow.as_deref() else {
        return Vec::new();
    };
    let Some(review) = flow.review().filter(|_| flow.sending().is_none()) else {
        return Vec::new();
    };
    if flow.purpose == EditPurpose::Undo {
        state.notice = Some(Notice::Error(
            "an undo is sent on its own: y sends it (nothing was staged)".to_owned(),
        ));
        return Vec::new();
    }
    let Some(description) = state.described() else {
        not_described(state);
        return Vec::new();
    };
    let image = flow.original.as_ref().or(review.mine.as_ref());
    let Some(key) = image.and_then(|item| description.primary_key_of(item)) else {
        return Vec::new();
    };
    let item = StagedItem {
        kind: StagedKind::Write(flow.purpose),
        key,
        original: flow.original.clone(),
        mine: review.mine.clone(),
        mode: flow.mode,
        part: StagedPart::Write(review.planned.clone()),
        failed: None,
    };
    stage(state, item);
    state.edits.flow = None;
    Vec::new()
}

/// `stage_check` on an item: a check that it is as read (its version, else every attribute).
pub(in crate::app::update) fn check(state: &mut State) -> Vec<Command> {
    if let Some(reason) = refused(state) {
        state.notice = Some(Notice::Error(reason));
        return Vec::new();
    }
    if let View::Inspector(inspector) = state.views.current()
        && inspector.partial.is_some()
    {
        state.notice = Some(Notice::Error(
            "this is an index's partial copy of the item: fetch the base item (F) to check it"
                .to_owned(),
        ));
        return Vec::new();
    }
    let Some(original) = selected_item(state) else {
        state.notice = Some(Notice::Error(
            "select an item first (open a partition or an item)".to_owned(),
        ));
        return Vec::new();
    };
    let planned = with_context(state, Some(&original), |context| {
        plan_unchanged_check(context, &original)
    });
    match planned {
        None => not_described(state),
        Some(Err(error)) => state.notice = Some(Notice::Error(format!("{error} (nothing staged)"))),
        Some(Ok(planned)) => {
            let item = StagedItem {
                kind: StagedKind::Check,
                key: planned.key.clone(),
                original: Some(original),
                mine: None,
                mode: ConditionMode::Auto,
                part: StagedPart::Check(planned),
                failed: None,
            };
            stage(state, item);
        }
    }
    Vec::new()
}

fn stage(state: &mut State, item: StagedItem) {
    let what = format!("{}: {}", item.kind.label(), item.summary());
    let replaced = state.edits.staged.stage(item);
    let verb = if replaced {
        "staged, in place of the change staged on the same item,"
    } else {
        "staged"
    };
    let key = state
        .keymap
        .key_for(crate::keymap::Section::Inspector, &staged_screen())
        .unwrap_or_else(|| "show_staged".to_owned());
    state.notice = Some(Notice::Info(format!(
        "{verb} the {what} ({} staged; {key} shows them; nothing was sent)",
        state.edits.staged.items.len()
    )));
}

fn staged_screen() -> crate::app::action::Action {
    crate::app::action::Action::ShowScreen("show_staged")
}

/// The transaction answered: the staged screen takes the outcome, and every view of an item it
/// wrote shows the item as written.
pub(in crate::app::update) fn done(
    state: &mut State,
    id: RequestId,
    result: Result<TransactionAnswer, String>,
) -> Vec<Command> {
    let written = transaction_done(state, id, result);
    let Some(schema) = state.described().map(|description| description.key.clone()) else {
        return Vec::new();
    };
    let mut partitions: Vec<AttrValue> = Vec::new();
    for (key, after) in &written {
        show_written(state, &schema, key, after.as_ref());
        if let Some(pk) = key.get(&schema.partition.name)
            && !partitions.contains(pk)
        {
            partitions.push(pk.clone());
        }
    }
    partitions
        .into_iter()
        .filter_map(|pk| reload_partition(state, pk))
        .collect()
}
