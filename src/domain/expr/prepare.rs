//! One call per request kind: parse every wire expression of a request, apply the request-wide
//! placeholder rule and the schema checks, in the order the service reports them, and hand back
//! the typed pieces the embedded engine evaluates. The same checks run before a request leaves
//! the machine, so ddbx's verdict is the service's.

use super::WireRequest;
use super::ast::{Condition, ProjectionExpr, UpdateExpr};
use super::error::{ExprError, ExprKind};
use super::key_condition::{KeyCondition, check_key_condition};
use super::params::ExpressionParams;
use super::validate::{check_filter, check_index_projection, check_index_read, check_update};
use crate::domain::schema::TableDescription;

/// The expressions of a Query or Scan.
#[derive(Clone, Debug, Default)]
pub struct ReadExpressions<'a> {
    pub index: Option<&'a str>,
    /// Query only.
    pub key_condition: Option<&'a str>,
    pub filter: Option<&'a str>,
    pub projection: Option<&'a str>,
    pub consistent_read: bool,
}

/// A checked Query.
#[derive(Clone, Debug)]
pub struct PreparedQuery {
    pub key: KeyCondition,
    pub filter: Option<Condition>,
    pub projection: Option<ProjectionExpr>,
}

/// A checked Scan.
#[derive(Clone, Debug)]
pub struct PreparedScan {
    pub filter: Option<Condition>,
    pub projection: Option<ProjectionExpr>,
}

/// A checked UpdateItem: the update and its condition (every ddbx write has one).
#[derive(Clone, Debug)]
pub struct PreparedUpdate {
    pub update: UpdateExpr,
    pub condition: Option<Condition>,
}

/// Checks a Query: index and ConsistentRead, the syntax and placeholders of all expressions,
/// the key condition against the key schema, that the filter names no key attribute, and that
/// a secondary index projects what the filter and projection name.
pub fn prepare_query(
    table: &TableDescription,
    read: &ReadExpressions<'_>,
    params: &ExpressionParams,
) -> Result<PreparedQuery, ExprError> {
    let prepared = parse_query(table, read, params)?;
    check_index_projection(
        table,
        read.index,
        prepared.filter.as_ref(),
        prepared.projection.as_ref(),
    )?;
    Ok(prepared)
}

/// [`prepare_query`] without the index-projection check, for a caller that explains that
/// refusal instead of stopping at it.
pub fn parse_query(
    table: &TableDescription,
    read: &ReadExpressions<'_>,
    params: &ExpressionParams,
) -> Result<PreparedQuery, ExprError> {
    check_index_read(
        table,
        read.index,
        read.consistent_read,
        ExprKind::KeyCondition,
    )?;
    let mut request = WireRequest::new(params);
    let key = request.condition(
        ExprKind::KeyCondition,
        read.key_condition.unwrap_or_default(),
    )?;
    let filter = read
        .filter
        .map(|text| request.condition(ExprKind::Filter, text))
        .transpose()?;
    let projection = read
        .projection
        .map(|text| request.projection(text))
        .transpose()?;
    request.finish()?;
    let key = check_key_condition(&key, table, read.index)?;
    if let Some(filter) = &filter {
        check_filter(filter, table, read.index)?;
    }
    Ok(PreparedQuery {
        key,
        filter,
        projection,
    })
}

/// Checks a Scan: index and ConsistentRead, then the syntax and placeholders of its expressions.
pub fn prepare_scan(
    table: &TableDescription,
    read: &ReadExpressions<'_>,
    params: &ExpressionParams,
) -> Result<PreparedScan, ExprError> {
    check_index_read(table, read.index, read.consistent_read, ExprKind::Filter)?;
    let mut request = WireRequest::new(params);
    let filter = read
        .filter
        .map(|text| request.condition(ExprKind::Filter, text))
        .transpose()?;
    let projection = read
        .projection
        .map(|text| request.projection(text))
        .transpose()?;
    request.finish()?;
    Ok(PreparedScan { filter, projection })
}

/// Checks an UpdateItem: both expressions, placeholders, then the key and index-key rules.
pub fn prepare_update(
    table: &TableDescription,
    update: &str,
    condition: Option<&str>,
    params: &ExpressionParams,
) -> Result<PreparedUpdate, ExprError> {
    let mut request = WireRequest::new(params);
    let update = request.update(update)?;
    let condition = condition
        .map(|text| request.condition(ExprKind::Condition, text))
        .transpose()?;
    request.finish()?;
    check_update(&update, table)?;
    Ok(PreparedUpdate { update, condition })
}

/// Checks the ConditionExpression of a PutItem, DeleteItem or ConditionCheck.
pub fn prepare_condition(
    condition: &str,
    params: &ExpressionParams,
) -> Result<Condition, ExprError> {
    let mut request = WireRequest::new(params);
    let condition = request.condition(ExprKind::Condition, condition)?;
    request.finish()?;
    Ok(condition)
}

/// Checks the ProjectionExpression of a GetItem.
pub fn prepare_projection(
    projection: &str,
    params: &ExpressionParams,
) -> Result<ProjectionExpr, ExprError> {
    let mut request = WireRequest::new(params);
    let projection = request.projection(projection)?;
    request.finish()?;
    Ok(projection)
}
