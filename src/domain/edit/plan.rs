//! Turning an edit into the one conditioned write that applies it: [`plan_edit`],
//! [`plan_create`], [`plan_delete`].
//!
//! Conditions, always (no write is ever unconditional):
//! - a version attribute (see [`crate::domain::version_attr`]) → `version = <read>` and the
//!   update sets it to `<read> + 1`;
//! - otherwise every changed path still holds the value read (`attribute_not_exists` where it was
//!   absent) and the item exists;
//! - [`ConditionMode::WholeItem`] conditions on every attribute read;
//! - creates: `attribute_not_exists(<partition key>)`;
//! - deletes: the version, or every attribute read.
//!
//! A changed primary key becomes a transaction: Delete(old key, conditioned) + Put(new item,
//! `attribute_not_exists`).

use super::checks::check_item;
use super::diff::{ItemDiff, apply_changes, diff};
use super::error::EditError;
use crate::backend::request::{
    Condition as WireCondition, DeleteRequest, PutRequest, ReturnValues, TransactAction,
    TransactWriteRequest, UpdateRequest,
};
use crate::domain::expr::MAX_EXPRESSION_BYTES;
use crate::domain::expr::ast::{
    Condition, Function, Path, PathElement, SetAction, SetValue, UpdateExpr, UpdateOperand, Value,
};
use crate::domain::expr::render::Renderer;
use crate::domain::expr::span::Span;
use crate::domain::number::Number;
use crate::domain::schema::TableDescription;
use crate::domain::value::{AttrValue, Item};
use crate::domain::version_attr::{VersionAttribute, version_attribute};

/// Which condition guards an edit or delete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ConditionMode {
    /// The version attribute when the item has one, else [`Self::ChangedValues`].
    #[default]
    Auto,
    /// Every changed path still holds the value read, and the item exists.
    ChangedValues,
    /// Every attribute read still holds its value (stricter: any concurrent change conflicts).
    /// DynamoDB conditions cannot say "no other attribute", so attributes added meanwhile by
    /// someone else do not conflict.
    WholeItem,
}

/// What an edit is planned against.
#[derive(Clone, Copy, Debug)]
pub struct EditContext<'a> {
    pub table: &'a str,
    pub description: &'a TableDescription,
    /// From `--version-attr` or the model file; `None` detects the known names.
    pub version_attribute: Option<&'a str>,
}

/// What will be sent. `Nothing` for a no-op edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WritePlan {
    Nothing,
    Update(UpdateRequest),
    Put(PutRequest),
    Delete(DeleteRequest),
    /// A key change: `actions[0]` deletes the old item, `actions[1]` puts the new one.
    MoveKey(TransactWriteRequest),
}

/// A plan with what it is about, for the preview and the journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedWrite {
    pub plan: WritePlan,
    pub diff: ItemDiff,
    /// One line for people, e.g. `UpdateItem conditioned on version = 7`.
    pub summary: String,
    /// The item as read (`None` for a create): the journal's before-image when the service does
    /// not return one (a transaction returns no item).
    pub original: Option<Item>,
    /// The item as it will be after the write (`None` for a delete).
    pub expected: Option<Item>,
}

fn path(elements: &[PathElement]) -> Path {
    Path {
        elements: elements.to_vec(),
        span: Span::default(),
    }
}

fn function(function: Function) -> Condition {
    Condition::Function {
        function,
        span: Span::default(),
    }
}

fn exists(name: &str) -> Condition {
    function(Function::AttributeExists(Path::attribute(name)))
}

fn not_exists(name: &str) -> Condition {
    function(Function::AttributeNotExists(Path::attribute(name)))
}

fn all(conditions: Vec<Condition>) -> Option<Condition> {
    conditions.into_iter().reduce(Condition::and)
}

/// The condition that the attribute (or nested path) still holds `value` (absent for `None`).
fn holds(elements: &[PathElement], value: Option<&AttrValue>) -> Condition {
    match value {
        Some(value) => Condition::equals(path(elements), value.clone()),
        None => function(Function::AttributeNotExists(path(elements))),
    }
}

/// `name = value` for every attribute read, in name order.
fn whole_item(original: &Item) -> Vec<Condition> {
    original
        .iter()
        .map(|(name, value)| Condition::equals(Path::attribute(name.clone()), value.clone()))
        .collect()
}

/// The version counter to condition on, in `Auto` mode.
fn version_of<'a>(
    ctx: &EditContext<'a>,
    original: &'a Item,
    mode: ConditionMode,
) -> Option<(&'a str, &'a Number)> {
    if mode != ConditionMode::Auto && mode != ConditionMode::WholeItem {
        return None;
    }
    match version_attribute(original, ctx.version_attribute) {
        VersionAttribute::Found { name, value } => Some((name, value)),
        _ => None,
    }
}

fn next_version(name: &str, value: &Number) -> Result<Number, EditError> {
    value
        .to_i128()
        .and_then(|v| v.checked_add(1))
        .and_then(|v| Number::parse(&v.to_string()).ok())
        .ok_or_else(|| EditError::VersionOverflow {
            attribute: name.to_owned(),
        })
}

/// Refuses an expression the service would refuse for its length.
fn within_limit(which: &'static str, text: &str) -> Result<(), EditError> {
    if text.len() > MAX_EXPRESSION_BYTES {
        return Err(EditError::ExpressionTooLong {
            which,
            bytes: text.len(),
        });
    }
    Ok(())
}

fn render_condition(
    renderer: &mut Renderer,
    condition: &Condition,
) -> Result<WireCondition, EditError> {
    let text = renderer.condition(condition);
    within_limit("ConditionExpression", &text)?;
    Ok(WireCondition::new(text))
}

/// The key of `item`, which [`check_item`] has verified is complete.
fn key_of(ctx: &EditContext<'_>, item: &Item) -> Result<Item, EditError> {
    ctx.description
        .primary_key_of(item)
        .ok_or_else(|| EditError::KeyRemoved {
            attribute: ctx.description.key.partition.name.clone(),
        })
}

fn key_changed(ctx: &EditContext<'_>, original: &Item, edited: &Item) -> bool {
    ctx.description
        .key
        .names()
        .any(|name| original.get(name) != edited.get(name))
}

/// Plans saving `edited`, an edit of `original` (the item as read).
pub fn plan_edit(
    ctx: &EditContext<'_>,
    original: &Item,
    edited: &Item,
    mode: ConditionMode,
) -> Result<PlannedWrite, EditError> {
    check_item(ctx.description, edited)?;
    let version = version_of(ctx, original, mode);
    if let Some((name, _)) = version
        && original.get(name) != edited.get(name)
    {
        return Err(EditError::VersionEdited {
            attribute: name.to_owned(),
        });
    }
    let changes = diff(original, edited);
    if changes.is_empty() {
        return Ok(PlannedWrite {
            plan: WritePlan::Nothing,
            diff: changes,
            summary: "no change: nothing to send".to_owned(),
            original: Some(original.clone()),
            expected: Some(original.clone()),
        });
    }
    if key_changed(ctx, original, edited) {
        return plan_move(ctx, original, edited, changes, mode);
    }
    let mut update = UpdateExpr::default();
    for change in &changes.changes {
        match &change.new {
            Some(value) => update.set.push(SetAction {
                path: path(&change.elements),
                value: SetValue::Operand(UpdateOperand::Value(Value::new(value.clone()))),
            }),
            None => update.remove.push(path(&change.elements)),
        }
    }
    let mut expected = edited.clone();
    let (condition, summary) = match version {
        Some((name, read)) => {
            let next = next_version(name, read)?;
            update.set.push(SetAction {
                path: Path::attribute(name),
                value: SetValue::Operand(UpdateOperand::Value(Value::new(AttrValue::N(
                    next.clone(),
                )))),
            });
            expected.insert(name.to_owned(), AttrValue::N(next.clone()));
            let mut conditions = vec![Condition::equals(
                Path::attribute(name),
                AttrValue::N(read.clone()),
            )];
            if mode == ConditionMode::WholeItem {
                conditions = whole_item(original);
            }
            let summary = format!(
                "UpdateItem of {} path(s) conditioned on {name} = {read}{}, setting {name} = {next}",
                changes.changes.len(),
                if mode == ConditionMode::WholeItem {
                    " and every attribute unchanged"
                } else {
                    ""
                }
            );
            (all(conditions), summary)
        }
        None => {
            let partition = &ctx.description.key.partition.name;
            let mut conditions = vec![exists(partition)];
            let summary = if mode == ConditionMode::WholeItem {
                conditions.extend(whole_item(original));
                "every attribute unchanged since it was read"
            } else {
                conditions.extend(
                    changes
                        .changes
                        .iter()
                        .map(|change| holds(&change.elements, change.old.as_ref())),
                );
                "every changed attribute still holding the value read"
            };
            let summary = format!(
                "UpdateItem of {} path(s) conditioned on the item existing and {summary}",
                changes.changes.len()
            );
            (all(conditions), summary)
        }
    };
    let mut renderer = Renderer::new();
    let update_text = renderer.update(&update);
    within_limit("UpdateExpression", &update_text)?;
    // Both branches build at least one condition; the fallback keeps the write conditioned.
    let condition = condition.unwrap_or_else(|| exists(&ctx.description.key.partition.name));
    let condition = render_condition(&mut renderer, &condition)?;
    let request = UpdateRequest {
        table: ctx.table.to_owned(),
        key: key_of(ctx, original)?,
        update: update_text,
        condition,
        params: renderer.finish(),
        return_values: ReturnValues::AllNew,
    };
    Ok(PlannedWrite {
        plan: WritePlan::Update(request),
        diff: changes,
        summary,
        original: Some(original.clone()),
        expected: Some(expected),
    })
}

/// The condition of deleting `original`: its version, or every attribute read.
fn delete_condition(
    ctx: &EditContext<'_>,
    original: &Item,
    mode: ConditionMode,
) -> (Condition, String) {
    match version_of(ctx, original, mode) {
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
fn plan_move(
    ctx: &EditContext<'_>,
    original: &Item,
    edited: &Item,
    changes: ItemDiff,
    mode: ConditionMode,
) -> Result<PlannedWrite, EditError> {
    let mut new_item = edited.clone();
    if let Some((name, read)) = version_of(ctx, original, mode) {
        new_item.insert(name.to_owned(), AttrValue::N(next_version(name, read)?));
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
    })
}

/// The before-image of a successful update, from its after-image (ALL_NEW): every changed path
/// put back to the value read, the version back to the value read.
#[must_use]
pub fn before_from_after(planned: &PlannedWrite, after: &Item) -> Item {
    let mut before = after.clone();
    apply_changes(&mut before, &planned.diff.changes, false);
    if let (Some(original), Some(expected)) = (&planned.original, &planned.expected) {
        for (name, value) in expected {
            if original.get(name) != Some(value)
                && !planned.diff.attributes().contains(&name.as_str())
            {
                // Only the version attribute differs this way (the plan added its increment).
                match original.get(name) {
                    Some(read) => before.insert(name.clone(), read.clone()),
                    None => before.remove(name),
                };
            }
        }
    }
    before
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
