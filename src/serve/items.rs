//! GetItem, PutItem, UpdateItem and DeleteItem.

use serde_json::{Map, Value};

use super::error::WireError;
use super::wire::{Body, CapacityDetail, capacity_json};
use crate::backend::memory::MemoryBackend;
use crate::backend::{
    Backend, Condition, ConsumedCapacity, DeleteRequest, GetRequest, PutRequest, UpdateRequest,
    WriteOutput,
};
use crate::domain::ddb_json::item_to_json;

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

pub async fn put_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let request = PutRequest {
        table: table.clone(),
        item: body.item("Item")?,
        condition: condition(body)?,
        params: body.params()?,
        return_values: body.return_values(&["NONE", "ALL_OLD"])?,
    };
    let detail = body.capacity()?;
    let return_item = body.return_item_on_failure()?;
    let output = engine
        .put_item(request)
        .await
        .map_err(|error| WireError::from_backend(error, return_item))?;
    Ok(write_answer(&table, &output, detail))
}

pub async fn update_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let request = UpdateRequest {
        table: table.clone(),
        key: body.item("Key")?,
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
    let detail = body.capacity()?;
    let return_item = body.return_item_on_failure()?;
    let output = engine
        .update_item(request)
        .await
        .map_err(|error| WireError::from_backend(error, return_item))?;
    Ok(write_answer(&table, &output, detail))
}

pub async fn delete_item(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let request = DeleteRequest {
        table: table.clone(),
        key: body.item("Key")?,
        condition: condition(body)?,
        params: body.params()?,
        return_values: body.return_values(&["NONE", "ALL_OLD"])?,
    };
    let detail = body.capacity()?;
    let return_item = body.return_item_on_failure()?;
    let output = engine
        .delete_item(request)
        .await
        .map_err(|error| WireError::from_backend(error, return_item))?;
    Ok(write_answer(&table, &output, detail))
}
