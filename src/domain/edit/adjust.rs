//! A number adjusted where it stands: `SET balance = balance + :by`, guarded by what the result
//! may be (`balance >= :low`) instead of by the value read. Writers adjusting the same number at
//! the same time then all count, where rewriting the value read would make all but one conflict
//! (or, unconditioned, lose their increments). The write is still conditioned: on the item
//! existing and the guard holding (or, without a guard, the attribute holding a number).

use super::adjustment::Adjustment;
use super::checks::check_item;
use super::conditions::{all, exists, key_of, next_version, path, render_condition, version_of};
use super::diff::{AttributeChange, ItemDiff, apply_changes, diff, display_path};
use super::error::EditError;
use super::write_plan::{EditContext, PlannedWrite, WritePlan};
use crate::domain::expr::ast::{
    Comparator, Condition, Function, Operand, Path, PathElement, SetAction, SetValue, UpdateExpr,
    UpdateOperand, Value,
};
use crate::domain::expr::eval::lookup;
use crate::domain::expr::render::Renderer;
use crate::domain::number::Number;
use crate::domain::request::{ReturnValues, UpdateRequest};
use crate::domain::value::{AttrValue, Item};
use crate::domain::version_attr::is_tombstone;
use crate::domain::why::literal::value_text;

impl Adjustment {
    /// The lowest value the number may hold before the write so the result is at least
    /// `at_least`, and the highest so it is at most `at_most`.
    fn before_bounds(&self) -> Result<(Option<Number>, Option<Number>), EditError> {
        let before = |bound: &Option<Number>| {
            bound
                .as_ref()
                .map(|bound| bound.checked_sub(&self.by).map_err(|_| self.overflow()))
                .transpose()
        };
        Ok((before(&self.at_least)?, before(&self.at_most)?))
    }

    fn overflow(&self) -> EditError {
        EditError::Adjustment(format!(
            "{}: the result would not fit DynamoDB's 38 digits",
            self.describe()
        ))
    }

    /// The number after the adjustment, from the value read; refuses a value that is not a
    /// number, and a result outside the bounds (nothing is sent: as read, the guard would fail).
    fn applied_to(&self, item: &Item) -> Result<Number, EditError> {
        let shown = display_path(&self.path);
        let read = match lookup(item, &path(&self.path)) {
            Some(AttrValue::N(number)) => number,
            Some(other) => {
                return Err(EditError::Adjustment(format!(
                    "{shown} holds {} {}, not a number: only a number can be adjusted; set it instead",
                    other.value_type(),
                    value_text(other)
                )));
            }
            None => {
                return Err(EditError::Adjustment(format!(
                    "the item has no {shown}: only a number it holds can be adjusted; set it instead"
                )));
            }
        };
        let result = read.checked_add(&self.by).map_err(|_| self.overflow())?;
        let below = self.at_least.as_ref().filter(|low| result < **low);
        let above = self.at_most.as_ref().filter(|high| result > **high);
        if let Some(bound) = below.or(above) {
            let word = if below.is_some() { "below" } else { "above" };
            return Err(EditError::GuardFailed(format!(
                "{shown} is {read}: adding {} would leave it at {result}, {word} {bound}",
                self.by
            )));
        }
        Ok(result)
    }

    /// `path >= :low AND path <= :high` on the value before the write, or `attribute_type(path,
    /// N)` without bounds, so the addition never meets a value that is not a number.
    fn guard(&self) -> Result<Vec<Condition>, EditError> {
        let (low, high) = self.before_bounds()?;
        let compare = |op, bound: Number| Condition::Compare {
            left: Operand::Path(path(&self.path)),
            op,
            right: Operand::Value(Value::new(AttrValue::N(bound))),
            span: Default::default(),
        };
        let guards: Vec<Condition> = [(Comparator::Ge, low), (Comparator::Le, high)]
            .into_iter()
            .filter_map(|(op, bound)| bound.map(|bound| compare(op, bound)))
            .collect();
        if !guards.is_empty() {
            return Ok(guards);
        }
        Ok(vec![Condition::Function {
            function: Function::AttributeType(
                path(&self.path),
                Operand::Value(Value::new(AttrValue::S("N".to_owned()))),
            ),
            span: Default::default(),
        }])
    }
}

/// Plans adjusting `adjustments` of `original` (the item as read): one UpdateItem adding each
/// amount where the number stands, incrementing the version attribute (not conditioned on it),
/// conditioned on the item existing and every guard.
pub fn plan_adjust(
    ctx: &EditContext<'_>,
    original: &Item,
    adjustments: &[Adjustment],
) -> Result<PlannedWrite, EditError> {
    if is_tombstone(original) {
        return Err(EditError::Tombstone);
    }
    let mut adjusted = original.clone();
    let mut update = UpdateExpr::default();
    let mut conditions = vec![exists(&ctx.description.key.partition.name)];
    for adjustment in adjustments {
        refuse_key(ctx, adjustment)?;
        let result = adjustment.applied_to(original)?;
        apply_changes(&mut adjusted, &[set_number(&adjustment.path, result)], true);
        update
            .set
            .push(add(&path(&adjustment.path), &adjustment.by));
        conditions.extend(adjustment.guard()?);
    }
    check_item(ctx.description, &adjusted)?;
    let changes: ItemDiff = diff(original, &adjusted);
    let mut expected = adjusted;
    let mut bump = String::new();
    if let Some((name, read)) = version_of(ctx, original) {
        update.set.push(add(
            &Path::attribute(name),
            &Number::parse("1").expect("one"),
        ));
        expected.insert(name.to_owned(), AttrValue::N(next_version(name, read)?));
        bump = format!(", incrementing {name}");
    }
    let mut renderer = Renderer::new();
    let update_text = renderer.update(&update);
    super::conditions::within_limit("UpdateExpression", &update_text)?;
    let condition = all(conditions).expect("the item's existence is always a condition");
    let condition = render_condition(&mut renderer, &condition)?;
    let described: Vec<String> = adjustments.iter().map(Adjustment::describe).collect();
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
        summary: format!(
            "UpdateItem adjusting {} where it stands, conditioned on the item existing and the guard{bump}",
            described.join(", ")
        ),
        original: Some(original.clone()),
        expected: Some(expected),
        reverts: None,
        adjusts: adjustments.to_vec(),
    })
}

fn set_number(elements: &[PathElement], value: Number) -> AttributeChange {
    AttributeChange {
        path: display_path(elements),
        elements: elements.to_vec(),
        old: None,
        new: Some(AttrValue::N(value)),
    }
}

fn add(target: &Path, by: &Number) -> SetAction {
    SetAction {
        path: target.clone(),
        value: SetValue::Plus(
            UpdateOperand::Path(target.clone()),
            UpdateOperand::Value(Value::new(AttrValue::N(by.clone()))),
        ),
    }
}

/// A key attribute of the table is never adjusted: the item would move, which is a key change.
fn refuse_key(ctx: &EditContext<'_>, adjustment: &Adjustment) -> Result<(), EditError> {
    match adjustment.path.as_slice() {
        [PathElement::Name(name)] if ctx.description.key.names().any(|key| key == name) => {
            Err(EditError::Adjustment(format!(
                "{name} is a key attribute of the table: adjusting it would move the item; edit the key instead"
            )))
        }
        _ => Ok(()),
    }
}

/// The before-image of a written adjustment from its after-image (ALL_NEW): each number less
/// what was added. Exact whatever others wrote before it, as the addition is atomic.
pub(super) fn undo_adjustments(before: &mut Item, after: &Item, adjustments: &[Adjustment]) {
    for adjustment in adjustments {
        let Some(AttrValue::N(written)) = lookup(after, &path(&adjustment.path)) else {
            continue;
        };
        if let Ok(previous) = written.checked_sub(&adjustment.by) {
            apply_changes(before, &[set_number(&adjustment.path, previous)], true);
        }
    }
}

#[cfg(test)]
#[path = "adjust_tests.rs"]
mod tests;
