//! The preview of a built query: the request's parameters exactly as they will be sent
//! (names and values as DynamoDB JSON), then the reading options and any warning.

use std::fmt::Write as _;

use super::BuiltQuery;
use crate::domain::ddb_json::to_json;
use crate::domain::value::AttrValue;

/// One line per request parameter, in the order of DynamoDB's API reference.
#[must_use]
pub fn preview_text(built: &BuiltQuery) -> String {
    let request = &built.request;
    let mut out = String::with_capacity(512);
    let _ = write!(out, "TableName: {}", request.table);
    if let Some(index) = &request.index {
        let _ = write!(out, "\nIndexName: {index}");
    }
    let _ = write!(out, "\nKeyConditionExpression: {}", request.key_condition);
    if let Some(filter) = &request.filter {
        let _ = write!(out, "\nFilterExpression: {filter}");
    }
    if let Some(projection) = &request.projection {
        let _ = write!(out, "\nProjectionExpression: {projection}");
    }
    let names: serde_json::Map<String, serde_json::Value> = request
        .params
        .names
        .iter()
        .map(|(key, name)| (key.clone(), serde_json::Value::String(name.clone())))
        .collect();
    let _ = write!(
        out,
        "\nExpressionAttributeNames: {}",
        serde_json::Value::Object(names)
    );
    let values: serde_json::Map<String, serde_json::Value> = request
        .params
        .values
        .iter()
        .map(|(key, value)| (key.clone(), to_json(value)))
        .collect();
    let _ = write!(
        out,
        "\nExpressionAttributeValues: {}",
        serde_json::Value::Object(values)
    );
    let _ = write!(out, "\nScanIndexForward: {}", request.forward);
    if let Some(limit) = request.limit {
        let _ = write!(out, "\nLimit: {limit}");
    }
    let _ = write!(out, "\nConsistentRead: {}", request.consistent_read);
    match built.stop_after {
        Some(count) => {
            let _ = write!(out, "\nreads pages until {count} items matched");
        }
        None => out.push_str("\nreads pages as you scroll"),
    }
    if let (Some(inclusive), Some(AttrValue::S(upper))) = (
        &built.inclusive_upper,
        request.params.values.get(":sk_high"),
    ) {
        let _ = write!(
            out,
            "\nwarning: BETWEEN ends at {upper:?}, which leaves out that day's longer keys ({upper}#…); Tab on To makes it {inclusive:?} to include them"
        );
    }
    if !built.read_from_table.is_empty() {
        let _ = write!(
            out,
            "\nnote: index {} does not project {}: DynamoDB reads them from the table for each result, a read of the whole item each",
            request.index.as_deref().unwrap_or_default(),
            built.read_from_table.join(", ")
        );
    }
    out
}
