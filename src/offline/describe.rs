//! `aws dynamodb describe-table` JSON (`{"Table": {...}}` or the bare description) → schema.

use std::path::Path;

use serde_json::Value;

use crate::domain::schema::{
    BillingMode, IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, StreamDescription,
    TableDescription,
};
use crate::domain::value::ValueType;

use super::lines::read_text;
use super::warning::OfflineError;

/// Reads a describe-table file.
pub fn read_describe_table(path: &Path) -> Result<TableDescription, OfflineError> {
    let text = read_text(path)?;
    let fail = |message: String| OfflineError::new(Some(path.to_path_buf()), None, message);
    let json: Value =
        serde_json::from_str(&text).map_err(|e| fail(format!("invalid JSON: {e}")))?;
    parse_describe_table(&json).map_err(fail)
}

fn text<'a>(json: &'a Value, field: &str) -> Option<&'a str> {
    json.get(field).and_then(Value::as_str)
}

fn array<'a>(json: &'a Value, field: &str) -> &'a [Value] {
    json.get(field)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Parses a describe-table document.
pub fn parse_describe_table(json: &Value) -> Result<TableDescription, String> {
    let table = json.get("Table").unwrap_or(json);
    let name = text(table, "TableName").ok_or("describe-table JSON has no TableName")?;
    let types: Vec<(String, ValueType)> = array(table, "AttributeDefinitions")
        .iter()
        .map(|definition| {
            let name = text(definition, "AttributeName")
                .ok_or("AttributeDefinitions entry without AttributeName")?;
            let kind = text(definition, "AttributeType")
                .and_then(ValueType::from_descriptor)
                .filter(|t| t.is_key_type())
                .ok_or_else(|| format!("attribute {name}: AttributeType must be S, N or B"))?;
            Ok((name.to_owned(), kind))
        })
        .collect::<Result<_, String>>()?;
    let key = key_schema(array(table, "KeySchema"), &types)
        .map_err(|e| format!("table KeySchema: {e}"))?
        .filter(|key| !key.is_multi_attribute())
        .ok_or("table KeySchema must have one HASH and at most one RANGE key")?;
    let mut description = TableDescription::new(name, key);
    description.attribute_types.extend(types.iter().cloned());
    for (field, kind) in [
        ("GlobalSecondaryIndexes", IndexKind::Global),
        ("LocalSecondaryIndexes", IndexKind::Local),
    ] {
        for index in array(table, field) {
            let index_name = text(index, "IndexName")
                .ok_or_else(|| format!("{field} entry without IndexName"))?;
            // Only a GSI's key may have several attributes per part.
            let key = key_schema(array(index, "KeySchema"), &types)
                .map_err(|e| format!("index {index_name}: {e}"))?
                .filter(|key| kind == IndexKind::Global || !key.is_multi_attribute());
            match key {
                Some(key) => description.indexes.push(IndexSchema {
                    name: index_name.to_owned(),
                    kind,
                    key,
                    projection: projection(index.get("Projection")),
                    item_count: index.get("ItemCount").and_then(Value::as_u64),
                    size_bytes: index.get("IndexSizeBytes").and_then(Value::as_u64),
                    status: text(index, "IndexStatus").map(str::to_owned),
                }),
                // A HASH after a RANGE, or more than four attributes in a part.
                None => description.unsupported_indexes.push(index_name.to_owned()),
            }
        }
    }
    description.status = text(table, "TableStatus").map(str::to_owned);
    description.item_count = table.get("ItemCount").and_then(Value::as_u64);
    description.size_bytes = table.get("TableSizeBytes").and_then(Value::as_u64);
    description.arn = text(table, "TableArn").map(str::to_owned);
    description.billing_mode = table
        .get("BillingModeSummary")
        .and_then(|summary| text(summary, "BillingMode"))
        .map(|mode| {
            if mode == "PAY_PER_REQUEST" {
                BillingMode::PayPerRequest
            } else {
                BillingMode::Provisioned
            }
        });
    if let Some(stream) = table.get("StreamSpecification") {
        description.stream = Some(StreamDescription {
            enabled: stream
                .get("StreamEnabled")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            view_type: text(stream, "StreamViewType").map(str::to_owned),
            latest_arn: text(table, "LatestStreamArn").map(str::to_owned),
        });
    }
    Ok(description)
}

/// `Ok(None)` for a key the model cannot hold (more than one HASH or RANGE entry).
fn key_schema(
    entries: &[Value],
    types: &[(String, ValueType)],
) -> Result<Option<KeySchema>, String> {
    let mut hash = Vec::new();
    let mut range = Vec::new();
    for entry in entries {
        let name = text(entry, "AttributeName").ok_or("KeySchema entry without AttributeName")?;
        let value_type = types
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| format!("key attribute {name} is missing from AttributeDefinitions"))?;
        let attribute = KeyAttribute::new(name, value_type);
        match text(entry, "KeyType") {
            Some("HASH") if range.is_empty() => hash.push(attribute),
            Some("HASH") => return Ok(None),
            Some("RANGE") => range.push(attribute),
            other => {
                return Err(format!(
                    "KeyType of {name} must be HASH or RANGE, not {other:?}"
                ));
            }
        }
    }
    Ok(KeySchema::from_parts(hash, range))
}

fn projection(json: Option<&Value>) -> Projection {
    match json.and_then(|p| text(p, "ProjectionType")) {
        Some("KEYS_ONLY") => Projection::KeysOnly,
        Some("INCLUDE") => Projection::Include(
            json.map(|p| array(p, "NonKeyAttributes"))
                .unwrap_or(&[])
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
        ),
        _ => Projection::All,
    }
}
