//! Conditions and filters on an item. Items are typed at runtime, so a condition never fails on
//! an item: mismatched or missing operands make the comparison false (and `<>` true), as the
//! service does. Type errors in *constants* were rejected when the expression was parsed.

use std::borrow::Cow;
use std::cmp::Ordering;

use super::lookup::lookup;
use crate::domain::expr::ast::{Comparator, Condition, Function, Operand};
use crate::domain::expr::order::compare_scalars;
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item, ValueType};

/// True when `item` satisfies `condition`. A missing item is an empty item.
#[must_use]
pub fn evaluate_condition(condition: &Condition, item: &Item) -> bool {
    match condition {
        Condition::Compare {
            left, op, right, ..
        } => compare(
            operand_value(left, item).as_deref(),
            *op,
            operand_value(right, item).as_deref(),
        ),
        Condition::Between {
            operand, low, high, ..
        } => {
            let (Some(value), Some(low), Some(high)) = (
                operand_value(operand, item),
                operand_value(low, item),
                operand_value(high, item),
            ) else {
                return false;
            };
            matches!(
                compare_scalars(&low, &value),
                Some(Ordering::Less | Ordering::Equal)
            ) && matches!(
                compare_scalars(&value, &high),
                Some(Ordering::Less | Ordering::Equal)
            )
        }
        Condition::In {
            operand,
            candidates,
            ..
        } => {
            let Some(value) = operand_value(operand, item) else {
                return false;
            };
            candidates
                .iter()
                .any(|candidate| operand_value(candidate, item).as_deref() == Some(&*value))
        }
        Condition::Function { function, .. } => evaluate_function(function, item),
        Condition::Not { inner, .. } => !evaluate_condition(inner, item),
        Condition::And { left, right, .. } => {
            evaluate_condition(left, item) && evaluate_condition(right, item)
        }
        Condition::Or { left, right, .. } => {
            evaluate_condition(left, item) || evaluate_condition(right, item)
        }
    }
}

/// The value of an operand on `item`; `None` when a path is missing or `size` does not apply.
fn operand_value<'a>(operand: &'a Operand, item: &'a Item) -> Option<Cow<'a, AttrValue>> {
    match operand {
        Operand::Path(path) => lookup(item, path).map(Cow::Borrowed),
        Operand::Value(value) => Some(Cow::Borrowed(&value.value)),
        Operand::Size { path, .. } => size_of(lookup(item, path)?).map(Cow::Owned),
        Operand::SizeOfValue { value, .. } => size_of(&value.value).map(Cow::Owned),
    }
}

/// `size()`: the length of S (counted in UTF-8 bytes, the unit the service measures strings in),
/// bytes of B, elements of sets, lists and maps. N, BOOL and NULL have no size.
fn size_of(value: &AttrValue) -> Option<AttrValue> {
    let size = match value {
        AttrValue::S(text) => text.len(),
        AttrValue::B(bytes) => bytes.len(),
        AttrValue::Ss(set) => set.len(),
        AttrValue::Ns(set) => set.len(),
        AttrValue::Bs(set) => set.len(),
        AttrValue::L(list) => list.len(),
        AttrValue::M(map) => map.len(),
        AttrValue::N(_) | AttrValue::Bool(_) | AttrValue::Null => return None,
    };
    Some(AttrValue::N(Number::from(
        i64::try_from(size).unwrap_or(i64::MAX),
    )))
}

fn compare(left: Option<&AttrValue>, op: Comparator, right: Option<&AttrValue>) -> bool {
    match op {
        // Values of different types are simply unequal; sets compare as sets.
        Comparator::Eq => matches!((left, right), (Some(a), Some(b)) if a == b),
        // True across types and when either (or both) side is missing.
        Comparator::Ne => !matches!((left, right), (Some(a), Some(b)) if a == b),
        _ => {
            let (Some(a), Some(b)) = (left, right) else {
                return false;
            };
            let Some(ordering) = compare_scalars(a, b) else {
                return false;
            };
            match op {
                Comparator::Lt => ordering == Ordering::Less,
                Comparator::Le => ordering != Ordering::Greater,
                Comparator::Gt => ordering == Ordering::Greater,
                _ => ordering != Ordering::Less,
            }
        }
    }
}

fn evaluate_function(function: &Function, item: &Item) -> bool {
    match function {
        // NULL counts as present.
        Function::AttributeExists(path) => lookup(item, path).is_some(),
        Function::AttributeNotExists(path) => lookup(item, path).is_none(),
        Function::AttributeType(path, type_name) => {
            let (Some(value), Some(type_name)) =
                (lookup(item, path), operand_value(type_name, item))
            else {
                return false;
            };
            match &*type_name {
                AttrValue::S(name) => ValueType::from_descriptor(name) == Some(value.value_type()),
                _ => false,
            }
        }
        Function::BeginsWith(whole, prefix) => {
            let (Some(whole), Some(prefix)) =
                (operand_value(whole, item), operand_value(prefix, item))
            else {
                return false;
            };
            match (&*whole, &*prefix) {
                (AttrValue::S(whole), AttrValue::S(prefix)) => whole.starts_with(prefix.as_str()),
                (AttrValue::B(whole), AttrValue::B(prefix)) => whole.starts_with(prefix),
                _ => false,
            }
        }
        Function::Contains(haystack, needle) => {
            let (Some(haystack), Some(needle)) =
                (operand_value(haystack, item), operand_value(needle, item))
            else {
                return false;
            };
            contains(&haystack, &needle)
        }
    }
}

/// Substring of S (and of B), member of a set of the needle's type, element of a list.
fn contains(haystack: &AttrValue, needle: &AttrValue) -> bool {
    match (haystack, needle) {
        (AttrValue::S(text), AttrValue::S(part)) => text.contains(part.as_str()),
        (AttrValue::B(bytes), AttrValue::B(part)) => {
            part.is_empty()
                || bytes
                    .windows(part.len())
                    .any(|window| window == part.as_slice())
        }
        (AttrValue::Ss(set), AttrValue::S(member)) => set.contains(member),
        (AttrValue::Ns(set), AttrValue::N(member)) => set.contains(member),
        (AttrValue::Bs(set), AttrValue::B(member)) => set.contains(member),
        (AttrValue::L(list), element) => list.contains(element),
        _ => false,
    }
}
