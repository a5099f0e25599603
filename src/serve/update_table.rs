//! UpdateTable: billing mode, provisioned throughput, and adding or deleting global secondary
//! indexes (backfilled at once: the engine has no CREATING phase).

use serde_json::{Map, Value, json};

use super::error::WireError;
use super::served::Served;
use super::wire::Body;
use crate::backend::memory::stream::StreamSettings;
use crate::domain::describe_table::{Shape, table_json};
use crate::domain::schema::{BillingMode, IndexSchema, TableDescription};

fn throughput(body: &Body<'_>) -> Result<Option<(u64, u64)>, WireError> {
    let Some(throughput) = body.object("ProvisionedThroughput")? else {
        return Ok(None);
    };
    let units = |field: &str| -> Result<u64, WireError> {
        match throughput.get(field).and_then(Value::as_i64) {
            Some(units) if units >= 1 => Ok(units.unsigned_abs()),
            Some(units) => Err(WireError::validation(format!(
                "1 validation error detected: Value '{units}' at 'provisionedThroughput.{}' failed to satisfy constraint: Member must have value greater than or equal to 1",
                if field == "ReadCapacityUnits" {
                    "readCapacityUnits"
                } else {
                    "writeCapacityUnits"
                }
            ))),
            None => Err(WireError::validation(
                "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified",
            )),
        }
    };
    Ok(Some((
        units("ReadCapacityUnits")?,
        units("WriteCapacityUnits")?,
    )))
}

/// A `Create` of `GlobalSecondaryIndexUpdates`, parsed as the index of a table description
/// holding the table's key and every attribute definition known.
fn new_index(
    table: &TableDescription,
    definitions: &[Value],
    create: &Map<String, Value>,
) -> Result<IndexSchema, WireError> {
    let mut attributes: Vec<Value> = table
        .attribute_types
        .iter()
        .map(|(name, kind)| json!({"AttributeName": name, "AttributeType": kind.descriptor()}))
        .collect();
    attributes.extend(definitions.iter().cloned());
    let mut key = vec![json!({"AttributeName": table.key.partition.name, "KeyType": "HASH"})];
    if let Some(sort) = &table.key.sort {
        key.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
    }
    let shape = json!({
        "TableName": table.name,
        "KeySchema": key,
        "AttributeDefinitions": attributes,
        "GlobalSecondaryIndexes": [create],
    });
    let parsed = crate::offline::parse_describe_table(&shape).map_err(|message| {
        WireError::validation(format!(
            "One or more parameter values were invalid: {message}"
        ))
    })?;
    let index = parsed.indexes.into_iter().next().ok_or_else(|| {
        WireError::validation(
            "One or more parameter values were invalid: an index key has one HASH and at most one RANGE attribute",
        )
    })?;
    if table.index(&index.name).is_some() {
        return Err(WireError::validation(format!(
            "One or more parameter values were invalid: Index with name: {} already exists",
            index.name
        )));
    }
    Ok(index)
}

fn index_updates(
    served: &Served,
    table: &TableDescription,
    body: &Body<'_>,
) -> Result<bool, WireError> {
    let Some(updates) = body.array("GlobalSecondaryIndexUpdates")? else {
        return Ok(false);
    };
    let definitions = body
        .array("AttributeDefinitions")?
        .cloned()
        .unwrap_or_default();
    for update in updates {
        let update = match update {
            Value::Object(update) => Body(update),
            _ => return Err(WireError::serialization("index updates must be objects")),
        };
        if let Some(create) = update.object("Create")? {
            let index = new_index(table, &definitions, create.0)?;
            served.engine.add_index(&table.name, index)?;
        } else if let Some(delete) = update.object("Delete")? {
            served
                .engine
                .remove_index(&table.name, delete.str("IndexName")?)?;
        } else if update.object("Update")?.is_none() {
            return Err(WireError::validation(
                "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Create, Update or Delete must be specified",
            ));
        }
    }
    Ok(true)
}

/// `StreamSpecification`: enables a stream (a new one, with a new ARN) or disables the
/// table's stream; whether anything was asked.
fn stream_update(served: &Served, table: &str, body: &Body<'_>) -> Result<bool, WireError> {
    let Some(spec) = body.object("StreamSpecification")? else {
        return Ok(false);
    };
    let enabled = spec.opt_bool("StreamEnabled")?.ok_or_else(|| {
        WireError::validation(
            "1 validation error detected: Value null at 'streamSpecification.streamEnabled' failed to satisfy constraint: Member must not be null",
        )
    })?;
    if enabled {
        let view_type = super::create_checks::stream_view_type(&spec)?;
        served
            .engine
            .enable_stream(table, view_type, StreamSettings::default())?;
    } else {
        let has_stream = served
            .engine
            .describe(table)?
            .stream
            .is_some_and(|stream| stream.enabled);
        if !has_stream {
            return Err(WireError::validation(format!(
                "Table already has no enabled stream: {table}"
            )));
        }
        served.engine.disable_stream(table)?;
    }
    Ok(true)
}

pub fn update_table(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let name = body.table_name()?;
    let table = served.engine.describe(&name)?;
    let mut extras = served.extras(&name);
    let current = table.billing_mode.unwrap_or(BillingMode::Provisioned);
    let requested = match body.opt_str("BillingMode")? {
        None => None,
        Some("PROVISIONED") => Some(BillingMode::Provisioned),
        Some("PAY_PER_REQUEST") => Some(BillingMode::PayPerRequest),
        Some(other) => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"
            )));
        }
    };
    let units = throughput(body)?;
    let mode = requested.unwrap_or(current);
    match (mode, units) {
        (BillingMode::PayPerRequest, Some(_)) => {
            return Err(WireError::validation(
                "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
            ));
        }
        (BillingMode::Provisioned, None) if current == BillingMode::PayPerRequest => {
            return Err(WireError::validation(
                "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
            ));
        }
        (BillingMode::Provisioned, Some((read, write)))
            if current == BillingMode::Provisioned
                && (read, write) == (extras.read_units, extras.write_units) =>
        {
            return Err(WireError::validation(format!(
                "The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: {read}. Requested ReadCapacityUnits: {read}. Current WriteCapacityUnits provisioned for the table: {write}. Requested WriteCapacityUnits: {write}. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits."
            )));
        }
        _ => {}
    }
    let changed_stream = stream_update(served, &name, body)?;
    let changed_indexes = index_updates(served, &table, body)?;
    if requested.is_none() && units.is_none() && !changed_indexes && !changed_stream {
        return Err(WireError::validation(
            "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required",
        ));
    }
    served.engine.set_billing_mode(&name, mode)?;
    (extras.read_units, extras.write_units) = match mode {
        BillingMode::PayPerRequest => (0, 0),
        BillingMode::Provisioned => units.unwrap_or((extras.read_units, extras.write_units)),
    };
    served.set_extras(&name, extras);
    let description = served.engine.describe(&name)?;
    Ok(
        json!({"TableDescription": table_json(&description, Shape::Served { status: "ACTIVE", extras: &extras })}),
    )
}
