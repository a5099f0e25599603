//! A table description as DescribeTable, CreateTable and DeleteTable return it.

use serde_json::{Map, Value, json};

use crate::cli::output::describe::{attribute_definitions_json, key_schema_json, projection_json};
use crate::domain::schema::{BillingMode, IndexKind, IndexSchema, TableDescription};

/// What the engine's description does not hold and the wire form reports: when the table was
/// created and the provisioned throughput it was created with.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TableExtras {
    /// Seconds since the epoch.
    pub created: f64,
    pub read_units: u64,
    pub write_units: u64,
}

/// The ARN of a served table: a made-up account in a made-up region, so nobody mistakes it for
/// a real one.
#[must_use]
pub fn table_arn(name: &str) -> String {
    format!("arn:aws:dynamodb:ddbx-local:000000000000:table/{name}")
}

fn throughput(extras: &TableExtras) -> Value {
    json!({
        "ReadCapacityUnits": extras.read_units,
        "WriteCapacityUnits": extras.write_units,
        "NumberOfDecreasesToday": 0,
    })
}

fn index(table: &str, index: &IndexSchema, extras: &TableExtras) -> Value {
    let mut object = Map::new();
    object.insert("IndexName".into(), json!(index.name));
    object.insert("KeySchema".into(), key_schema_json(&index.key));
    object.insert("Projection".into(), projection_json(&index.projection));
    object.insert(
        "IndexArn".into(),
        json!(format!("{}/index/{}", table_arn(table), index.name)),
    );
    object.insert("ItemCount".into(), json!(index.item_count.unwrap_or(0)));
    object.insert(
        "IndexSizeBytes".into(),
        json!(index.size_bytes.unwrap_or(0)),
    );
    if index.kind == IndexKind::Global {
        object.insert("IndexStatus".into(), json!("ACTIVE"));
        object.insert("ProvisionedThroughput".into(), throughput(extras));
    }
    Value::Object(object)
}

/// The `TableDescription` object.
#[must_use]
pub fn table_json(table: &TableDescription, extras: &TableExtras, status: &str) -> Value {
    let mut object = Map::new();
    object.insert("TableName".into(), json!(table.name));
    object.insert("TableArn".into(), json!(table_arn(&table.name)));
    object.insert("TableStatus".into(), json!(status));
    object.insert("CreationDateTime".into(), json!(extras.created));
    object.insert("KeySchema".into(), key_schema_json(&table.key));
    object.insert(
        "AttributeDefinitions".into(),
        attribute_definitions_json(table),
    );
    object.insert("ProvisionedThroughput".into(), throughput(extras));
    if table.billing_mode == Some(BillingMode::PayPerRequest) {
        object.insert(
            "BillingModeSummary".into(),
            json!({"BillingMode": "PAY_PER_REQUEST"}),
        );
    }
    object.insert("ItemCount".into(), json!(table.item_count.unwrap_or(0)));
    object.insert(
        "TableSizeBytes".into(),
        json!(table.size_bytes.unwrap_or(0)),
    );
    for (field, kind) in [
        ("GlobalSecondaryIndexes", IndexKind::Global),
        ("LocalSecondaryIndexes", IndexKind::Local),
    ] {
        let indexes: Vec<Value> = table
            .indexes
            .iter()
            .filter(|schema| schema.kind == kind)
            .map(|schema| index(&table.name, schema, extras))
            .collect();
        if !indexes.is_empty() {
            object.insert(field.into(), Value::Array(indexes));
        }
    }
    if let Some(stream) = table.stream.as_ref().filter(|stream| stream.enabled) {
        object.insert(
            "StreamSpecification".into(),
            json!({"StreamEnabled": true, "StreamViewType": stream.view_type}),
        );
    }
    Value::Object(object)
}
