//! CreateTable's request checks, in the service's order and words, before the table is built.

use std::collections::BTreeSet;

use serde_json::Value;

use super::error::WireError;
use super::wire::{Body, check_table_name};
use crate::backend::memory::stream::ViewType;
use crate::domain::schema::MAX_ATTRIBUTES_PER_KEY_PART;

fn invalid(message: impl std::fmt::Display) -> WireError {
    WireError::validation(format!(
        "One or more parameter values were invalid: {message}"
    ))
}

fn text<'a>(entry: &'a Value, field: &str) -> &'a str {
    entry.get(field).and_then(Value::as_str).unwrap_or_default()
}

fn list(value: Option<&Value>) -> &[Value] {
    value.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// At most two entries in a table's or a local index's key; a global index's may hold up to
/// four HASH and four RANGE attributes (multi-attribute keys, since November 2025).
const MAX_KEY_ENTRIES: usize = 2;
const MAX_GLOBAL_KEY_ENTRIES: usize = 2 * MAX_ATTRIBUTES_PER_KEY_PART;

fn check_key_schema(keys: &[Value], max: usize) -> Result<(), WireError> {
    if keys.len() > max {
        let shown: Vec<String> = keys
            .iter()
            .map(|key| {
                format!(
                    "KeySchemaElement(attributeName={}, keyType={})",
                    text(key, "AttributeName"),
                    text(key, "KeyType")
                )
            })
            .collect();
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '[{}]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to {max}",
            shown.join(", ")
        )));
    }
    for (position, key) in keys.iter().enumerate() {
        let kind = text(key, "KeyType");
        if kind != "HASH" && kind != "RANGE" {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{kind}' at 'keySchema.{}.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]",
                position + 1
            )));
        }
    }
    Ok(())
}

fn check_definitions(definitions: &[Value]) -> Result<(), WireError> {
    for (position, definition) in definitions.iter().enumerate() {
        let kind = text(definition, "AttributeType");
        if !matches!(kind, "S" | "N" | "B") {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{kind}' at 'attributeDefinitions.{}.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]",
                position + 1
            )));
        }
    }
    Ok(())
}

/// The attribute names of a key schema, HASH first.
fn key_names(keys: &[Value]) -> Vec<&str> {
    let mut names: Vec<(&str, &str)> = keys
        .iter()
        .map(|key| (text(key, "KeyType"), text(key, "AttributeName")))
        .collect();
    names.sort_by_key(|(kind, _)| *kind != "HASH");
    names.into_iter().map(|(_, name)| name).collect()
}

fn check_indexes(body: &Body<'_>, table_keys: &[&str]) -> Result<BTreeSet<String>, WireError> {
    let mut used = BTreeSet::new();
    let mut names = BTreeSet::new();
    let local = list(body.get("LocalSecondaryIndexes"));
    if !local.is_empty() && table_keys.len() < 2 {
        return Err(invalid(
            "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
        ));
    }
    for index in local {
        let keys = key_names(list(index.get("KeySchema")));
        let name = text(index, "IndexName");
        if keys.first() != table_keys.first() {
            return Err(invalid(format!(
                "Index KeySchema does not have the same leading hash key as table KeySchema for index: {name}. index hash key: {}, table hash key: {}",
                keys.first().copied().unwrap_or_default(),
                table_keys.first().copied().unwrap_or_default()
            )));
        }
        used.extend(keys.iter().map(|key| (*key).to_owned()));
    }
    let global = list(body.get("GlobalSecondaryIndexes"));
    let limits = std::iter::repeat_n(MAX_KEY_ENTRIES, local.len())
        .chain(std::iter::repeat(MAX_GLOBAL_KEY_ENTRIES));
    for (index, max) in local.iter().chain(global).zip(limits) {
        let name = text(index, "IndexName");
        if !names.insert(name) {
            return Err(invalid(format!("Duplicate index name: {name}")));
        }
        check_key_schema(list(index.get("KeySchema")), max)?;
        used.extend(
            key_names(list(index.get("KeySchema")))
                .into_iter()
                .map(str::to_owned),
        );
    }
    Ok(used)
}

/// Every check CreateTable makes on the request's shape.
pub fn check_create(body: &Body<'_>) -> Result<(), WireError> {
    let Some(name) = body.opt_str("TableName")? else {
        return Err(WireError::validation(
            "The parameter 'TableName' is required but was not present in the request",
        ));
    };
    check_table_name(name, "tableName")?;
    let keys = list(body.get("KeySchema"));
    let definitions = list(body.get("AttributeDefinitions"));
    check_key_schema(keys, MAX_KEY_ENTRIES)?;
    check_definitions(definitions)?;
    let table_keys = key_names(keys);
    let distinct: BTreeSet<&str> = table_keys.iter().copied().collect();
    if distinct.len() != table_keys.len() {
        return Err(WireError::validation(
            "Invalid KeySchema: Some index key attribute have no definition",
        ));
    }
    let mut used = check_indexes(body, &table_keys)?;
    used.extend(table_keys.iter().map(|key| (*key).to_owned()));
    let defined: BTreeSet<String> = definitions
        .iter()
        .map(|definition| text(definition, "AttributeName").to_owned())
        .collect();
    if defined.len() != definitions.len() {
        return Err(invalid("Duplicate AttributeName in AttributeDefinitions"));
    }
    if used.iter().any(|name| !defined.contains(name)) {
        return Err(invalid(format!(
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
            used.iter().cloned().collect::<Vec<_>>().join(", "),
            defined.iter().cloned().collect::<Vec<_>>().join(", ")
        )));
    }
    if defined.len() != used.len() {
        return Err(invalid(
            "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
        ));
    }
    if let Some(spec) = body.object("StreamSpecification")?
        && spec.opt_bool("StreamEnabled")? == Some(true)
    {
        stream_view_type(&spec)?;
    }
    Ok(())
}

/// The `StreamViewType` of a specification that enables a stream: required, one of four.
pub fn stream_view_type(spec: &Body<'_>) -> Result<ViewType, WireError> {
    let Some(name) = spec.opt_str("StreamViewType")? else {
        return Err(invalid(
            "You must specify a StreamViewType when enabling a stream",
        ));
    };
    ViewType::parse(name).map_err(WireError::from)
}
