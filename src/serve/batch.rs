//! BatchGetItem and BatchWriteItem. Every request is checked before any is run; the engine never
//! throttles, so nothing is ever left unprocessed.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::error::WireError;
use super::values::capacity_json;
use super::wire::{Body, parse_item};
use crate::backend::memory::MemoryBackend;
use crate::backend::{
    Backend, BackendError, Condition, ConsumedCapacity, DeleteRequest, ExpressionParams,
    GetRequest, PutRequest, ReturnValues, TransactAction, TransactWriteRequest,
};
use crate::domain::ddb_json::item_to_json;
use crate::domain::value::Item;

const MAX_GETS: usize = 100;
const MAX_WRITES: usize = 25;

fn request_items<'a>(body: &Body<'a>, operation: &str) -> Result<Body<'a>, WireError> {
    let items = body
        .object("RequestItems")?
        .filter(|items| !items.0.is_empty())
        .ok_or_else(|| {
            WireError::validation(format!(
                "The requestItems parameter is required for {operation}"
            ))
        })?;
    for table in items.0.keys() {
        super::wire::check_table_name(table, "requestItems.key")?;
    }
    Ok(items)
}

/// The key attributes of `item` rendered, to find duplicates within one table.
fn key_text(engine: &MemoryBackend, table: &str, item: &Item) -> Result<String, WireError> {
    let description = engine.describe(table)?;
    let key = description.primary_key_of(item).unwrap_or_default();
    Ok(item_to_json(&key).to_string())
}

fn duplicates() -> WireError {
    WireError::validation("Provided list of item keys contains duplicates")
}

struct TableGets {
    table: String,
    keys: Vec<Item>,
    projection: Option<String>,
    params: ExpressionParams,
    consistent_read: bool,
}

pub async fn batch_get(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let items = request_items(body, "BatchGetItem")?;
    let mut plans = Vec::new();
    let mut total = 0;
    for (table, spec) in items.0 {
        let Value::Object(spec) = spec else {
            return Err(WireError::serialization(
                "RequestItems values must be objects",
            ));
        };
        let mut spec = spec.clone();
        super::legacy::translate(&mut spec)?;
        let spec = Body(&spec);
        let keys: Vec<Item> = spec
            .array("Keys")?
            .map(|keys| keys.iter().map(parse_item).collect())
            .transpose()?
            .unwrap_or_default();
        if keys.len() > MAX_GETS {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value at 'RequestItems.{table}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to {MAX_GETS}"
            )));
        }
        total += keys.len();
        if total > MAX_GETS {
            return Err(WireError::validation(
                "Too many items requested for the BatchGetItem call",
            ));
        }
        let mut seen = BTreeSet::new();
        for key in &keys {
            if !seen.insert(key_text(engine, table, key)?) {
                return Err(duplicates());
            }
        }
        plans.push(TableGets {
            table: table.clone(),
            keys,
            projection: spec.expression("ProjectionExpression")?.map(str::to_owned),
            params: spec.params()?,
            consistent_read: spec.opt_bool("ConsistentRead")?.unwrap_or(false),
        });
    }
    let detail = body.capacity()?;
    let mut responses = Map::new();
    let mut consumed = Vec::new();
    for plan in plans {
        let mut found = Vec::new();
        let mut units = ConsumedCapacity::default();
        for key in plan.keys {
            let output = engine
                .get_item(GetRequest {
                    table: plan.table.clone(),
                    key,
                    projection: plan.projection.clone(),
                    params: plan.params.clone(),
                    consistent_read: plan.consistent_read,
                })
                .await?;
            found.extend(output.item.as_ref().map(item_to_json));
            if let Some(used) = &output.consumed {
                units.accumulate(used);
            }
        }
        if let Some(detail) = detail {
            consumed.push(capacity_json(&plan.table, &units, detail));
        }
        responses.insert(plan.table, Value::Array(found));
    }
    let mut out = json!({"Responses": responses, "UnprocessedKeys": {}});
    if detail.is_some() {
        out["ConsumedCapacity"] = Value::Array(consumed);
    }
    Ok(out)
}

enum BatchWrite {
    Put(PutRequest),
    Delete(DeleteRequest),
}

fn parse_write(table: &str, request: &Value) -> Result<(BatchWrite, Item), WireError> {
    let Value::Object(request) = request else {
        return Err(WireError::serialization("write requests must be objects"));
    };
    let request = Body(request);
    let put = request.object("PutRequest")?;
    let delete = request.object("DeleteRequest")?;
    match (put, delete) {
        (Some(put), None) => {
            let item = put.item("Item")?;
            Ok((
                BatchWrite::Put(PutRequest {
                    table: table.to_owned(),
                    item: item.clone(),
                    condition: Condition::new(""),
                    params: ExpressionParams::default(),
                    return_values: ReturnValues::None,
                }),
                item,
            ))
        }
        (None, Some(delete)) => {
            let key = delete.item("Key")?;
            Ok((
                BatchWrite::Delete(DeleteRequest {
                    table: table.to_owned(),
                    key: key.clone(),
                    condition: Condition::new(""),
                    params: ExpressionParams::default(),
                    return_values: ReturnValues::None,
                }),
                key,
            ))
        }
        _ => Err(WireError::validation(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        )),
    }
}

pub async fn batch_write(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let items = request_items(body, "BatchWriteItem")?;
    let mut writes = Vec::new();
    for (table, requests) in items.0 {
        let Value::Array(requests) = requests else {
            return Err(WireError::serialization(
                "RequestItems values must be lists",
            ));
        };
        if requests.is_empty() {
            return Err(WireError::validation(
                "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]",
            ));
        }
        let mut seen = BTreeSet::new();
        for request in requests {
            let (write, item) = parse_write(table, request)?;
            if !seen.insert(key_text(engine, table, &item)?) {
                return Err(duplicates());
            }
            writes.push(write);
        }
    }
    if writes.len() > MAX_WRITES {
        // The service quotes the request map as Java prints it: {Table=[request, ...]}.
        let quoted: Vec<String> = items
            .0
            .iter()
            .map(|(table, requests)| {
                let listed: Vec<String> = requests
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(Value::to_string)
                    .collect();
                format!("{table}=[{}]", listed.join(", "))
            })
            .collect();
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '{{{}}}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to {MAX_WRITES}, Member must have length greater than or equal to 1]",
            quoted.join(", ")
        )));
    }
    let mut per_table: BTreeMap<String, u64> = BTreeMap::new();
    for write in &writes {
        let table = match write {
            BatchWrite::Put(request) => &request.table,
            BatchWrite::Delete(request) => &request.table,
        };
        *per_table.entry(table.clone()).or_default() += 1;
    }
    // Run as one transaction: every item is checked before any is written, as the service
    // validates the whole batch first.
    let actions = writes
        .into_iter()
        .map(|write| match write {
            BatchWrite::Put(request) => TransactAction::Put(request),
            BatchWrite::Delete(request) => TransactAction::Delete(request),
        })
        .collect();
    let request = TransactWriteRequest {
        actions,
        client_token: None,
    };
    engine
        .transact_write(request)
        .await
        .map_err(first_invalid)?;
    let mut out = json!({"UnprocessedItems": {}});
    if body.capacity()?.is_some() {
        // One write unit per request: the engine does not size batch writes separately.
        let consumed: Vec<Value> = per_table
            .into_iter()
            .map(|(table, writes)| json!({"TableName": table, "CapacityUnits": writes}))
            .collect();
        out["ConsumedCapacity"] = Value::Array(consumed);
    }
    Ok(out)
}

/// A batch is not a transaction: the first invalid write is the batch's validation error.
fn first_invalid(error: BackendError) -> WireError {
    match error {
        BackendError::TransactionCanceled { reasons, message } => {
            let message = reasons
                .into_iter()
                .find_map(|reason| reason.message.filter(|_| reason.code == "ValidationError"))
                .unwrap_or(message);
            WireError::validation(message)
        }
        other => other.into(),
    }
}
