//! From an operation name and a body to the operation's answer; writes are refused on a
//! read-only endpoint before anything is parsed.

use serde_json::Value;

use super::error::WireError;
use super::served::Served;
use super::wire::Body;
use super::{batch, items, reads, tables, tags, transact, update_table};

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
    "TagResource",
    "UntagResource",
];

/// Operations on a table itself, whose not-found message names the table.
const TABLE_OPERATIONS: &[&str] = &[
    "DescribeTable",
    "DeleteTable",
    "UpdateTable",
    "DescribeTimeToLive",
    "UpdateTimeToLive",
];

pub async fn answer(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    answer_any(served, operation, body)
        .await
        .map_err(|mut error| {
            // Item, batch and transaction operations do not say which table is missing.
            if error.name() == "ResourceNotFoundException" && !TABLE_OPERATIONS.contains(&operation)
            {
                "Requested resource not found".clone_into(&mut error.message);
            }
            error
        })
}

async fn answer_any(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    if served.read_only && WRITES.contains(&operation) {
        return Err(WireError::read_only(operation));
    }
    let json: Value = serde_json::from_slice(body)
        .map_err(|error| WireError::serialization(format!("the body is not JSON: {error}")))?;
    let Value::Object(mut map) = json else {
        return Err(WireError::serialization("the body must be a JSON object"));
    };
    super::wire::check_table_name_first(&Body(&map), operation)?;
    Body(&map).check_common(operation)?;
    super::legacy::translate(&mut map)?;
    let body = Body(&map);
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
        "UpdateTable" => update_table::update_table(served, &body),
        "TagResource" => tags::tag(served, &body),
        "UntagResource" => tags::untag(served, &body),
        "ListTagsOfResource" => tags::list(served, &body),
        other => Err(WireError::unknown_operation(other)),
    }
}
