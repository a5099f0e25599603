//! The pieces of a key condition: its typed form (what the engine and the query builder use),
//! one `key op value` atom before it is matched to a key schema, and the per-attribute checks
//! with the service's wording. Shared by the one-attribute and multi-attribute checks.

use std::cmp::Ordering;
use std::ops::Bound;

use super::ast::Path;
use super::error::{ExprError, ExprKind};
use super::order::compare_scalars;
use super::span::Span;
use crate::domain::schema::KeyAttribute;
use crate::domain::value::{AttrValue, Item, ValueType};

/// A validated KeyConditionExpression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyCondition {
    /// The (first) partition-key attribute and its value.
    pub partition_key: String,
    pub partition_value: AttrValue,
    /// A multi-attribute partition key's further attributes, each fixed by `=`, in key order.
    pub more_partition: Vec<KeyEquality>,
    /// A multi-attribute sort key's attributes fixed by `=` before the one `sort` names, in key
    /// order; empty for a one-attribute sort key.
    pub sort_prefix: Vec<KeyEquality>,
    /// The condition on the last sort-key attribute used.
    pub sort: Option<SortCondition>,
}

/// `key = value` on one attribute of a multi-attribute key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyEquality {
    pub key: String,
    pub value: AttrValue,
}

/// The condition on the sort key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortCondition {
    pub key: String,
    pub op: SortOp,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SortOp {
    Eq(AttrValue),
    Lt(AttrValue),
    Le(AttrValue),
    Gt(AttrValue),
    Ge(AttrValue),
    /// Inclusive at both ends.
    Between(AttrValue, AttrValue),
    BeginsWith(AttrValue),
}

impl SortOp {
    /// True when a sort-key value satisfies the operator.
    #[must_use]
    pub fn matches(&self, value: &AttrValue) -> bool {
        let cmp = |bound: &AttrValue| compare_scalars(value, bound);
        match self {
            Self::Eq(bound) => cmp(bound) == Some(Ordering::Equal),
            Self::Lt(bound) => cmp(bound) == Some(Ordering::Less),
            Self::Le(bound) => matches!(cmp(bound), Some(Ordering::Less | Ordering::Equal)),
            Self::Gt(bound) => cmp(bound) == Some(Ordering::Greater),
            Self::Ge(bound) => matches!(cmp(bound), Some(Ordering::Greater | Ordering::Equal)),
            Self::Between(low, high) => {
                matches!(cmp(low), Some(Ordering::Greater | Ordering::Equal))
                    && matches!(cmp(high), Some(Ordering::Less | Ordering::Equal))
            }
            Self::BeginsWith(prefix) => match (value, prefix) {
                (AttrValue::S(text), AttrValue::S(prefix)) => text.starts_with(prefix.as_str()),
                (AttrValue::B(bytes), AttrValue::B(prefix)) => bytes.starts_with(prefix),
                _ => false,
            },
        }
    }

    /// Lower end of the sort-key range this operator selects (for a range scan in key order).
    /// `begins_with` starts at its prefix; its upper end is open, so callers stop at the first
    /// value for which [`SortOp::matches`] is false.
    #[must_use]
    pub fn lower_bound(&self) -> Bound<&AttrValue> {
        match self {
            Self::Eq(v) | Self::Ge(v) | Self::Between(v, _) | Self::BeginsWith(v) => {
                Bound::Included(v)
            }
            Self::Gt(v) => Bound::Excluded(v),
            Self::Lt(_) | Self::Le(_) => Bound::Unbounded,
        }
    }

    /// Upper end of the selected range; unbounded for `begins_with` (see [`SortOp::lower_bound`]).
    #[must_use]
    pub fn upper_bound(&self) -> Bound<&AttrValue> {
        match self {
            Self::Eq(v) | Self::Le(v) | Self::Between(_, v) => Bound::Included(v),
            Self::Lt(v) => Bound::Excluded(v),
            Self::Gt(_) | Self::Ge(_) | Self::BeginsWith(_) => Bound::Unbounded,
        }
    }
}

impl KeyCondition {
    /// True when `item`'s key attributes satisfy the condition.
    #[must_use]
    pub fn matches(&self, item: &Item) -> bool {
        let equal = |equality: &KeyEquality| item.get(&equality.key) == Some(&equality.value);
        item.get(&self.partition_key) == Some(&self.partition_value)
            && self.more_partition.iter().all(equal)
            && self.sort_prefix.iter().all(equal)
            && self.sort.as_ref().is_none_or(|sort| {
                item.get(&sort.key)
                    .is_some_and(|value| sort.op.matches(value))
            })
    }
}

/// One `key op value` piece of the condition before it is matched to the schema.
pub(super) struct Atom {
    pub(super) path: Path,
    pub(super) op: SortOp,
    pub(super) span: Span,
}

pub(super) fn plain(message: impl Into<String>, span: Span) -> ExprError {
    ExprError::plain(ExprKind::KeyCondition, message, span.range())
}

pub(super) fn check_sort_op(atom: &Atom, key: &KeyAttribute) -> Result<(), ExprError> {
    match &atom.op {
        SortOp::BeginsWith(prefix) => {
            if key.value_type == ValueType::N {
                return Err(ExprError::invalid(
                    ExprKind::KeyCondition,
                    "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
                    atom.span.range(),
                ));
            }
            check_value_type(prefix, key, atom.span)
        }
        SortOp::Between(low, high) => {
            check_value_type(low, key, atom.span)?;
            check_value_type(high, key, atom.span)
        }
        SortOp::Eq(v) | SortOp::Lt(v) | SortOp::Le(v) | SortOp::Gt(v) | SortOp::Ge(v) => {
            check_value_type(v, key, atom.span)
        }
    }
}

pub(super) fn check_value_type(
    value: &AttrValue,
    key: &KeyAttribute,
    span: Span,
) -> Result<(), ExprError> {
    if value.value_type() != key.value_type {
        return Err(plain(
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
            span,
        ));
    }
    let empty = matches!(value, AttrValue::S(text) if text.is_empty())
        || matches!(value, AttrValue::B(bytes) if bytes.is_empty());
    if empty {
        return Err(plain(
            format!(
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {} value. Key: {}",
                if value.value_type() == ValueType::S {
                    "string"
                } else {
                    "binary"
                },
                key.name
            ),
            span,
        ));
    }
    Ok(())
}
