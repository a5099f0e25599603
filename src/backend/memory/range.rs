//! Typed key conditions and the row ranges they select: a partition, a sort-key range within it,
//! and the service's checks on the condition's value types.

use std::ops::Bound;

use crate::backend::BackendError;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::AttrValue;

use super::key::{PartitionSlot, ScalarKey};
use super::rows::{Edge, Row, Tie};

fn invalid(message: impl Into<String>) -> BackendError {
    BackendError::Validation(message.into())
}

/// The sort-key part of a key condition, with typed bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SortCondition {
    Eq(ScalarKey),
    Lt(ScalarKey),
    Le(ScalarKey),
    Gt(ScalarKey),
    Ge(ScalarKey),
    /// Inclusive at both ends.
    Between(ScalarKey, ScalarKey),
    /// S or B only.
    BeginsWith(ScalarKey),
    /// On a multi-attribute sort key: its first attributes equal to `prefix`, and the next one
    /// satisfying `last`.
    Tuple {
        prefix: Vec<ScalarKey>,
        last: Box<SortCondition>,
    },
}

impl SortCondition {
    #[must_use]
    pub fn matches(&self, value: &ScalarKey) -> bool {
        match self {
            Self::Eq(bound) => value == bound,
            Self::Lt(bound) => value < bound,
            Self::Le(bound) => value <= bound,
            Self::Gt(bound) => value > bound,
            Self::Ge(bound) => value >= bound,
            Self::Between(low, high) => low <= value && value <= high,
            Self::BeginsWith(prefix) => match (value, prefix) {
                (ScalarKey::S(text), ScalarKey::S(prefix)) => text.starts_with(&**prefix),
                (ScalarKey::B(bytes), ScalarKey::B(prefix)) => bytes.starts_with(prefix),
                _ => false,
            },
            Self::Tuple { prefix, last } => match value {
                ScalarKey::Tuple(values) => {
                    values.starts_with(prefix)
                        && values
                            .get(prefix.len())
                            .is_some_and(|next| last.matches(next))
                }
                _ => false,
            },
        }
    }

    fn operands(&self) -> Vec<&ScalarKey> {
        match self {
            Self::Eq(v) | Self::Lt(v) | Self::Le(v) | Self::Gt(v) | Self::Ge(v) => vec![v],
            Self::BeginsWith(v) => vec![v],
            Self::Between(low, high) => vec![low, high],
            Self::Tuple { prefix, last } => prefix.iter().chain(last.operands()).collect(),
        }
    }

    /// True when the rows in the bounds of [`partition_bounds`] may still fail the condition,
    /// so each must be matched: a tuple condition's bounds are the whole partition.
    #[must_use]
    pub fn needs_row_check(&self) -> bool {
        matches!(self, Self::Tuple { .. })
    }
}

/// A Query's key condition in typed form: one partition, optionally one sort-key condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyRange {
    pub partition: ScalarKey,
    pub sort: Option<SortCondition>,
}

/// Lower and upper bound of a range of rows.
pub(super) type RowRange<T> = (Bound<Row<T>>, Bound<Row<T>>);

/// Row bounds of one partition restricted by a sort condition.
pub(super) fn partition_bounds<T: Tie>(
    slot: &PartitionSlot,
    sort: Option<&SortCondition>,
) -> RowRange<T> {
    let at = |value: &ScalarKey| Edge::At(Some(value.clone()));
    let low = |value: &ScalarKey| Row::<T>::lowest(slot, at(value));
    let high = |value: &ScalarKey| Row::<T>::highest(slot, at(value));
    let start = Bound::Included(Row::<T>::lowest(slot, Edge::Low));
    let end = Bound::Included(Row::<T>::highest(slot, Edge::High));
    match sort {
        None => (start, end),
        Some(SortCondition::Eq(v)) => (Bound::Included(low(v)), Bound::Included(high(v))),
        Some(SortCondition::Lt(v)) => (start, Bound::Excluded(low(v))),
        Some(SortCondition::Le(v)) => (start, Bound::Included(high(v))),
        Some(SortCondition::Gt(v)) => (Bound::Excluded(high(v)), end),
        Some(SortCondition::Ge(v)) => (Bound::Included(low(v)), end),
        Some(SortCondition::Between(a, b)) => (Bound::Included(low(a)), Bound::Included(high(b))),
        Some(SortCondition::BeginsWith(prefix)) => (
            Bound::Included(low(prefix)),
            Bound::Included(high(&past_prefix(prefix))),
        ),
        // A tuple sorts after every shorter tuple it starts with, so its prefix is a lower
        // bound; the rows above are matched one by one (see `needs_row_check`).
        Some(SortCondition::Tuple { prefix, .. }) => (
            Bound::Included(low(&ScalarKey::Tuple(prefix.clone().into()))),
            end,
        ),
    }
}

/// A key greater than every valid key (at most 1024 bytes) that starts with `prefix`.
fn past_prefix(prefix: &ScalarKey) -> ScalarKey {
    match prefix {
        ScalarKey::S(text) => {
            let mut past = text.to_string();
            past.extend(std::iter::repeat_n(char::MAX, 257));
            ScalarKey::S(past.into())
        }
        ScalarKey::B(bytes) => {
            let mut past = bytes.to_vec();
            past.extend(std::iter::repeat_n(0xff, 1025));
            ScalarKey::B(past.into())
        }
        ScalarKey::N(_) | ScalarKey::Tuple(_) => prefix.clone(),
    }
}

/// True when `value` has the types of `attributes` (one value, or a tuple of one per attribute).
fn has_types<'a>(
    value: &ScalarKey,
    mut attributes: impl Iterator<Item = &'a KeyAttribute>,
) -> bool {
    match value {
        ScalarKey::Tuple(values) => values.iter().all(|value| {
            attributes
                .next()
                .is_some_and(|a| a.value_type == value.value_type())
        }),
        value => attributes
            .next()
            .is_some_and(|a| a.value_type == value.value_type()),
    }
}

pub(super) fn check_key_types(key: &KeySchema, range: &KeyRange) -> Result<(), BackendError> {
    let mismatch = || {
        invalid(
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        )
    };
    let partition_count = key.partition_attributes().count();
    let partition_arity = match &range.partition {
        ScalarKey::Tuple(values) => values.len(),
        _ => 1,
    };
    if partition_arity != partition_count
        || !has_types(&range.partition, key.partition_attributes())
    {
        return Err(mismatch());
    }
    let Some(condition) = &range.sort else {
        return Ok(());
    };
    if key.sort.is_none() {
        return Err(invalid("Query key condition not supported"));
    }
    let (position, last) = match condition {
        SortCondition::Tuple { prefix, last } => {
            let typed = prefix
                .iter()
                .zip(key.sort_attributes())
                .all(|(value, attribute)| value.value_type() == attribute.value_type);
            if !typed {
                return Err(mismatch());
            }
            (prefix.len(), &**last)
        }
        other => (0, other),
    };
    let attribute = key
        .sort_attributes()
        .nth(position)
        .ok_or_else(|| invalid("Query key condition not supported"))?;
    if last
        .operands()
        .iter()
        .any(|v| v.value_type() != attribute.value_type)
    {
        return Err(mismatch());
    }
    if let SortCondition::Between(low, high) = last
        && low > high
    {
        return Err(invalid(format!(
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {{{}:{}}}, upper bound operand: AttributeValue: {{{}:{}}}",
            low.value_type(),
            display_key(low),
            high.value_type(),
            display_key(high)
        )));
    }
    Ok(())
}

fn display_key(key: &ScalarKey) -> String {
    match key.to_value() {
        AttrValue::S(text) => text,
        AttrValue::N(number) => number.to_string(),
        other => format!("{other:?}"),
    }
}
