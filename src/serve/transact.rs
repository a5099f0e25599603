//! TransactWriteItems and TransactGetItems.

use serde_json::{Map, Value, json};

use std::collections::{BTreeMap, BTreeSet};

use super::error::WireError;
use super::items::condition;
use super::values::capacity_json;
use super::wire::Body;
use crate::backend::memory::MemoryBackend;
use crate::backend::{
    Backend, BackendError, CancellationReason, ConsumedCapacity, DeleteRequest, GetRequest,
    PutRequest, ReturnValues, TransactAction, TransactWriteRequest, UpdateRequest,
};
use crate::domain::ddb_json::item_to_json;
use crate::domain::expr::WireRequest;
use crate::domain::limits::MAX_TRANSACT_ACTIONS as MAX_ACTIONS;
use crate::domain::limits::check_transaction_size;

fn transact_items<'a>(body: &Body<'a>) -> Result<&'a Vec<Value>, WireError> {
    let items = body.array("TransactItems")?.ok_or_else(|| {
        WireError::validation(
            "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
        )
    })?;
    if items.is_empty() {
        return Err(WireError::validation(
            "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
        ));
    }
    if items.len() > MAX_ACTIONS {
        let listed: Vec<String> = items.iter().map(Value::to_string).collect();
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '[{}]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to {MAX_ACTIONS}",
            listed.join(", ")
        )));
    }
    Ok(items)
}

/// The single operation of one `TransactItems` entry, by its name.
fn only_operation<'a>(
    entry: &'a Value,
    names: &[&'static str],
) -> Result<(&'static str, Body<'a>), WireError> {
    let Value::Object(entry) = entry else {
        return Err(WireError::serialization(
            "TransactItems entries must be objects",
        ));
    };
    let entry = Body(entry);
    let mut found = Vec::new();
    for name in names {
        if let Some(operation) = entry.object(name)? {
            found.push((*name, operation));
        }
    }
    if found.len() != 1 {
        return Err(WireError::validation(
            "TransactItems can only contain one of Check, Put, Update or Delete",
        ));
    }
    Ok(found.remove(0))
}

fn action(kind: &str, body: &Body<'_>) -> Result<TransactAction, WireError> {
    let table = body.table_name()?;
    let params = body.params()?;
    Ok(match kind {
        "Put" => TransactAction::Put(PutRequest {
            table,
            item: body.item("Item")?,
            condition: condition(body)?,
            params,
            return_values: ReturnValues::None,
        }),
        "Update" => TransactAction::Update(UpdateRequest {
            table,
            key: body.item("Key")?,
            update: body
                .expression("UpdateExpression")?
                .unwrap_or_default()
                .to_owned(),
            condition: condition(body)?,
            params,
            return_values: ReturnValues::None,
        }),
        "Delete" => TransactAction::Delete(DeleteRequest {
            table,
            key: body.item("Key")?,
            condition: condition(body)?,
            params,
            return_values: ReturnValues::None,
        }),
        _ => {
            let Some(expression) = body.expression("ConditionExpression")? else {
                return Err(WireError::validation(
                    "1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null",
                ));
            };
            TransactAction::ConditionCheck {
                table,
                key: body.item("Key")?,
                condition: crate::backend::Condition::new(expression),
                params,
            }
        }
    })
}

pub async fn transact_write(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let entries = transact_items(body)?;
    let mut actions = Vec::with_capacity(entries.len());
    let mut return_items = Vec::with_capacity(entries.len());
    for entry in entries {
        let (kind, operation) =
            only_operation(entry, &["ConditionCheck", "Put", "Update", "Delete"])?;
        actions.push(action(kind, &operation)?);
        return_items.push(operation.return_item_on_failure()?);
    }
    check_transaction_size(&actions).map_err(WireError::validation)?;
    let detail = body.capacity()?;
    let tables: BTreeSet<String> = actions
        .iter()
        .map(|action| action_table(action).to_owned())
        .collect();
    let request = TransactWriteRequest {
        actions,
        client_token: body.opt_str("ClientRequestToken")?.map(str::to_owned),
    };
    match engine.transact_write(request).await {
        Ok(output) => {
            let mut out = Map::new();
            // The engine reports one entry per table, in table-name order.
            if let Some(detail) = detail {
                let consumed = tables
                    .iter()
                    .zip(&output.consumed)
                    .map(|(table, consumed)| capacity_json(table, consumed, detail))
                    .collect();
                out.insert("ConsumedCapacity".into(), Value::Array(consumed));
            }
            Ok(Value::Object(out))
        }
        Err(BackendError::TransactionCanceled {
            message,
            mut reasons,
        }) => {
            // The item of a failed condition is returned only to actions that asked for it.
            for (reason, wanted) in reasons.iter_mut().zip(&return_items) {
                if !wanted {
                    reason.item = None;
                }
            }
            Err(BackendError::TransactionCanceled { message, reasons }.into())
        }
        Err(other) => Err(other.into()),
    }
}

/// The table an action writes or checks.
pub fn action_table(action: &TransactAction) -> &str {
    match action {
        TransactAction::Put(request) => &request.table,
        TransactAction::Update(request) => &request.table,
        TransactAction::Delete(request) => &request.table,
        TransactAction::ConditionCheck { table, .. } => table,
    }
}

pub async fn transact_get(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let entries = transact_items(body)?;
    let mut gets = Vec::with_capacity(entries.len());
    for entry in entries {
        let (_, get) = only_operation(entry, &["Get"])?;
        gets.push(GetRequest {
            table: get.table_name()?,
            key: get.item("Key")?,
            projection: get.expression("ProjectionExpression")?.map(str::to_owned),
            params: get.params()?,
            consistent_read: true,
        });
    }
    // A malformed projection fails the whole request, before any get is tried.
    for get in &gets {
        if let Some(projection) = &get.projection {
            let mut request = WireRequest::new(&get.params);
            request
                .projection(projection)
                .map(drop)
                .and_then(|()| request.finish())
                .map_err(|error| WireError::validation(error.message))?;
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for get in &gets {
        if !seen.insert((get.table.clone(), item_to_json(&get.key).to_string())) {
            return Err(WireError::validation(
                "Transaction request cannot include multiple operations on one item",
            ));
        }
    }
    let mut responses = Vec::with_capacity(gets.len());
    let mut reasons = Vec::with_capacity(gets.len());
    let mut cancelled = false;
    let detail = body.capacity()?;
    let mut consumed: BTreeMap<String, ConsumedCapacity> = BTreeMap::new();
    let tables: Vec<String> = gets.iter().map(|get| get.table.clone()).collect();
    for (answer, table) in engine.transact_get_now(&gets)?.into_iter().zip(tables) {
        let (response, reason) = match answer {
            Ok(output) => {
                // A transactional read costs twice a consistent one.
                let units = output.consumed.as_ref().map_or(0.0, |c| c.total) * 2.0;
                consumed
                    .entry(table)
                    .or_default()
                    .accumulate(&ConsumedCapacity {
                        total: units,
                        table: Some(units),
                        ..ConsumedCapacity::default()
                    });
                let mut response = Map::new();
                if let Some(item) = &output.item {
                    response.insert("Item".into(), item_to_json(item));
                }
                (Value::Object(response), ("None".to_owned(), None))
            }
            // An invalid get cancels the transaction, with its reason in place.
            Err(BackendError::Validation(message)) => {
                cancelled = true;
                (Value::Null, ("ValidationError".to_owned(), Some(message)))
            }
            Err(other) => return Err(other.into()),
        };
        responses.push(response);
        reasons.push(reason);
    }
    if cancelled {
        let codes: Vec<&str> = reasons.iter().map(|(code, _)| code.as_str()).collect();
        let message = format!(
            "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
            codes.join(", ")
        );
        let reasons = reasons
            .into_iter()
            .map(|(code, message)| CancellationReason {
                code,
                message,
                item: None,
            })
            .collect();
        return Err(BackendError::TransactionCanceled { message, reasons }.into());
    }
    let mut out = json!({"Responses": responses});
    if let Some(detail) = detail {
        let consumed: Vec<Value> = consumed
            .iter()
            .map(|(table, consumed)| capacity_json(table, consumed, detail))
            .collect();
        out["ConsumedCapacity"] = Value::Array(consumed);
    }
    Ok(out)
}
