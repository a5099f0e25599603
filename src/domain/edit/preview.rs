//! The exact request of a plan as text, for the preview screen and `--dry-run`: every field the
//! service receives, in a fixed order, values as DynamoDB JSON. Deterministic: the same plan
//! always gives the same text.
//!
//! The text holds item data verbatim (JSON-escaped); escape it for the terminal before showing it.

use std::fmt::Write as _;

use serde_json::Value;

use super::plan::WritePlan;
use crate::domain::ddb_json::{item_to_json, to_json};
use crate::domain::request::{
    Condition, DeleteRequest, ExpressionParams, PutRequest, ReturnValues, TransactAction,
    TransactWriteRequest, UpdateRequest,
};
use crate::domain::value::Item;

/// The request text of `plan`.
#[must_use]
pub fn request_preview(plan: &WritePlan) -> String {
    let mut out = String::new();
    match plan {
        WritePlan::Nothing => out.push_str("nothing to send: the item is unchanged\n"),
        WritePlan::Update(request) => update(&mut out, request, ""),
        WritePlan::Put(request) => put(&mut out, request, ""),
        WritePlan::Delete(request) => delete(&mut out, request, ""),
        WritePlan::MoveKey(request) => out.push_str(&transaction_preview(request, &[])),
    }
    out
}

/// The request text of a transaction; `labels[i]`, when given, says where action `i` comes
/// from (its line of a plan file).
#[must_use]
pub fn transaction_preview(request: &TransactWriteRequest, labels: &[String]) -> String {
    let mut out = String::from("TransactWriteItems (all actions or none)\n");
    if let Some(token) = &request.client_token {
        line(&mut out, "", "ClientRequestToken", token);
    }
    for (position, action) in request.actions.iter().enumerate() {
        match labels.get(position) {
            Some(label) => {
                let _ = writeln!(out, "  action {} ({label}):", position + 1);
            }
            None => {
                let _ = writeln!(out, "  action {}:", position + 1);
            }
        }
        match action {
            TransactAction::Put(put_request) => put(&mut out, put_request, "    "),
            TransactAction::Update(update_request) => update(&mut out, update_request, "    "),
            TransactAction::Delete(delete_request) => delete(&mut out, delete_request, "    "),
            TransactAction::ConditionCheck {
                table,
                key,
                condition,
                params,
            } => {
                line(&mut out, "    ", "ConditionCheck", "");
                common(&mut out, "    ", table, Some(key), condition, params);
                on_failure(&mut out, "    ");
            }
        }
    }
    out
}

fn line(out: &mut String, indent: &str, field: &str, value: &str) {
    if value.is_empty() {
        let _ = writeln!(out, "{indent}{field}");
    } else {
        let _ = writeln!(out, "{indent}{field}: {value}");
    }
}

fn compact(value: &Value) -> String {
    value.to_string()
}

fn key_text(key: &Item) -> String {
    compact(&item_to_json(key))
}

fn common(
    out: &mut String,
    indent: &str,
    table: &str,
    key: Option<&Item>,
    condition: &Condition,
    params: &ExpressionParams,
) {
    line(out, indent, "TableName", table);
    if let Some(key) = key {
        line(out, indent, "Key", &key_text(key));
    }
    line(out, indent, "ConditionExpression", &condition.expression);
    params_lines(out, indent, params);
}

/// The lines every write ends with, after what it writes: its condition, the placeholders, and
/// what it returns.
fn condition_and_returns(
    out: &mut String,
    indent: &str,
    condition: &Condition,
    params: &ExpressionParams,
    values: ReturnValues,
) {
    line(out, indent, "ConditionExpression", &condition.expression);
    params_lines(out, indent, params);
    return_values(out, indent, values);
    on_failure(out, indent);
}

fn params_lines(out: &mut String, indent: &str, params: &ExpressionParams) {
    if !params.names.is_empty() {
        let names: serde_json::Map<String, Value> = params
            .names
            .iter()
            .map(|(placeholder, name)| (placeholder.clone(), Value::String(name.clone())))
            .collect();
        line(
            out,
            indent,
            "ExpressionAttributeNames",
            &compact(&Value::Object(names)),
        );
    }
    if !params.values.is_empty() {
        line(out, indent, "ExpressionAttributeValues", "");
        // `:v10` after `:v9`: order by the number, as the expressions use them.
        let mut values: Vec<_> = params.values.iter().collect();
        values.sort_by_key(|(placeholder, _)| (placeholder.len(), (*placeholder).clone()));
        for (placeholder, value) in values {
            let _ = writeln!(out, "{indent}  {placeholder}: {}", compact(&to_json(value)));
        }
    }
}

fn return_values(out: &mut String, indent: &str, values: ReturnValues) {
    let text = match values {
        ReturnValues::None => return,
        ReturnValues::AllOld => "ALL_OLD",
        ReturnValues::AllNew => "ALL_NEW",
        ReturnValues::UpdatedOld => "UPDATED_OLD",
        ReturnValues::UpdatedNew => "UPDATED_NEW",
    };
    line(out, indent, "ReturnValues", text);
}

fn on_failure(out: &mut String, indent: &str) {
    line(
        out,
        indent,
        "ReturnValuesOnConditionCheckFailure",
        "ALL_OLD",
    );
}

fn update(out: &mut String, request: &UpdateRequest, indent: &str) {
    line(out, indent, "UpdateItem", "");
    line(out, indent, "TableName", &request.table);
    line(out, indent, "Key", &key_text(&request.key));
    line(out, indent, "UpdateExpression", &request.update);
    condition_and_returns(
        out,
        indent,
        &request.condition,
        &request.params,
        request.return_values,
    );
}

fn put(out: &mut String, request: &PutRequest, indent: &str) {
    line(out, indent, "PutItem", "");
    line(out, indent, "TableName", &request.table);
    line(out, indent, "Item", &compact(&item_to_json(&request.item)));
    condition_and_returns(
        out,
        indent,
        &request.condition,
        &request.params,
        request.return_values,
    );
}

fn delete(out: &mut String, request: &DeleteRequest, indent: &str) {
    line(out, indent, "DeleteItem", "");
    common(
        out,
        indent,
        &request.table,
        Some(&request.key),
        &request.condition,
        &request.params,
    );
    return_values(out, indent, request.return_values);
    on_failure(out, indent);
}
