//! From an operation name and a body to the operation's answer; writes are refused on a
//! read-only endpoint before anything is parsed.

use serde_json::Value;

use super::error::WireError;
use super::operations::ITEM_WRITES;
use super::served::Served;
use super::wire::Body;
use super::{batch, items, reads, statements, tables, tags, transact, update_table};

/// Operations that change tables.
const TABLE_WRITES: &[&str] = &[
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

/// The PartiQL operations: writes unless every statement is a SELECT.
const STATEMENT_OPERATIONS: &[&str] = &[
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];

pub async fn answer(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    answer_any(served, operation, body).await.map_err(|error| {
        if TABLE_OPERATIONS.contains(&operation) {
            error
        } else {
            error.naming_no_table()
        }
    })
}

/// Whether a PartiQL request holds a statement other than a SELECT (an unreadable one counts:
/// a read-only endpoint refuses what it cannot tell is a read).
fn writes_statements(map: &serde_json::Map<String, Value>) -> bool {
    let is_select = |statement: Option<&Value>| {
        statement
            .and_then(Value::as_str)
            .and_then(|text| crate::domain::partiql::tokens(text).ok())
            .is_some_and(|tokens| {
                tokens
                    .first()
                    .is_some_and(|first| first.token.is_keyword("select"))
            })
    };
    if map.contains_key("Statement") {
        return !is_select(map.get("Statement"));
    }
    ["Statements", "TransactStatements"]
        .iter()
        .filter_map(|field| map.get(*field).and_then(Value::as_array))
        .flatten()
        .any(|entry| !is_select(entry.get("Statement")))
}

async fn answer_any(served: &Served, operation: &str, body: &[u8]) -> Result<Value, WireError> {
    if served.read_only && (ITEM_WRITES.contains(&operation) || TABLE_WRITES.contains(&operation)) {
        return Err(WireError::read_only(operation));
    }
    let json: Value = serde_json::from_slice(body)
        .map_err(|error| WireError::serialization(format!("the body is not JSON: {error}")))?;
    let Value::Object(mut map) = json else {
        return Err(WireError::serialization("the body must be a JSON object"));
    };
    if served.read_only && STATEMENT_OPERATIONS.contains(&operation) && writes_statements(&map) {
        return Err(WireError::read_only(operation));
    }
    super::wire::check_table_name_first(&Body(&map), operation)?;
    Body(&map).check_common(operation)?;
    super::legacy::translate(&mut map)?;
    let body = Body(&map);
    if TABLE_WRITES.contains(&operation) {
        return super::durable::table_change(served, operation, &body, || {
            table_change(served, operation, &body)
        });
    }
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
        "DescribeTable" => tables::describe_table(served, &body),
        "ListTables" => tables::list_tables(served, &body),
        "DescribeTimeToLive" => tables::describe_ttl(served, &body),
        "ListTagsOfResource" => tags::list(served, &body),
        "ExecuteStatement" => statements::execute_statement(engine, &body).await,
        "BatchExecuteStatement" => statements::batch_execute(engine, &body).await,
        "ExecuteTransaction" => statements::execute_transaction(engine, &body).await,
        other => Err(WireError::unknown_operation(other)),
    }
}

/// The operations of [`TABLE_WRITES`], each changing one table.
fn table_change(served: &Served, operation: &str, body: &Body<'_>) -> Result<Value, WireError> {
    match operation {
        "CreateTable" => tables::create_table(served, body),
        "DeleteTable" => tables::delete_table(served, body),
        "UpdateTimeToLive" => tables::update_ttl(served, body),
        "UpdateTable" => update_table::update_table(served, body),
        "TagResource" => tags::tag(served, body),
        "UntagResource" => tags::untag(served, body),
        other => Err(WireError::unknown_operation(other)),
    }
}
