//! The request's fields in the order every script snippet writes them, so the Python and
//! JavaScript writers differ only in how they spell each literal.

use std::collections::BTreeMap;

use crate::backend::{QueryRequest, Select};
use crate::domain::value::AttrValue;

/// One field's value, still untyped by any language.
pub(super) enum Field<'a> {
    Text(&'a str),
    Names(&'a BTreeMap<String, String>),
    Values(&'a BTreeMap<String, AttrValue>),
    Flag(bool),
    Limit(u32),
}

/// The fields of `request` that differ from DynamoDB's defaults, by their API names, in a fixed
/// order (the table, the index, the expressions, the placeholders, then the options).
pub(super) fn request_fields(request: &QueryRequest) -> Vec<(&'static str, Field<'_>)> {
    let mut fields = vec![("TableName", Field::Text(&request.table))];
    if let Some(index) = &request.index {
        fields.push(("IndexName", Field::Text(index)));
    }
    fields.push((
        "KeyConditionExpression",
        Field::Text(&request.key_condition),
    ));
    if let Some(filter) = &request.filter {
        fields.push(("FilterExpression", Field::Text(filter)));
    }
    if let Some(projection) = &request.projection {
        fields.push(("ProjectionExpression", Field::Text(projection)));
    }
    if !request.params.names.is_empty() {
        fields.push((
            "ExpressionAttributeNames",
            Field::Names(&request.params.names),
        ));
    }
    if !request.params.values.is_empty() {
        fields.push((
            "ExpressionAttributeValues",
            Field::Values(&request.params.values),
        ));
    }
    if let Some(select) = select_name(request.select) {
        fields.push(("Select", Field::Text(select)));
    }
    if !request.forward {
        fields.push(("ScanIndexForward", Field::Flag(false)));
    }
    if request.consistent_read {
        fields.push(("ConsistentRead", Field::Flag(true)));
    }
    if let Some(limit) = request.limit {
        fields.push(("Limit", Field::Limit(limit)));
    }
    fields
}

/// The request's `Select` as the API spells it, when it is not the default.
fn select_name(select: Select) -> Option<&'static str> {
    match select {
        Select::Default => None,
        Select::AllAttributes => Some("ALL_ATTRIBUTES"),
        Select::AllProjectedAttributes => Some("ALL_PROJECTED_ATTRIBUTES"),
        Select::Count => Some("COUNT"),
    }
}
