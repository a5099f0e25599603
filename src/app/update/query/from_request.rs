//! The form for a query that was not built in the form (an access pattern, a history entry), so
//! `edit_query` shows the query on screen and Enter runs that same query again.
//!
//! A key condition (and a projection) maps onto the builder's fields. A filter is kept in raw
//! mode instead: turning wire text back into the builder's rows could change its meaning.

use crate::app::state::QueryForm;
use crate::app::state::query::form::RawTexts;
use crate::backend::QueryRequest;
use crate::domain::ddb_json;
use crate::domain::expr::key_condition::{SortOp, check_key_condition};
use crate::domain::expr::reserved::is_bare_name;
use crate::domain::expr::{ExprKind, PathElement, ProjectionExpr, WireRequest};
use crate::domain::key_value::key_text;
use crate::domain::query_spec::{QuerySpec, SortChoice};
use crate::domain::schema::TableDescription;

/// The form that issues `request` (reading until `stop_after` matches, when set).
pub(in crate::app::update::query) fn form_from_request(
    description: &TableDescription,
    request: &QueryRequest,
    stop_after: Option<u64>,
) -> QueryForm {
    let mut spec = QuerySpec {
        index: request.index.clone(),
        descending: !request.forward,
        consistent: request.consistent_read,
        page_size: request
            .limit
            .map(|limit| limit.to_string())
            .unwrap_or_default(),
        stop_after: stop_after.map(|stop| stop.to_string()).unwrap_or_default(),
        ..QuerySpec::default()
    };
    let structured = request.filter.is_none()
        && fill_key_and_projection(&mut spec, description, request).is_some();
    let mut form = QueryForm::new(spec);
    if !structured {
        form.raw_mode = true;
        form.raw = raw_texts(request);
    }
    form
}

/// Puts the key condition and projection into `spec`; `None` when they do not parse.
fn fill_key_and_projection(
    spec: &mut QuerySpec,
    description: &TableDescription,
    request: &QueryRequest,
) -> Option<()> {
    let mut wire = WireRequest::new(&request.params);
    let condition = wire
        .condition(ExprKind::KeyCondition, &request.key_condition)
        .ok()?;
    let key = check_key_condition(&condition, description, request.index.as_deref()).ok()?;
    spec.partition = key_text(&key.partition_value);
    if let Some(sort) = key.sort {
        let (choice, value, upper) = match &sort.op {
            SortOp::Eq(value) => (SortChoice::Eq, value, None),
            SortOp::Lt(value) => (SortChoice::Lt, value, None),
            SortOp::Le(value) => (SortChoice::Le, value, None),
            SortOp::Gt(value) => (SortChoice::Gt, value, None),
            SortOp::Ge(value) => (SortChoice::Ge, value, None),
            SortOp::BeginsWith(value) => (SortChoice::BeginsWith, value, None),
            SortOp::Between(low, high) => (SortChoice::Between, low, Some(high)),
        };
        spec.sort = choice;
        spec.sort_value = key_text(value);
        spec.sort_upper = upper.map(key_text).unwrap_or_default();
    }
    if let Some(projection) = &request.projection {
        spec.projection = projection_text(&wire.projection(projection).ok()?);
    }
    Some(())
}

/// The projection in the builder's syntax: names that need it in backticks.
fn projection_text(projection: &ProjectionExpr) -> String {
    let paths: Vec<String> = projection
        .paths
        .iter()
        .map(|path| {
            let mut text = String::new();
            for element in &path.elements {
                match element {
                    PathElement::Name(name) => {
                        if !text.is_empty() {
                            text.push('.');
                        }
                        if is_bare_name(name) {
                            text.push_str(name);
                        } else {
                            text.push('`');
                            text.push_str(&name.replace('`', "``"));
                            text.push('`');
                        }
                    }
                    PathElement::Index(index) => text.push_str(&format!("[{index}]")),
                }
            }
            text
        })
        .collect();
    paths.join(", ")
}

/// The request's texts and parameters as the raw mode shows them, unchanged.
fn raw_texts(request: &QueryRequest) -> RawTexts {
    let json = |value: serde_json::Value| {
        if value.as_object().is_some_and(serde_json::Map::is_empty) {
            String::new()
        } else {
            value.to_string()
        }
    };
    let names: serde_json::Map<String, serde_json::Value> = request
        .params
        .names
        .iter()
        .map(|(key, name)| (key.clone(), serde_json::Value::String(name.clone())))
        .collect();
    RawTexts {
        key_condition: request.key_condition.clone(),
        filter: request.filter.clone().unwrap_or_default(),
        projection: request.projection.clone().unwrap_or_default(),
        values: json(ddb_json::item_to_json(&request.params.values)),
        names: json(serde_json::Value::Object(names)),
    }
}
