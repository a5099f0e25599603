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
use super::conditions::{
    all, exists, holds, key_changed, key_of, next_version, path, render_condition, version_of,
    whole_item, within_limit,
};
use super::diff::{ItemDiff, apply_changes, diff};
use super::error::EditError;
use super::lifecycle::plan_move;
use crate::domain::expr::ast::{
    Condition, Path, SetAction, SetValue, UpdateExpr, UpdateOperand, Value,
};
use crate::domain::expr::render::Renderer;
use crate::domain::number::Number;
use crate::domain::request::{ReturnValues, UpdateRequest};
use crate::domain::value::{AttrValue, Item};
use crate::domain::version_attr::{
    AMPLIFY_LAST_CHANGED, is_tombstone, moved_companion, now_millis,
};

pub use super::lifecycle::{plan_create, plan_delete};
pub use super::write_plan::{ConditionMode, EditContext, PlannedWrite, WritePlan};

/// Plans saving `edited`, an edit of `original` (the item as read).
pub fn plan_edit(
    ctx: &EditContext<'_>,
    original: &Item,
    edited: &Item,
    mode: ConditionMode,
) -> Result<PlannedWrite, EditError> {
    if is_tombstone(original) {
        return Err(EditError::Tombstone);
    }
    check_item(ctx.description, edited)?;
    let version = version_of(ctx, original);
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
            reverts: None,
            adjusts: Vec::new(),
        });
    }
    if key_changed(ctx, original, edited) {
        return plan_move(ctx, original, edited, changes, mode);
    }
    let mut update = update_of(&changes);
    let mut expected = edited.clone();
    let bump = match version {
        Some((name, read)) => {
            let versioned = Versioned { name, read, mode };
            versioned.bump(&mut update, &mut expected, original, edited)?
        }
        None => String::new(),
    };
    let (conditions, guard) = guard(ctx, mode, version, original, &changes);
    let summary = format!(
        "UpdateItem of {} path(s) conditioned on {guard}{bump}",
        changes.changes.len()
    );
    Ok(PlannedWrite {
        plan: WritePlan::Update(update_request(ctx, original, &update, conditions)?),
        diff: changes,
        summary,
        original: Some(original.clone()),
        expected: Some(expected),
        reverts: None,
        adjusts: Vec::new(),
    })
}

/// The update that makes each changed path hold its new value (or removes it).
fn update_of(changes: &ItemDiff) -> UpdateExpr {
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
    update
}

fn set_number(update: &mut UpdateExpr, name: &str, number: Number) {
    update.set.push(SetAction {
        path: Path::attribute(name),
        value: SetValue::Operand(UpdateOperand::Value(Value::new(AttrValue::N(number)))),
    });
}

/// The item's version attribute `name`, read as `read`, on an update conditioned as `mode`.
struct Versioned<'a> {
    name: &'a str,
    read: &'a Number,
    mode: ConditionMode,
}

impl Versioned<'_> {
    /// Adds the version's move to `update` (and to the item `expected` after it), with the
    /// timestamp that moves with it; says what it sets, for the summary.
    fn bump(
        &self,
        update: &mut UpdateExpr,
        expected: &mut Item,
        original: &Item,
        edited: &Item,
    ) -> Result<String, EditError> {
        let name = self.name;
        let next = next_version(name, self.read)?;
        let mut bump = if self.mode == ConditionMode::ChangedValues {
            // Not conditioned on the counter: add one to whatever it holds now, so writers that
            // rely on it still see that the item changed.
            update.set.push(SetAction {
                path: Path::attribute(name),
                value: SetValue::Plus(
                    UpdateOperand::Path(Path::attribute(name)),
                    UpdateOperand::Value(Value::new(AttrValue::n(1))),
                ),
            });
            format!(", incrementing {name}")
        } else {
            set_number(update, name, next.clone());
            format!(", setting {name} = {next}")
        };
        expected.insert(name.to_owned(), AttrValue::N(next));
        // AppSync clients order changes by this timestamp: it moves with every version.
        if let Some((stamp, at)) = moved_companion(original, edited, name, now_millis()) {
            bump.push_str(&format!(" and {stamp} = {at}"));
            set_number(update, stamp, at.clone());
            expected.insert(stamp.to_owned(), AttrValue::N(at));
        }
        Ok(bump)
    }
}

/// What the update is conditioned on, and that in words: the version read, every attribute
/// read, or every changed path still holding the value read.
fn guard(
    ctx: &EditContext<'_>,
    mode: ConditionMode,
    version: Option<(&str, &Number)>,
    original: &Item,
    changes: &ItemDiff,
) -> (Vec<Condition>, String) {
    let partition = &ctx.description.key.partition.name;
    match (mode, version) {
        (ConditionMode::Auto, Some((name, read))) => (
            vec![Condition::equals(
                Path::attribute(name),
                AttrValue::N(read.clone()),
            )],
            format!("{name} = {read}"),
        ),
        (ConditionMode::WholeItem, _) => {
            let mut conditions = vec![exists(partition)];
            conditions.extend(whole_item(original));
            (
                conditions,
                "the item existing and every attribute unchanged since it was read".to_owned(),
            )
        }
        _ => {
            let mut conditions = vec![exists(partition)];
            conditions.extend(
                changes
                    .changes
                    .iter()
                    .map(|change| holds(&change.elements, change.old.as_ref())),
            );
            (
                conditions,
                "the item existing and every changed attribute still holding the value read"
                    .to_owned(),
            )
        }
    }
}

/// The UpdateItem request of `update` on `original`'s key, conditioned on all of `conditions`.
fn update_request(
    ctx: &EditContext<'_>,
    original: &Item,
    update: &UpdateExpr,
    conditions: Vec<Condition>,
) -> Result<UpdateRequest, EditError> {
    let condition = all(conditions);
    let mut renderer = Renderer::new();
    let update_text = renderer.update(update);
    within_limit("UpdateExpression", &update_text)?;
    // Both branches build at least one condition; the fallback keeps the write conditioned.
    let condition = condition.unwrap_or_else(|| exists(&ctx.description.key.partition.name));
    let condition = render_condition(&mut renderer, &condition)?;
    Ok(UpdateRequest {
        table: ctx.table.to_owned(),
        key: key_of(ctx, original)?,
        update: update_text,
        condition,
        params: renderer.finish(),
        return_values: ReturnValues::AllNew,
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
                if name == AMPLIFY_LAST_CHANGED {
                    // Written beside the version at the time of the write: the value read.
                    if let Some(read) = original.get(name) {
                        before.insert(name.clone(), read.clone());
                    }
                    continue;
                }
                // Otherwise only the version attribute differs this way (the plan added its increment):
                // one less than written, which is the value read unless the mode let it move.
                let previous = after
                    .get(name)
                    .and_then(AttrValue::as_n)
                    .and_then(Number::to_i128)
                    .and_then(|written| Number::parse(&(written - 1).to_string()).ok());
                match previous
                    .map(AttrValue::N)
                    .or_else(|| original.get(name).cloned())
                {
                    Some(read) => before.insert(name.clone(), read),
                    None => before.remove(name),
                };
            }
        }
    }
    super::adjust::undo_adjustments(&mut before, after, &planned.adjusts);
    before
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
