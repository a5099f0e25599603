//! The bridge to `domain::expr`: parses a request's wire expressions with the service's rules
//! (including the request-wide unused-placeholder check) and turns them into what the storage
//! layer needs (typed key ranges, filter and projection closures).

use crate::backend::{BackendError, ExpressionParams, Select};
use crate::domain::expr::eval::{apply_projection, evaluate_condition};
use crate::domain::expr::key_condition::{KeyCondition, SortOp};
use crate::domain::expr::prepare::{ReadExpressions, prepare_query, prepare_scan};
use crate::domain::expr::{
    Condition, ExprError, ExprKind, ProjectionExpr, UpdateExpr, WireRequest,
};
use crate::domain::schema::{KeySchema, TableDescription};
use crate::domain::value::{AttrValue, Item};

use super::key::ScalarKey;
use super::read::{KeyRange, SortCondition};

/// Expression errors are ValidationExceptions carrying the service's full message.
pub fn invalid(error: ExprError) -> BackendError {
    BackendError::Validation(error.message)
}

fn optional<T>(
    text: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, ExprError>,
) -> Result<Option<T>, BackendError> {
    text.map(parse).transpose().map_err(invalid)
}

/// The parsed expressions of a Query.
pub struct QueryExpressions {
    pub range: KeyRange,
    pub filter: Option<Condition>,
    pub projection: Option<ProjectionExpr>,
}

/// Parses and validates a Query's key condition, filter and projection together, with the
/// service's checks in the service's order.
pub fn query(
    table: &TableDescription,
    index: Option<&str>,
    key_condition: &str,
    filter: Option<&str>,
    projection: Option<&str>,
    params: &ExpressionParams,
    consistent_read: bool,
) -> Result<QueryExpressions, BackendError> {
    let read = ReadExpressions {
        index,
        key_condition: Some(key_condition),
        filter,
        projection,
        consistent_read,
    };
    let prepared = prepare_query(table, &read, params).map_err(invalid)?;
    // prepare_query has checked that the index exists.
    let key = table.key_schema_of(index).unwrap_or(&table.key);
    Ok(QueryExpressions {
        range: key_range(prepared.key, key)?,
        filter: prepared.filter,
        projection: prepared.projection,
    })
}

/// Parses a Scan's filter and projection (after the index and ConsistentRead checks).
pub fn scan(
    table: &TableDescription,
    index: Option<&str>,
    filter: Option<&str>,
    projection: Option<&str>,
    params: &ExpressionParams,
    consistent_read: bool,
) -> Result<(Option<Condition>, Option<ProjectionExpr>), BackendError> {
    let read = ReadExpressions {
        index,
        key_condition: None,
        filter,
        projection,
        consistent_read,
    };
    let prepared = prepare_scan(table, &read, params).map_err(invalid)?;
    Ok((prepared.filter, prepared.projection))
}

/// Parses a GetItem's projection.
pub fn projection_only(
    projection: Option<&str>,
    params: &ExpressionParams,
) -> Result<Option<ProjectionExpr>, BackendError> {
    let mut request = WireRequest::new(params);
    let projection = optional(projection, |text| request.projection(text))?;
    request.finish().map_err(invalid)?;
    Ok(projection)
}

/// Parses a write's condition (and update, for UpdateItem). An empty condition is none: only
/// clients of the served engine write without one (the endpoint refuses an empty
/// `ConditionExpression` itself, as the service does).
pub fn write(
    condition: &str,
    update: Option<&str>,
    params: &ExpressionParams,
) -> Result<(Option<Condition>, Option<UpdateExpr>), BackendError> {
    let mut request = WireRequest::new(params);
    let update = optional(update, |text| request.update(text))?;
    let condition = (!condition.is_empty())
        .then(|| request.condition(ExprKind::Condition, condition))
        .transpose()
        .map_err(invalid)?;
    request.finish().map_err(invalid)?;
    Ok((condition, update))
}

/// True when the condition holds on the item (a missing item is an empty one).
#[must_use]
pub fn holds(condition: &Condition, item: Option<&Item>) -> bool {
    match item {
        Some(item) => evaluate_condition(condition, item),
        None => evaluate_condition(condition, &Item::new()),
    }
}

/// Checks the Select / ProjectionExpression combination as the service does.
pub fn check_select(select: Select, has_projection: bool) -> Result<(), BackendError> {
    let name = match select {
        Select::AllAttributes => "ALL_ATTRIBUTES",
        Select::AllProjectedAttributes => "ALL_PROJECTED_ATTRIBUTES",
        Select::Count => "COUNT",
        Select::Default => return Ok(()),
    };
    if has_projection {
        return Err(BackendError::Validation(format!(
            "Cannot specify the ProjectionExpression when choosing to get {name}"
        )));
    }
    Ok(())
}

/// A filter closure for the page reader.
pub fn filter_fn(condition: &Condition) -> impl Fn(&Item) -> Result<bool, BackendError> + '_ {
    move |item| Ok(evaluate_condition(condition, item))
}

/// A projection closure for the page reader.
pub fn projection_fn(
    projection: &ProjectionExpr,
) -> impl Fn(Item) -> Result<Item, BackendError> + '_ {
    move |item| Ok(apply_projection(projection, &item))
}

fn scalar(value: AttrValue) -> Result<ScalarKey, BackendError> {
    ScalarKey::from_value(&value).ok_or_else(|| {
        BackendError::Validation(
            "One or more parameter values were invalid: Condition parameter type does not match schema type".into(),
        )
    })
}

fn sort_condition(op: SortOp) -> Result<SortCondition, BackendError> {
    Ok(match op {
        SortOp::Eq(v) => SortCondition::Eq(scalar(v)?),
        SortOp::Lt(v) => SortCondition::Lt(scalar(v)?),
        SortOp::Le(v) => SortCondition::Le(scalar(v)?),
        SortOp::Gt(v) => SortCondition::Gt(scalar(v)?),
        SortOp::Ge(v) => SortCondition::Ge(scalar(v)?),
        SortOp::Between(low, high) => SortCondition::Between(scalar(low)?, scalar(high)?),
        SortOp::BeginsWith(v) => SortCondition::BeginsWith(scalar(v)?),
    })
}

/// The typed range of a validated key condition on `key`; a multi-attribute part becomes a
/// tuple, and a condition on a multi-attribute sort key a condition on the tuple's positions.
fn key_range(typed: KeyCondition, key: &KeySchema) -> Result<KeyRange, BackendError> {
    let mut partition = vec![scalar(typed.partition_value)?];
    for equality in typed.more_partition {
        partition.push(scalar(equality.value)?);
    }
    let sort = match typed.sort {
        None => None,
        Some(sort) if key.more_sort.is_empty() => Some(sort_condition(sort.op)?),
        Some(sort) => Some(SortCondition::Tuple {
            prefix: typed
                .sort_prefix
                .into_iter()
                .map(|equality| scalar(equality.value))
                .collect::<Result<_, _>>()?,
            last: Box::new(sort_condition(sort.op)?),
        }),
    };
    Ok(KeyRange {
        partition: ScalarKey::of_part(partition),
        sort,
    })
}
