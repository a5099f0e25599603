//! GetItem, PutItem, UpdateItem and DeleteItem.

use serde_json::{Map, Value};

use super::error::WireError;
use super::values::capacity_json;
use super::wire::{Body, CapacityDetail};
use crate::backend::memory::MemoryBackend;
use crate::backend::{
    Backend, Condition, ConsumedCapacity, DeleteRequest, GetRequest, PutRequest, UpdateRequest,
    WriteOutput,
};
use crate::domain::ddb_json::item_to_json;
use crate::domain::value::Item;

/// Adds `ConsumedCapacity` when it was asked for.
pub fn add_capacity(
    out: &mut Map<String, Value>,
    table: &str,
    consumed: Option<&ConsumedCapacity>,
    detail: Option<CapacityDetail>,
) {
    if let Some(detail) = detail {
        let zero = ConsumedCapacity::default();
        out.insert(
            "ConsumedCapacity".into(),
            capacity_json(table, consumed.unwrap_or(&zero), detail),
        );
    }
}

/// The condition of a write: none when the request has no `ConditionExpression`.
pub fn condition(body: &Body<'_>) -> Result<Condition, WireError> {
    Ok(Condition::new(
        body.expression("ConditionExpression")?.unwrap_or_default(),
    ))
}

pub async fn get_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let request = GetRequest {
        table: table.clone(),
        key: body.item("Key")?,
        projection: body.expression("ProjectionExpression")?.map(str::to_owned),
        params: body.params()?,
        consistent_read: body.opt_bool("ConsistentRead")?.unwrap_or(false),
    };
    let detail = body.capacity()?;
    let output = engine.get_item(request).await?;
    let mut out = Map::new();
    if let Some(item) = &output.item {
        out.insert("Item".into(), item_to_json(item));
    }
    add_capacity(&mut out, &table, output.consumed.as_ref(), detail);
    Ok(Value::Object(out))
}

fn write_answer(table: &str, output: &WriteOutput, detail: Option<CapacityDetail>) -> Value {
    let mut out = Map::new();
    if let Some(attributes) = &output.attributes {
        out.insert("Attributes".into(), item_to_json(attributes));
    }
    add_capacity(&mut out, table, output.consumed.as_ref(), detail);
    Value::Object(out)
}

/// PutItem and DeleteItem refuse expression attributes without a condition to use them.
fn check_attributes_used(body: &Body<'_>) -> Result<(), WireError> {
    if body.has("ConditionExpression") {
        return Ok(());
    }
    if body.has("ExpressionAttributeValues") {
        return Err(WireError::validation(
            "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
        ));
    }
    if body.has("ExpressionAttributeNames") {
        return Err(WireError::validation(
            "ExpressionAttributeNames can only be specified when using expressions",
        ));
    }
    Ok(())
}

/// `ItemCollectionMetrics` for `ReturnItemCollectionMetrics=SIZE`: the item's partition key and
/// the service's smallest size estimate (the engine keeps collections far below 1 GB).
fn add_collection_metrics(
    out: &mut Value,
    engine: &MemoryBackend,
    body: &Body<'_>,
    table: &str,
    item: &Item,
) -> Result<(), WireError> {
    if body.opt_str("ReturnItemCollectionMetrics")? != Some("SIZE") {
        return Ok(());
    }
    let partition = engine.describe(table)?.key.partition.name;
    let key: Item = item
        .get(&partition)
        .map(|value| (partition.clone(), value.clone()))
        .into_iter()
        .collect();
    out["ItemCollectionMetrics"] = serde_json::json!({
        "ItemCollectionKey": item_to_json(&key),
        "SizeEstimateRangeGB": [0.0, 1.0],
    });
    Ok(())
}

/// Reads the options every single-item write shares (capacity detail, the item returned on a
/// failed condition) before `write` runs, then answers with its output and collection metrics.
async fn answer_write<'a>(
    engine: &'a MemoryBackend,
    body: &Body<'_>,
    table: &str,
    key_or_item: &Item,
    write: impl FnOnce(&'a MemoryBackend) -> crate::backend::BackendFuture<'a, WriteOutput>,
) -> Result<Value, WireError> {
    let detail = body.capacity()?;
    let return_item = body.return_item_on_failure()?;
    let output = write(engine)
        .await
        .map_err(|error| WireError::from_backend(error, return_item))?;
    let mut answer = write_answer(table, &output, detail);
    add_collection_metrics(&mut answer, engine, body, table, key_or_item)?;
    Ok(answer)
}

pub async fn put_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    check_attributes_used(body)?;
    let request_item = body.item("Item")?;
    let request = PutRequest {
        table: table.clone(),
        item: request_item.clone(),
        condition: condition(body)?,
        params: body.params()?,
        return_values: body.return_values(&["NONE", "ALL_OLD"])?,
    };
    answer_write(engine, body, &table, &request_item, |engine| {
        engine.put_item(request)
    })
    .await
}

pub async fn update_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let request_key = body.item("Key")?;
    let request = UpdateRequest {
        table: table.clone(),
        key: request_key.clone(),
        update: body
            .expression("UpdateExpression")?
            .unwrap_or_default()
            .to_owned(),
        condition: condition(body)?,
        params: body.params()?,
        return_values: body.return_values(&[
            "NONE",
            "ALL_OLD",
            "ALL_NEW",
            "UPDATED_OLD",
            "UPDATED_NEW",
        ])?,
    };
    answer_write(engine, body, &table, &request_key, |engine| {
        engine.update_item(request)
    })
    .await
}

pub async fn delete_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    check_attributes_used(body)?;
    let request_key = body.item("Key")?;
    let request = DeleteRequest {
        table: table.clone(),
        key: request_key.clone(),
        condition: condition(body)?,
        params: body.params()?,
        return_values: body.return_values(&["NONE", "ALL_OLD"])?,
    };
    answer_write(engine, body, &table, &request_key, |engine| {
        engine.delete_item(request)
    })
    .await
}
