//! Plans for whole-item writes: creating, deleting, and moving an item to a new key.

use super::checks::check_item;
use super::conditions::{
    all, exists, key_of, next_version, not_exists, render_condition, version_of, whole_item,
};
use super::diff::{ItemDiff, diff};
use super::error::EditError;
use super::write_plan::{ConditionMode, EditContext, PlannedWrite, WritePlan};
use crate::domain::expr::ast::{Condition, Path};
use crate::domain::expr::render::Renderer;
use crate::domain::request::{
    DeleteRequest, PutRequest, ReturnValues, TransactAction, TransactWriteRequest,
};
use crate::domain::value::{AttrValue, Item};
use crate::domain::version_attr::{moved_companion, now_millis};

/// The condition of deleting `original`: its version, or every attribute read.
pub(super) fn delete_condition(
    ctx: &EditContext<'_>,
    original: &Item,
    mode: ConditionMode,
) -> (Condition, String) {
    match version_of(ctx, original) {
        Some((name, read)) if mode == ConditionMode::Auto => (
            Condition::equals(Path::attribute(name), AttrValue::N(read.clone())),
            format!("conditioned on {name} = {read}"),
        ),
        _ => {
            let partition = &ctx.description.key.partition.name;
            let mut conditions = vec![exists(partition)];
            conditions.extend(whole_item(original));
            (
                all(conditions).unwrap_or_else(|| exists(partition)),
                "conditioned on every attribute unchanged since it was read".to_owned(),
            )
        }
    }
}

fn create_request(ctx: &EditContext<'_>, item: &Item) -> Result<PutRequest, EditError> {
    let mut renderer = Renderer::new();
    let condition = render_condition(
        &mut renderer,
        &not_exists(&ctx.description.key.partition.name),
    )?;
    Ok(PutRequest {
        table: ctx.table.to_owned(),
        item: item.clone(),
        condition,
        params: renderer.finish(),
        return_values: ReturnValues::None,
    })
}

/// Moves the item to a new key: Delete(old, conditioned) + Put(new, must not exist).
pub(super) fn plan_move(
    ctx: &EditContext<'_>,
    original: &Item,
    edited: &Item,
    changes: ItemDiff,
    mode: ConditionMode,
) -> Result<PlannedWrite, EditError> {
    let mut new_item = edited.clone();
    if let Some((name, read)) = version_of(ctx, original) {
        new_item.insert(name.to_owned(), AttrValue::N(next_version(name, read)?));
        if let Some((stamp, at)) = moved_companion(original, edited, name, now_millis()) {
            new_item.insert(stamp.to_owned(), AttrValue::N(at));
        }
    }
    check_item(ctx.description, &new_item)?;
    let (condition, summary) = delete_condition(ctx, original, mode);
    let mut renderer = Renderer::new();
    let delete = DeleteRequest {
        table: ctx.table.to_owned(),
        key: key_of(ctx, original)?,
        condition: render_condition(&mut renderer, &condition)?,
        params: renderer.finish(),
        return_values: ReturnValues::None,
    };
    let put = create_request(ctx, &new_item)?;
    Ok(PlannedWrite {
        plan: WritePlan::MoveKey(TransactWriteRequest {
            actions: vec![TransactAction::Delete(delete), TransactAction::Put(put)],
            client_token: None,
        }),
        diff: changes,
        summary: format!(
            "TransactWriteItems: DeleteItem of the old key {summary}, then PutItem of the new key conditioned on it not existing"
        ),
        original: Some(original.clone()),
        expected: Some(new_item),
        reverts: None,
        adjusts: Vec::new(),
    })
}

/// Plans creating `item`, which must not exist yet (`attribute_not_exists(<partition key>)`).
pub fn plan_create(ctx: &EditContext<'_>, item: &Item) -> Result<PlannedWrite, EditError> {
    check_item(ctx.description, item)?;
    let request = create_request(ctx, item)?;
    let changes = diff(&Item::new(), item);
    Ok(PlannedWrite {
        summary: format!(
            "PutItem of a new item conditioned on attribute_not_exists({})",
            ctx.description.key.partition.name
        ),
        plan: WritePlan::Put(request),
        diff: changes,
        original: None,
        expected: Some(item.clone()),
        reverts: None,
        adjusts: Vec::new(),
    })
}

/// Plans deleting `original` (the item as read), conditioned like an update.
pub fn plan_delete(
    ctx: &EditContext<'_>,
    original: &Item,
    mode: ConditionMode,
) -> Result<PlannedWrite, EditError> {
    let key = key_of(ctx, original)?;
    let (condition, summary) = delete_condition(ctx, original, mode);
    let mut renderer = Renderer::new();
    let condition = render_condition(&mut renderer, &condition)?;
    let mut changes = diff(original, &Item::new());
    // Every attribute is removed; the diff lists them for the preview.
    changes.changes.retain(|change| change.new.is_none());
    Ok(PlannedWrite {
        plan: WritePlan::Delete(DeleteRequest {
            table: ctx.table.to_owned(),
            key,
            condition,
            params: renderer.finish(),
            return_values: ReturnValues::AllOld,
        }),
        diff: changes,
        summary: format!("DeleteItem {summary}"),
        original: Some(original.clone()),
        expected: None,
        reverts: None,
        adjusts: Vec::new(),
    })
}
