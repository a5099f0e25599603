//! PartiQL: ExecuteStatement, BatchExecuteStatement (each statement answered on its own, its
//! error in its place) and ExecuteTransaction (all its writes or none, as TransactWriteItems).

use serde_json::{Map, Value, json};

use super::error::WireError;
use super::items::add_capacity;
use super::wire::{Body, parse_value};
use crate::backend::memory::MemoryBackend;
use crate::backend::{
    Backend, BackendError, CancellationReason, StatementPage, StatementRequest, TransactAction,
    TransactWriteRequest,
};
use crate::domain::ddb_json::item_to_json;
use crate::domain::limits::MAX_TRANSACT_ACTIONS;
use crate::domain::partiql::WriteStatement;
use crate::domain::value::AttrValue;

/// Statements one BatchExecuteStatement takes at most.
const MAX_BATCH: usize = 25;
/// Characters one statement may have.
const MAX_STATEMENT: usize = 8192;

/// `Statement`, 1 to 8192 characters, at `member`.
fn statement<'a>(body: &Body<'a>, member: &str) -> Result<&'a str, WireError> {
    let text = body.opt_str("Statement")?.ok_or_else(|| {
        WireError::validation(format!(
            "1 validation error detected: Value null at '{member}' failed to satisfy constraint: Member must not be null"
        ))
    })?;
    let length = text.chars().count();
    if length == 0 || length > MAX_STATEMENT {
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '{text}' at '{member}' failed to satisfy constraint: Member must have length {}",
            if length == 0 {
                "greater than or equal to 1".to_owned()
            } else {
                format!("less than or equal to {MAX_STATEMENT}")
            }
        )));
    }
    Ok(text)
}

fn parameters(body: &Body<'_>) -> Result<Vec<AttrValue>, WireError> {
    let Some(values) = body.array("Parameters")? else {
        return Ok(Vec::new());
    };
    if values.is_empty() {
        return Err(WireError::validation(
            "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1",
        ));
    }
    values.iter().map(parse_value).collect()
}

/// The statements of a batch or transaction: a list of `count` objects within `range`.
fn statement_list<'a>(
    body: &Body<'a>,
    field: &str,
    member: &str,
    max: usize,
) -> Result<Vec<Body<'a>>, WireError> {
    let list = body.array(field)?.ok_or_else(|| {
        WireError::validation(format!(
            "1 validation error detected: Value null at '{member}' failed to satisfy constraint: Member must not be null"
        ))
    })?;
    if list.is_empty() || list.len() > max {
        let bound = if list.is_empty() {
            "greater than or equal to 1".to_owned()
        } else {
            format!("less than or equal to {max}")
        };
        return Err(WireError::validation(format!(
            "1 validation error detected: Value '{}' at '{member}' failed to satisfy constraint: Member must have length {bound}",
            Value::Array(list.clone())
        )));
    }
    list.iter()
        .map(|entry| match entry {
            Value::Object(map) => Ok(Body(map)),
            _ => Err(WireError::serialization(format!(
                "{field} entries must be objects"
            ))),
        })
        .collect()
}

fn request_of(body: &Body<'_>, member: &str) -> Result<StatementRequest, WireError> {
    Ok(StatementRequest {
        statement: statement(body, member)?.to_owned(),
        parameters: parameters(body)?,
        next_token: body.opt_str("NextToken")?.map(str::to_owned),
        limit: body.limit()?,
        consistent_read: body.opt_bool("ConsistentRead")?.unwrap_or(false),
    })
}

/// The table a statement names, for `ConsumedCapacity` and batch responses.
fn table_of(statement: &str) -> Option<String> {
    crate::domain::partiql::parse(statement)
        .ok()
        .map(|parsed| parsed.table)
}

pub async fn execute_statement(
    engine: &MemoryBackend,
    body: &Body<'_>,
) -> Result<Value, WireError> {
    let request = request_of(body, "statement")?;
    let table = table_of(&request.statement).unwrap_or_default();
    let detail = body.capacity()?;
    let page: StatementPage = engine.execute_statement(request).await?;
    let mut out = Map::new();
    let items: Vec<Value> = page.items.iter().map(item_to_json).collect();
    out.insert("Items".into(), Value::Array(items));
    if let Some(token) = page.next_token {
        out.insert("NextToken".into(), json!(token));
    }
    add_capacity(&mut out, &table, page.consumed.as_ref(), detail);
    Ok(Value::Object(out))
}

/// A batch entry's error: the exception's name without `Exception` (`ValidationError` for a
/// ValidationException), as BatchStatementError codes read.
fn batch_error(error: &WireError) -> Value {
    let name = error.name();
    let code = match name {
        "ValidationException" => "ValidationError".to_owned(),
        other => other.trim_end_matches("Exception").to_owned(),
    };
    json!({"Code": code, "Message": error.message})
}

pub async fn batch_execute(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let entries = statement_list(body, "Statements", "statements", MAX_BATCH)?;
    let mut requests = Vec::with_capacity(entries.len());
    for (position, entry) in entries.iter().enumerate() {
        requests.push(request_of(
            entry,
            &format!("statements.{}.member.statement", position + 1),
        )?);
    }
    check_distinct_items(engine, &requests)?;
    let mut responses = Vec::with_capacity(requests.len());
    for request in requests {
        let mut response = Map::new();
        if let Some(table) = table_of(&request.statement) {
            response.insert("TableName".into(), json!(table));
        }
        match engine.execute_statement(request).await {
            Ok(page) => {
                if let Some(item) = page.items.first() {
                    response.insert("Item".into(), item_to_json(item));
                }
            }
            Err(error) => {
                let error = WireError::from(error).naming_no_table();
                response.insert("Error".into(), batch_error(&error));
            }
        }
        responses.push(Value::Object(response));
    }
    Ok(json!({ "Responses": responses }))
}

/// A batch may write each item once: two writes of one key refuse the whole batch.
fn check_distinct_items(
    engine: &MemoryBackend,
    requests: &[StatementRequest],
) -> Result<(), WireError> {
    let mut seen = std::collections::BTreeSet::new();
    for request in requests {
        let Some(Ok(write)) = engine.write_of(&request.statement, &request.parameters) else {
            continue;
        };
        let key = match &write {
            WriteStatement::Insert(put) => engine
                .describe(&put.table)
                .map(|table| {
                    put.item
                        .iter()
                        .filter(|(name, _)| table.key.contains(name))
                        .map(|(name, value)| (name.clone(), value.clone()))
                        .collect()
                })
                .unwrap_or_default(),
            WriteStatement::Update(update) => update.key.clone(),
            WriteStatement::Delete(delete) => delete.key.clone(),
        };
        if !seen.insert((write.table().to_owned(), item_to_json(&key).to_string())) {
            return Err(WireError::validation(
                "Provided list of item keys contains duplicates",
            ));
        }
    }
    Ok(())
}

pub async fn execute_transaction(
    engine: &MemoryBackend,
    body: &Body<'_>,
) -> Result<Value, WireError> {
    let entries = statement_list(
        body,
        "TransactStatements",
        "transactStatements",
        MAX_TRANSACT_ACTIONS,
    )?;
    let mut requests = Vec::with_capacity(entries.len());
    for (position, entry) in entries.iter().enumerate() {
        let member = format!("transactStatements.{}.member.statement", position + 1);
        requests.push(request_of(entry, &member)?);
    }
    let writes: Vec<Option<Result<WriteStatement, BackendError>>> = requests
        .iter()
        .map(|request| engine.write_of(&request.statement, &request.parameters))
        .collect();
    if writes.iter().all(Option::is_none) {
        return transact_reads(engine, requests).await;
    }
    if writes.iter().any(Option::is_none) {
        return Err(WireError::validation(
            "Transactions must be either all reads or all writes",
        ));
    }
    let writes: Vec<WriteStatement> = writes.into_iter().flatten().collect::<Result<_, _>>()?;
    let inserts: Vec<bool> = writes
        .iter()
        .map(|write| matches!(write, WriteStatement::Insert(_)))
        .collect();
    let actions: Vec<TransactAction> = writes
        .into_iter()
        .map(|write| match write {
            WriteStatement::Insert(put) => TransactAction::Put(put),
            WriteStatement::Update(update) => TransactAction::Update(update),
            WriteStatement::Delete(delete) => TransactAction::Delete(delete),
        })
        .collect();
    crate::domain::limits::check_transaction_size(&actions).map_err(WireError::validation)?;
    let request = TransactWriteRequest {
        actions,
        client_token: body.opt_str("ClientRequestToken")?.map(str::to_owned),
    };
    match engine.transact_write(request).await {
        Ok(_) => Ok(json!({})),
        Err(BackendError::TransactionCanceled { reasons, .. }) => {
            Err(cancelled(reasons, &inserts).into())
        }
        Err(other) => Err(other.into()),
    }
}

/// A cancelled transaction of statements: an INSERT whose key exists failed as a duplicate.
fn cancelled(mut reasons: Vec<CancellationReason>, inserts: &[bool]) -> BackendError {
    for (reason, insert) in reasons.iter_mut().zip(inserts) {
        reason.item = None;
        if *insert && reason.code == "ConditionalCheckFailed" {
            "DuplicateItem".clone_into(&mut reason.code);
            reason.message = Some("Duplicate primary key exists in table".to_owned());
        }
    }
    let codes: Vec<&str> = reasons.iter().map(|reason| reason.code.as_str()).collect();
    let message = format!(
        "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
        codes.join(", ")
    );
    BackendError::TransactionCanceled { message, reasons }
}

/// A transaction of SELECTs: each one's item, in order.
async fn transact_reads(
    engine: &MemoryBackend,
    requests: Vec<StatementRequest>,
) -> Result<Value, WireError> {
    let mut responses = Vec::with_capacity(requests.len());
    for mut request in requests {
        request.consistent_read = true;
        let page = engine.execute_statement(request).await?;
        let mut response = Map::new();
        if let Some(item) = page.items.first() {
            response.insert("Item".into(), item_to_json(item));
        }
        responses.push(Value::Object(response));
    }
    Ok(json!({ "Responses": responses }))
}
