//! A stored table's record: the DescribeTable document serve answers with (key schema, attribute
//! definitions, indexes, stream, creation time, provisioned throughput) plus what that document
//! leaves out: the billing mode as set, the TTL attribute and the tags.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::domain::describe_table::{ServedExtras, Shape, billing_mode_name, table_json};
use crate::domain::schema::{BillingMode, TableDescription, TtlDescription};

/// The tags of one table, by key.
pub type TableTags = BTreeMap<String, String>;

/// What serve keeps of a table besides its items.
pub struct TableRecord {
    pub description: TableDescription,
    pub extras: ServedExtras,
    pub tags: TableTags,
}

/// The record as stored.
#[must_use]
pub fn encode(description: &TableDescription, extras: &ServedExtras, tags: &TableTags) -> String {
    let mut record = Map::new();
    let shape = Shape::Served {
        status: "ACTIVE",
        extras,
    };
    record.insert("Table".into(), table_json(description, shape));
    if let Some(mode) = description.billing_mode {
        record.insert("BillingMode".into(), json!(billing_mode_name(mode)));
    }
    if let Some(ttl) = &description.ttl {
        record.insert(
            "TimeToLive".into(),
            json!({"AttributeName": ttl.attribute, "TimeToLiveStatus": ttl.status}),
        );
    }
    record.insert("Tags".into(), json!(tags));
    Value::Object(record).to_string()
}

fn text<'a>(json: &'a Value, field: &str) -> Option<&'a str> {
    json.get(field).and_then(Value::as_str)
}

/// The record read back; an error names what is wrong with it.
pub fn decode(stored: &str) -> Result<TableRecord, String> {
    let record: Value = serde_json::from_str(stored).map_err(|error| error.to_string())?;
    let table = record.get("Table").ok_or("the record has no Table")?;
    let mut description = crate::offline::parse_describe_table(table)?;
    description.billing_mode = match text(&record, "BillingMode") {
        Some("PAY_PER_REQUEST") => Some(BillingMode::PayPerRequest),
        Some(_) => Some(BillingMode::Provisioned),
        None => None,
    };
    description.ttl = record.get("TimeToLive").and_then(|ttl| {
        Some(TtlDescription {
            attribute: text(ttl, "AttributeName")?.to_owned(),
            status: text(ttl, "TimeToLiveStatus")?.to_owned(),
        })
    });
    // The engine counts items itself and names the table in its own ARNs.
    description.status = None;
    description.item_count = None;
    description.size_bytes = None;
    description.arn = None;
    for index in &mut description.indexes {
        index.item_count = None;
        index.size_bytes = None;
        index.status = None;
    }
    let units = |field: &str| {
        table
            .get("ProvisionedThroughput")
            .and_then(|throughput| throughput.get(field))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    };
    let extras = ServedExtras {
        created: table
            .get("CreationDateTime")
            .and_then(Value::as_f64)
            .unwrap_or(0.0),
        read_units: units("ReadCapacityUnits"),
        write_units: units("WriteCapacityUnits"),
    };
    let tags = match record.get("Tags") {
        Some(tags) => serde_json::from_value(tags.clone()).map_err(|error| error.to_string())?,
        None => TableTags::new(),
    };
    Ok(TableRecord {
        description,
        extras,
        tags,
    })
}
