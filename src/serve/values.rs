//! Values in a request body: items and attribute values in DynamoDB JSON (lossless, with the
//! service's validation wording), and `ConsumedCapacity` as the service reports it.

use serde_json::{Map, Value};

use super::error::WireError;
use crate::backend::ConsumedCapacity;
use crate::domain::ddb_json::{from_json, item_from_json};
use crate::domain::value::Item;

/// A DynamoDB JSON item; a malformed value is the service's validation error.
pub fn parse_item(json: &Value) -> Result<Item, WireError> {
    item_from_json(json).map_err(|error| attribute_error(&error.message))
}

pub fn parse_value(json: &Value) -> Result<crate::domain::value::AttrValue, WireError> {
    from_json(json).map_err(|error| attribute_error(&error.message))
}

fn attribute_error(message: &str) -> WireError {
    if message.contains("JSON number") {
        return WireError::serialization(message);
    }
    if message.starts_with("One or more parameter values were invalid") {
        return WireError::validation(message);
    }
    WireError::validation(format!(
        "One or more parameter values were invalid: {message}"
    ))
}

/// How much `ConsumedCapacity` detail was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapacityDetail {
    Total,
    Indexes,
}

/// `ConsumedCapacity` of one table as the service reports it.
#[must_use]
pub fn capacity_json(table: &str, consumed: &ConsumedCapacity, detail: CapacityDetail) -> Value {
    let mut object = Map::new();
    object.insert("TableName".into(), Value::from(table));
    object.insert("CapacityUnits".into(), Value::from(consumed.total));
    if detail == CapacityDetail::Indexes {
        let table_units = consumed.table.unwrap_or(consumed.total);
        object.insert(
            "Table".into(),
            serde_json::json!({"CapacityUnits": table_units}),
        );
        if !consumed.indexes.is_empty() {
            let indexes: Map<String, Value> = consumed
                .indexes
                .iter()
                .map(|(name, units)| (name.clone(), serde_json::json!({"CapacityUnits": units})))
                .collect();
            object.insert("GlobalSecondaryIndexes".into(), Value::Object(indexes));
        }
    }
    Value::Object(object)
}
