//! Applying an UpdateExpression to an item, with the service's rules: every read happens before
//! any write; `SET a[i]` past the end appends (in index order); `REMOVE a[i]` shifts later
//! elements down, with indexes referring to the list before the update; ADD adds numbers and
//! unites sets (a missing attribute counts as 0 / the empty set); DELETE removes set members
//! and drops an emptied set; arithmetic is exact to 38 digits.

use std::cmp::Reverse;

use super::lookup::lookup;
use crate::domain::expr::ast::{
    Path, PathElement, SetValue, UpdateExpr, UpdateOperand, ValueAction,
};
use crate::domain::expr::error::{ExprError, ExprKind};
use crate::domain::expr::span::Span;
use crate::domain::value::{AttrValue, Item};

const MISSING_ATTRIBUTE: &str =
    "The provided expression refers to an attribute that does not exist in the item";
const WRONG_TYPE: &str = "An operand in the update expression has an incorrect data type";
const INVALID_PATH: &str =
    "The document path provided in the update expression is invalid for update";

fn error(message: impl Into<String>, span: Span) -> ExprError {
    ExprError::plain(ExprKind::Update, message, span.range())
}

/// A write decided during the read phase.
enum Write<'a> {
    Put(&'a Path, AttrValue),
    Remove(&'a Path),
}

/// Applies `update` to `item` (`None` when the item does not exist yet) and returns the new
/// item. Key attributes are the caller's business: the engine adds the key of a created item
/// and rejects updates of key attributes before calling this.
pub fn apply_update(update: &UpdateExpr, item: Option<&Item>) -> Result<Item, ExprError> {
    let empty = Item::new();
    let old = item.unwrap_or(&empty);
    let mut writes = Vec::new();
    for action in &update.set {
        let value = evaluate_set_value(&action.value, old, action.path.span)?;
        writes.push(Write::Put(&action.path, value));
    }
    for action in &update.add {
        writes.push(Write::Put(&action.path, added(action, old)?));
    }
    for action in &update.delete {
        if let Some(write) = deleted(action, old)? {
            writes.push(write);
        }
    }
    let mut new = old.clone();
    // Appends past the end of a list land in index order, whatever order the text used.
    let mut puts: Vec<(&Path, AttrValue)> = Vec::new();
    let mut removes: Vec<&Path> = update.remove.iter().collect();
    for write in writes {
        match write {
            Write::Put(path, value) => puts.push((path, value)),
            Write::Remove(path) => removes.push(path),
        }
    }
    puts.sort_by(|a, b| a.0.elements.cmp(&b.0.elements));
    for (path, value) in puts {
        put(&mut new, path, value)?;
    }
    // Highest indexes first, so every index still means what it meant before the update.
    removes.sort_by_key(|path| Reverse(&path.elements));
    for path in removes {
        remove(&mut new, old, path, item.is_some())?;
    }
    Ok(new)
}

fn evaluate_set_value(value: &SetValue, item: &Item, span: Span) -> Result<AttrValue, ExprError> {
    match value {
        SetValue::Operand(operand) => evaluate_operand(operand, item),
        SetValue::Plus(a, b) | SetValue::Minus(a, b) => {
            let (a, b) = (evaluate_operand(a, item)?, evaluate_operand(b, item)?);
            let (AttrValue::N(a), AttrValue::N(b)) = (a, b) else {
                return Err(error(WRONG_TYPE, span));
            };
            let result = if matches!(value, SetValue::Plus(..)) {
                a.checked_add(&b)
            } else {
                a.checked_sub(&b)
            };
            result
                .map(AttrValue::N)
                .map_err(|problem| error(problem.to_string(), span))
        }
    }
}

fn evaluate_operand(operand: &UpdateOperand, item: &Item) -> Result<AttrValue, ExprError> {
    match operand {
        UpdateOperand::Path(path) => lookup(item, path)
            .cloned()
            .ok_or_else(|| error(MISSING_ATTRIBUTE, path.span)),
        UpdateOperand::Value(value) => Ok(value.value.clone()),
        UpdateOperand::IfNotExists { path, default, .. } => match lookup(item, path) {
            Some(value) => Ok(value.clone()),
            None => evaluate_operand(default, item),
        },
        UpdateOperand::ListAppend {
            first,
            second,
            span,
        } => {
            let (first, second) = (
                evaluate_operand(first, item)?,
                evaluate_operand(second, item)?,
            );
            let (AttrValue::L(mut first), AttrValue::L(second)) = (first, second) else {
                return Err(error(WRONG_TYPE, *span));
            };
            first.extend(second);
            Ok(AttrValue::L(first))
        }
    }
}

/// The value after `ADD path :v`.
fn added(action: &ValueAction, item: &Item) -> Result<AttrValue, ExprError> {
    let span = action.value.span;
    let operand = &action.value.value;
    let Some(current) = lookup(item, &action.path) else {
        return Ok(operand.clone());
    };
    Ok(match (current, operand) {
        (AttrValue::N(a), AttrValue::N(b)) => AttrValue::N(
            a.checked_add(b)
                .map_err(|problem| error(problem.to_string(), span))?,
        ),
        (AttrValue::Ss(a), AttrValue::Ss(b)) => AttrValue::Ss(a.union(b).cloned().collect()),
        (AttrValue::Ns(a), AttrValue::Ns(b)) => AttrValue::Ns(a.union(b).cloned().collect()),
        (AttrValue::Bs(a), AttrValue::Bs(b)) => AttrValue::Bs(a.union(b).cloned().collect()),
        _ => return Err(error(WRONG_TYPE, span)),
    })
}

/// The write after `DELETE path :set`; `None` when there is nothing to delete from.
fn deleted<'a>(action: &'a ValueAction, item: &Item) -> Result<Option<Write<'a>>, ExprError> {
    let Some(current) = lookup(item, &action.path) else {
        return Ok(None);
    };
    let remaining = match (current, &action.value.value) {
        (AttrValue::Ss(a), AttrValue::Ss(b)) => AttrValue::Ss(a.difference(b).cloned().collect()),
        (AttrValue::Ns(a), AttrValue::Ns(b)) => AttrValue::Ns(a.difference(b).cloned().collect()),
        (AttrValue::Bs(a), AttrValue::Bs(b)) => AttrValue::Bs(a.difference(b).cloned().collect()),
        _ => return Err(error(WRONG_TYPE, action.value.span)),
    };
    let emptied = match &remaining {
        AttrValue::Ss(set) => set.is_empty(),
        AttrValue::Ns(set) => set.is_empty(),
        AttrValue::Bs(set) => set.is_empty(),
        _ => false,
    };
    Ok(Some(if emptied {
        Write::Remove(&action.path)
    } else {
        Write::Put(&action.path, remaining)
    }))
}

/// The container holding the last element of `path`, or `None` when a step is missing or of
/// the wrong type.
fn parent_mut<'a>(item: &'a mut Item, path: &Path) -> Option<&'a mut AttrValue> {
    let (first, rest) = path.elements.split_first()?;
    let PathElement::Name(root) = first else {
        return None;
    };
    let mut current = item.get_mut(root)?;
    for element in &rest[..rest.len().saturating_sub(1)] {
        current = match (element, current) {
            (PathElement::Name(key), AttrValue::M(map)) => map.get_mut(key)?,
            (PathElement::Index(index), AttrValue::L(list)) => list.get_mut(*index)?,
            _ => return None,
        };
    }
    Some(current)
}

fn put(item: &mut Item, path: &Path, value: AttrValue) -> Result<(), ExprError> {
    let invalid = || error(INVALID_PATH, path.span);
    if let [PathElement::Name(root)] = path.elements.as_slice() {
        item.insert(root.clone(), value);
        return Ok(());
    }
    let last = path.elements.last().ok_or_else(invalid)?;
    let parent = parent_mut(item, path).ok_or_else(invalid)?;
    match (last, parent) {
        (PathElement::Name(key), AttrValue::M(map)) => {
            map.insert(key.clone(), value);
        }
        (PathElement::Index(index), AttrValue::L(list)) => match list.get_mut(*index) {
            Some(slot) => *slot = value,
            None => list.push(value),
        },
        _ => return Err(invalid()),
    }
    Ok(())
}

fn remove(item: &mut Item, old: &Item, path: &Path, existed: bool) -> Result<(), ExprError> {
    let invalid = || error(INVALID_PATH, path.span);
    if let [PathElement::Name(root)] = path.elements.as_slice() {
        item.remove(root);
        return Ok(());
    }
    let Some(last) = path.elements.last() else {
        return Err(invalid());
    };
    if let PathElement::Index(index) = last {
        // Indexes refer to the list before the update: past its old end is a no-op, even if a
        // SET appended there.
        let parent = Path {
            elements: path.elements[..path.elements.len() - 1].to_vec(),
            span: path.span,
        };
        if let Some(AttrValue::L(list)) = lookup(old, &parent)
            && *index >= list.len()
        {
            return Ok(());
        }
    }
    let Some(parent) = parent_mut(item, path) else {
        // A nested REMOVE on a missing item is accepted silently (observed on the service).
        return if existed { Err(invalid()) } else { Ok(()) };
    };
    match (last, parent) {
        (PathElement::Name(key), AttrValue::M(map)) => {
            map.remove(key);
        }
        (PathElement::Index(index), AttrValue::L(list)) => {
            if *index < list.len() {
                list.remove(*index);
            }
        }
        _ => return Err(invalid()),
    }
    Ok(())
}
