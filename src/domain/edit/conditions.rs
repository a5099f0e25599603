//! Building blocks of write plans: conditions as AST, the version counter, expression limits and
//! keys. Shared by [`super::plan`] and [`super::lifecycle`].

use super::error::EditError;
use super::write_plan::EditContext;
use crate::domain::expr::MAX_EXPRESSION_BYTES;
use crate::domain::expr::ast::{Condition, Function, Path, PathElement};
use crate::domain::expr::render::Renderer;
use crate::domain::expr::span::Span;
use crate::domain::number::Number;
use crate::domain::request::Condition as WireCondition;
use crate::domain::value::{AttrValue, Item};
use crate::domain::version_attr::{VersionAttribute, version_attribute};

pub(super) fn path(elements: &[PathElement]) -> Path {
    Path {
        elements: elements.to_vec(),
        span: Span::default(),
    }
}

pub(super) fn function(function: Function) -> Condition {
    Condition::Function {
        function,
        span: Span::default(),
    }
}

pub(super) fn exists(name: &str) -> Condition {
    function(Function::AttributeExists(Path::attribute(name)))
}

pub(super) fn not_exists(name: &str) -> Condition {
    function(Function::AttributeNotExists(Path::attribute(name)))
}

pub(super) fn all(conditions: Vec<Condition>) -> Option<Condition> {
    conditions.into_iter().reduce(Condition::and)
}

/// The condition that the attribute (or nested path) still holds `value` (absent for `None`).
pub(super) fn holds(elements: &[PathElement], value: Option<&AttrValue>) -> Condition {
    match value {
        Some(value) => Condition::equals(path(elements), value.clone()),
        None => function(Function::AttributeNotExists(path(elements))),
    }
}

/// `name = value` for every attribute read, in name order.
pub(super) fn whole_item(original: &Item) -> Vec<Condition> {
    original
        .iter()
        .map(|(name, value)| Condition::equals(Path::attribute(name.clone()), value.clone()))
        .collect()
}

/// The item's version counter, incremented by every write whatever the mode (conditioned on in
/// `Auto` mode).
pub(super) fn version_of<'a>(
    ctx: &EditContext<'a>,
    original: &'a Item,
) -> Option<(&'a str, &'a Number)> {
    match version_attribute(original, ctx.version_attribute) {
        VersionAttribute::Found { name, value } => Some((name, value)),
        _ => None,
    }
}

pub(super) fn next_version(name: &str, value: &Number) -> Result<Number, EditError> {
    value
        .to_i128()
        .and_then(|v| v.checked_add(1))
        .and_then(|v| Number::parse(&v.to_string()).ok())
        .ok_or_else(|| EditError::VersionOverflow {
            attribute: name.to_owned(),
        })
}

/// Refuses an expression the service would refuse for its length.
pub(super) fn within_limit(which: &'static str, text: &str) -> Result<(), EditError> {
    if text.len() > MAX_EXPRESSION_BYTES {
        return Err(EditError::ExpressionTooLong {
            which,
            bytes: text.len(),
        });
    }
    Ok(())
}

pub(super) fn render_condition(
    renderer: &mut Renderer,
    condition: &Condition,
) -> Result<WireCondition, EditError> {
    let text = renderer.condition(condition);
    within_limit("ConditionExpression", &text)?;
    Ok(WireCondition::new(text))
}

/// The key of `item`, which `check_item` has verified is complete.
pub(super) fn key_of(ctx: &EditContext<'_>, item: &Item) -> Result<Item, EditError> {
    ctx.description
        .primary_key_of(item)
        .ok_or_else(|| EditError::KeyRemoved {
            attribute: ctx.description.key.partition.name.clone(),
        })
}

pub(super) fn key_changed(ctx: &EditContext<'_>, original: &Item, edited: &Item) -> bool {
    ctx.description
        .key
        .names()
        .any(|name| original.get(name) != edited.get(name))
}
