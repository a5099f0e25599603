//! After a write: the inspector shows the item as written (or goes back when it was deleted, or
//! opens the new item), and every loaded partition the write touched is read again.

use crate::app::command::Command;
use crate::app::state::edit::{EditFlow, Review};
use crate::app::state::explore::partition::partition_text;
use crate::app::state::{State, View};
use crate::backend::TransactAction;
use crate::domain::edit::WritePlan;
use crate::domain::value::{AttrValue, Item};

use crate::app::update::edit::show_written::show_written;
use crate::app::update::explore::collections::read_from_first_page;

/// Updates the views after `flow`'s write; `after` is the item as written when the backend
/// returned it.
pub(in crate::app::update) fn after_write(
    state: &mut State,
    flow: &EditFlow,
    review: &Review,
    after: Option<Item>,
) -> Vec<Command> {
    let Some(schema) = state.described().map(|description| description.key.clone()) else {
        return Vec::new();
    };
    let written = after.or_else(|| review.mine.clone());
    let keys: Vec<Item> = touched_keys(&review.planned.plan)
        .iter()
        .filter_map(|item| schema.key_of(item))
        .collect();
    if flow.purpose.creates() {
        if let Some(item) = &written {
            state.inspect(item.clone());
        }
    } else if let View::Inspector(inspector) = state.views.current_mut()
        && schema
            .key_of(&inspector.item)
            .is_some_and(|key| keys.contains(&key))
    {
        match &written {
            Some(item) => {
                // The whole item as written: no longer an index's partial copy.
                inspector.item = item.clone();
                inspector.partial = None;
            }
            None => {
                state.views.back();
            }
        }
    }
    for key in &keys {
        let shown = written
            .as_ref()
            .filter(|item| schema.key_of(item).as_ref() == Some(key));
        show_written(state, &schema, key, shown);
    }
    let mut partitions: Vec<AttrValue> = keys
        .iter()
        .filter_map(|key| key.get(&schema.partition.name).cloned())
        .collect();
    partitions.dedup();
    partitions
        .into_iter()
        .filter_map(|pk| reload_partition(state, pk))
        .collect()
}

/// The primary keys a write plan writes.
fn touched_keys(plan: &WritePlan) -> Vec<Item> {
    match plan {
        WritePlan::Nothing => Vec::new(),
        WritePlan::Update(request) => vec![request.key.clone()],
        WritePlan::Delete(request) => vec![request.key.clone()],
        WritePlan::Put(request) => vec![request.item.clone()],
        WritePlan::MoveKey(request) => request
            .actions
            .iter()
            .filter_map(|action| match action {
                TransactAction::Put(put) => Some(put.item.clone()),
                TransactAction::Update(update) => Some(update.key.clone()),
                TransactAction::Delete(delete) => Some(delete.key.clone()),
                TransactAction::ConditionCheck { .. } => None,
            })
            .collect(),
    }
}

/// Reads a loaded partition again from its first page (an unloaded one is read when opened).
pub(super) fn reload_partition(state: &mut State, pk: AttrValue) -> Option<Command> {
    let text = partition_text(&pk);
    if !state.explore.partitions.contains_key(&text) {
        return None;
    }
    read_from_first_page(state, pk, text)
}
