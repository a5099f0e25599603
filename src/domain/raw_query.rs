//! A Query typed or pasted as raw text: the key condition exactly as it appears in application
//! code (`#pk = :pk AND begins_with(#sk, :sk)` plus the names and values maps as JSON) or in the
//! friendly inline-literal syntax (`PK = "USER#1" AND begins_with(SK, "ORDER#")`), checked
//! locally with the service's rules and words and turned into the wire-form request. Used by the
//! terminal UI's raw mode and by `ddbx query --expr`.
//!
//! The syntax is decided from the tokens ([`syntax_of`]), never by trial and error. When every
//! expression is wire text, the whole request is wire: it gets the service's verdict (a bare
//! reserved word is an error) and is sent with the user's texts and maps unchanged. When one of
//! them uses an inline literal, the whole request is friendly (bare reserved words are fine
//! everywhere) and is rendered again with fresh placeholders, so the request never holds a
//! placeholder the rendered text stopped using.
//!
//! The result keeps `QueryRequest`'s defaults for paging, order and consistency (the caller
//! sets them), which is also why ConsistentRead on a GSI is the caller's check.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use crate::domain::ddb_json;
use crate::domain::expr::key_condition::check_key_condition;
use crate::domain::expr::raw_syntax::syntax_of;
use crate::domain::expr::render::Renderer;
use crate::domain::expr::validate::{check_filter, check_index_projection, check_index_read};
use crate::domain::expr::{
    Condition, ExprError, ExprKind, ExpressionParams, ProjectionExpr, Syntax, WireRequest,
};
use crate::domain::request::QueryRequest;
use crate::domain::schema::TableDescription;

/// What the user typed for one raw Query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawQueryInput<'a> {
    pub table: &'a str,
    pub index: Option<&'a str>,
    /// Native (`#pk = :pk AND begins_with(SK, :p)`) or inline literals.
    pub key_condition: &'a str,
    pub filter: Option<&'a str>,
    pub projection: Option<&'a str>,
    /// ExpressionAttributeValues as DynamoDB JSON, e.g. `{":pk":{"S":"USER#1"}}`.
    pub values_json: Option<&'a str>,
    /// ExpressionAttributeNames, e.g. `{"#pk":"PK"}`.
    pub names_json: Option<&'a str>,
}

/// The input field a [`RawQueryError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawField {
    Index,
    KeyCondition,
    Filter,
    Projection,
    Values,
    Names,
}

impl RawField {
    /// How the field is called in messages (the request parameter it becomes).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Index => "IndexName",
            Self::KeyCondition => "KeyConditionExpression",
            Self::Filter => "FilterExpression",
            Self::Projection => "ProjectionExpression",
            Self::Values => "ExpressionAttributeValues",
            Self::Names => "ExpressionAttributeNames",
        }
    }
}

/// Why a raw Query was refused: the service's message, the field it is about and, when the
/// mistake has a place, the byte range of it in that field's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawQueryError {
    pub field: RawField,
    pub message: String,
    pub span: Option<Range<usize>>,
}

impl fmt::Display for RawQueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RawQueryError {}

impl RawQueryError {
    fn new(field: RawField, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
            span: None,
        }
    }
}

/// Validates locally exactly as DynamoDB would (key condition against the target's key schema,
/// unused/missing placeholders, reserved words, types) and returns the wire-form request
/// (limit/start_key/forward/consistent left at defaults for the caller to set).
pub fn build_raw_query(
    description: &TableDescription,
    input: &RawQueryInput<'_>,
) -> Result<QueryRequest, RawQueryError> {
    let names = parse_names(input.names_json)?;
    let values = parse_values(input.values_json)?;
    let params = ExpressionParams { names, values };
    let index = input.index.map(str::trim).filter(|name| !name.is_empty());
    check_index_read(description, index, false, ExprKind::KeyCondition)
        .map_err(|error| RawQueryError::new(RawField::Index, error.message))?;

    let filter = present(input.filter);
    let projection = present(input.projection);
    let all_wire = [Some(input.key_condition), filter, projection]
        .into_iter()
        .flatten()
        .all(|text| syntax_of(text) == Syntax::Wire);
    let syntax = if all_wire {
        Syntax::Wire
    } else {
        Syntax::Friendly
    };
    let parsed = parse_all(&params, syntax, input.key_condition, filter, projection)?;

    check_key_condition(&parsed.key, description, index)
        .map_err(|error| expression_error(RawField::KeyCondition, error))?;
    if let Some(filter) = &parsed.filter {
        check_filter(filter, description, index)
            .map_err(|error| expression_error(RawField::Filter, error))?;
    }
    // DynamoDB refuses rather than fetching what the index lacks.
    check_index_projection(
        description,
        index,
        parsed.filter.as_ref(),
        parsed.projection.as_ref(),
    )
    .map_err(|error| {
        let field = match error.kind {
            ExprKind::Projection => RawField::Projection,
            _ => RawField::Filter,
        };
        expression_error(field, error)
    })?;

    let mut request = if all_wire {
        let mut request = QueryRequest::new(input.table, input.key_condition, params);
        request.filter = filter.map(str::to_owned);
        request.projection = projection.map(str::to_owned);
        request
    } else {
        let mut renderer = Renderer::new();
        let key_condition = renderer.condition(&parsed.key);
        let filter = parsed.filter.as_ref().map(|ast| renderer.condition(ast));
        let projection = parsed
            .projection
            .as_ref()
            .map(|ast| renderer.projection(ast));
        let mut request = QueryRequest::new(input.table, key_condition, renderer.finish());
        request.filter = filter;
        request.projection = projection;
        request
    };
    request.index = index.map(str::to_owned);
    Ok(request)
}

/// An optional expression the user left blank is no expression at all.
fn present(text: Option<&str>) -> Option<&str> {
    text.filter(|text| !text.trim().is_empty())
}

struct Parsed {
    key: Condition,
    filter: Option<Condition>,
    projection: Option<ProjectionExpr>,
}

/// Parses the three expressions in the service's order, then applies the request-wide
/// "every placeholder is used" rule.
fn parse_all(
    params: &ExpressionParams,
    syntax: Syntax,
    key_condition: &str,
    filter: Option<&str>,
    projection: Option<&str>,
) -> Result<Parsed, RawQueryError> {
    let mut request = WireRequest::new(params);
    let key = request
        .condition_in(syntax, ExprKind::KeyCondition, key_condition)
        .map_err(|error| expression_error(RawField::KeyCondition, error))?;
    let filter = filter
        .map(|text| request.condition_in(syntax, ExprKind::Filter, text))
        .transpose()
        .map_err(|error| expression_error(RawField::Filter, error))?;
    let projection = projection
        .map(|text| request.projection_in(syntax, text))
        .transpose()
        .map_err(|error| expression_error(RawField::Projection, error))?;
    request.finish().map_err(|error| {
        // The only request-wide error is an unused placeholder: blame the map that holds it.
        let field = if error.message.contains("ExpressionAttributeNames") {
            RawField::Names
        } else {
            RawField::Values
        };
        RawQueryError::new(field, error.message)
    })?;
    Ok(Parsed {
        key,
        filter,
        projection,
    })
}

/// An expression error keeps its span unless it is about the whole request (empty span at 0,
/// e.g. a malformed placeholder key in a map), which has no place in the text.
fn expression_error(field: RawField, error: ExprError) -> RawQueryError {
    if error.message.contains("contains invalid key") {
        let field = if error.message.starts_with("ExpressionAttributeNames") {
            RawField::Names
        } else {
            RawField::Values
        };
        return RawQueryError::new(field, error.message);
    }
    RawQueryError {
        field,
        message: error.message,
        span: Some(error.span),
    }
}

fn blank(json: Option<&str>) -> Option<&str> {
    json.map(str::trim).filter(|text| !text.is_empty())
}

fn parse_names(json: Option<&str>) -> Result<BTreeMap<String, String>, RawQueryError> {
    let Some(text) = blank(json) else {
        return Ok(BTreeMap::new());
    };
    let refuse = |detail: String| {
        RawQueryError::new(
            RawField::Names,
            format!(
                "ExpressionAttributeNames must be a JSON object of placeholder to attribute name, e.g. {{\"#pk\":\"PK\"}}: {detail}"
            ),
        )
    };
    let names: BTreeMap<String, serde_json::Value> =
        serde_json::from_str(text).map_err(|error| refuse(error.to_string()))?;
    if names.is_empty() {
        return Err(RawQueryError::new(
            RawField::Names,
            "ExpressionAttributeNames must not be empty",
        ));
    }
    names
        .into_iter()
        .map(|(placeholder, name)| match name {
            serde_json::Value::String(name) => Ok((placeholder, name)),
            other => Err(refuse(format!(
                "{placeholder} maps to {other}, not a string"
            ))),
        })
        .collect()
}

fn parse_values(
    json: Option<&str>,
) -> Result<BTreeMap<String, crate::domain::value::AttrValue>, RawQueryError> {
    let Some(text) = blank(json) else {
        return Ok(BTreeMap::new());
    };
    let values = ddb_json::item_from_str(text).map_err(|error| {
        RawQueryError::new(
            RawField::Values,
            format!(
                "ExpressionAttributeValues must be DynamoDB JSON, e.g. {{\":pk\":{{\"S\":\"USER#1\"}}}}: {error}"
            ),
        )
    })?;
    if values.is_empty() {
        return Err(RawQueryError::new(
            RawField::Values,
            "ExpressionAttributeValues must not be empty",
        ));
    }
    Ok(values)
}

#[cfg(test)]
#[path = "raw_query_tests.rs"]
mod tests;
