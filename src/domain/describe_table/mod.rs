//! A table description as a DescribeTable `Table` document, the one writer of it: `ddbx
//! describe -o json` reports what a connection described, and `ddbx serve` answers DescribeTable,
//! CreateTable, UpdateTable and DeleteTable with it. Both share the service's field names and
//! the parts that are the same (names, key schemas, attribute definitions, each index's key and
//! projection); a [`Shape`] says which of the two documents is written where they differ.

mod settings;

use serde_json::{Map, Value, json};

use crate::domain::schema::{
    BillingMode, IndexKind, IndexSchema, KeySchema, Projection, StreamDescription, TableDescription,
};
use crate::domain::table_settings::TableExtras;

/// Which of the two documents to write.
#[derive(Clone, Copy, Debug)]
pub enum Shape<'a> {
    /// `ddbx describe`: each field only when the description holds it (a count not known is
    /// left out, not 0), with the table's settings and, when they were read, the values of the
    /// extra calls.
    Report { extras: Option<&'a TableExtras> },
    /// `ddbx serve`: every field the service always sends (a count not known is 0), the
    /// engine's made-up ARNs, `status`, and the throughput and creation time the engine does
    /// not keep in the description.
    Served {
        status: &'a str,
        extras: &'a ServedExtras,
    },
}

/// What the served engine's description does not hold and the wire form reports: when the
/// table was created and the provisioned throughput it was created with.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ServedExtras {
    /// Seconds since the epoch.
    pub created: f64,
    pub read_units: u64,
    pub write_units: u64,
}

/// The label of a stream: the part of its ARN after `/stream/`.
#[must_use]
pub fn stream_label(arn: &str) -> &str {
    arn.rsplit_once("/stream/").map_or("", |(_, label)| label)
}

/// The ARN of a served table: a made-up account in a made-up region, so nobody mistakes it for
/// a real one.
#[must_use]
pub fn served_table_arn(name: &str) -> String {
    format!("arn:aws:dynamodb:ddbx-local:000000000000:table/{name}")
}

/// The `Table` object of `table`, shaped as `shape` says.
#[must_use]
pub fn table_json(table: &TableDescription, shape: Shape<'_>) -> Value {
    let mut object = Map::new();
    object.insert("TableName".into(), json!(table.name));
    object.insert("KeySchema".into(), key_schema_json(&table.key));
    object.insert(
        "AttributeDefinitions".into(),
        attribute_definitions_json(table),
    );
    for (field, kind) in [
        ("GlobalSecondaryIndexes", IndexKind::Global),
        ("LocalSecondaryIndexes", IndexKind::Local),
    ] {
        let indexes: Vec<Value> = table
            .indexes
            .iter()
            .filter(|index| index.kind == kind)
            .map(|index| index_json(table, index, shape))
            .collect();
        if !indexes.is_empty() {
            object.insert(field.into(), Value::Array(indexes));
        }
    }
    match shape {
        Shape::Report { extras } => add_reported(&mut object, table, extras),
        Shape::Served { status, extras } => add_served(&mut object, table, status, extras),
    }
    Value::Object(object)
}

/// The key schema as DynamoDB lists it: every HASH element, then every RANGE element, in order.
#[must_use]
pub fn key_schema_json(key: &KeySchema) -> Value {
    let hash = key
        .partition_attributes()
        .map(|attribute| json!({"AttributeName": attribute.name, "KeyType": "HASH"}));
    let range = key
        .sort_attributes()
        .map(|attribute| json!({"AttributeName": attribute.name, "KeyType": "RANGE"}));
    Value::Array(hash.chain(range).collect())
}

/// The types of every key attribute of the table and its indexes, as AttributeDefinitions.
#[must_use]
pub fn attribute_definitions_json(table: &TableDescription) -> Value {
    table
        .attribute_types
        .iter()
        .map(|(name, value_type)| {
            json!({"AttributeName": name, "AttributeType": value_type.descriptor()})
        })
        .collect()
}

/// A projection as DynamoDB describes it.
#[must_use]
pub fn projection_json(projection: &Projection) -> Value {
    match projection {
        Projection::All => json!({"ProjectionType": "ALL"}),
        Projection::KeysOnly => json!({"ProjectionType": "KEYS_ONLY"}),
        Projection::Include(names) => {
            json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": names})
        }
    }
}

/// The billing mode under its DynamoDB name.
#[must_use]
pub const fn billing_mode_name(mode: BillingMode) -> &'static str {
    match mode {
        BillingMode::Provisioned => "PROVISIONED",
        BillingMode::PayPerRequest => "PAY_PER_REQUEST",
    }
}

fn stream_json(stream: &StreamDescription) -> Value {
    json!({"StreamEnabled": stream.enabled, "StreamViewType": stream.view_type})
}

fn index_json(table: &TableDescription, index: &IndexSchema, shape: Shape<'_>) -> Value {
    let mut object = Map::new();
    object.insert("IndexName".into(), json!(index.name));
    object.insert("KeySchema".into(), key_schema_json(&index.key));
    object.insert("Projection".into(), projection_json(&index.projection));
    match shape {
        Shape::Report { .. } => {
            let known = [
                ("IndexStatus", index.status.as_ref().map(|s| json!(s))),
                ("ItemCount", index.item_count.map(|n| json!(n))),
                ("IndexSizeBytes", index.size_bytes.map(|n| json!(n))),
            ];
            add_known(&mut object, known);
            if let Some(settings) = table.settings.index(&index.name) {
                settings::add_index_settings(&mut object, settings);
            }
        }
        Shape::Served { extras, .. } => {
            let arn = format!("{}/index/{}", served_table_arn(&table.name), index.name);
            object.insert("IndexArn".into(), json!(arn));
            object.insert("ItemCount".into(), json!(index.item_count.unwrap_or(0)));
            object.insert(
                "IndexSizeBytes".into(),
                json!(index.size_bytes.unwrap_or(0)),
            );
            if index.kind == IndexKind::Global {
                object.insert("IndexStatus".into(), json!("ACTIVE"));
                object.insert("ProvisionedThroughput".into(), throughput(extras));
            }
        }
    }
    Value::Object(object)
}

/// Inserts each field whose value is known.
fn add_known<const N: usize>(object: &mut Map<String, Value>, fields: [(&str, Option<Value>); N]) {
    for (field, value) in fields {
        if let Some(value) = value {
            object.insert(field.into(), value);
        }
    }
}

/// The report's table fields: what the description holds, its settings, the extra values.
fn add_reported(
    object: &mut Map<String, Value>,
    table: &TableDescription,
    extras: Option<&TableExtras>,
) {
    let stream = table.stream.as_ref();
    let known = [
        ("TableStatus", table.status.as_ref().map(|s| json!(s))),
        ("ItemCount", table.item_count.map(|n| json!(n))),
        ("TableSizeBytes", table.size_bytes.map(|n| json!(n))),
        (
            "BillingMode",
            table.billing_mode.map(|m| json!(billing_mode_name(m))),
        ),
        (
            "TimeToLive",
            table
                .ttl
                .as_ref()
                .map(|ttl| json!({"AttributeName": ttl.attribute, "TimeToLiveStatus": ttl.status})),
        ),
        ("StreamSpecification", stream.map(stream_json)),
        (
            "LatestStreamArn",
            stream
                .and_then(|stream| stream.latest_arn.as_ref())
                .map(|arn| json!(arn)),
        ),
        ("TableArn", table.arn.as_ref().map(|arn| json!(arn))),
    ];
    add_known(object, known);
    if !table.unsupported_indexes.is_empty() {
        object.insert(
            "UnsupportedIndexes".into(),
            json!(table.unsupported_indexes),
        );
    }
    settings::add_table_settings(object, &table.settings);
    if let Some(extras) = extras {
        settings::add_extras(object, extras);
    }
}

fn throughput(extras: &ServedExtras) -> Value {
    json!({
        "ReadCapacityUnits": extras.read_units,
        "WriteCapacityUnits": extras.write_units,
        "NumberOfDecreasesToday": 0,
    })
}

/// The served table's fields: the service's always-present ones, a stream only when enabled.
fn add_served(
    object: &mut Map<String, Value>,
    table: &TableDescription,
    status: &str,
    extras: &ServedExtras,
) {
    object.insert("TableArn".into(), json!(served_table_arn(&table.name)));
    object.insert("TableStatus".into(), json!(status));
    object.insert("CreationDateTime".into(), json!(extras.created));
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
    let stream = table.stream.as_ref();
    if let Some(stream) = stream.filter(|stream| stream.enabled) {
        object.insert("StreamSpecification".into(), stream_json(stream));
    }
    // The latest stream stays named after it is disabled, as the service keeps naming it.
    if let Some(arn) = stream.and_then(|stream| stream.latest_arn.as_ref()) {
        object.insert("LatestStreamArn".into(), json!(arn));
        object.insert("LatestStreamLabel".into(), json!(stream_label(arn)));
    }
}
