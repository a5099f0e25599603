//! From an operation name and a body to the operation's answer; writes are refused on a
//! read-only endpoint before anything is parsed.

use serde_json::Value;

use super::Served;
use super::error::WireError;
use super::wire::Body;
use super::{batch, items, reads, tables, transact};

/// Operations that change tables or items.
const WRITES: &[&str] = &[
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "BatchWriteItem",
    "TransactWriteItems",
    "CreateTable",
    "DeleteTable",
    "UpdateTable",
    "UpdateTimeToLive",
];

pub async fn answer(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    if served.read_only && WRITES.contains(&operation) {
        return Err(WireError::read_only(operation));
    }
    let json: Value = serde_json::from_slice(body)
        .map_err(|error| WireError::serialization(format!("the body is not JSON: {error}")))?;
    let Value::Object(map) = &json else {
        return Err(WireError::serialization("the body must be a JSON object"));
    };
    let body = Body(map);
    let engine = served.engine.as_ref();
    match operation {
        "GetItem" => items::get_item(engine, &body).await,
        "PutItem" => items::put_item(engine, &body).await,
        "UpdateItem" => items::update_item(engine, &body).await,
        "DeleteItem" => items::delete_item(engine, &body).await,
        "Query" => reads::query(engine, &body).await,
        "Scan" => reads::scan(engine, &body).await,
        "BatchGetItem" => batch::batch_get(engine, &body).await,
        "BatchWriteItem" => batch::batch_write(engine, &body).await,
        "TransactWriteItems" => transact::transact_write(engine, &body).await,
        "TransactGetItems" => transact::transact_get(engine, &body).await,
        "CreateTable" => tables::create_table(served, &body),
        "DeleteTable" => tables::delete_table(served, &body),
        "DescribeTable" => tables::describe_table(served, &body),
        "ListTables" => tables::list_tables(served, &body),
        "DescribeTimeToLive" => tables::describe_ttl(served, &body),
        "UpdateTimeToLive" => tables::update_ttl(served, &body),
        other => Err(WireError::unknown_operation(other)),
    }
}
