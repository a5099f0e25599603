//! What a transaction did, for people on stderr and for scripts on stdout (one JSON object):
//! committed, or cancelled with each cancellation reason next to the plan line it concerns and,
//! for a failed condition, the item as it is now.

use std::io::{self, Write as _};

use serde_json::{Value, json};

use crate::backend::CancellationReason;
use crate::cli::args::OutputFormat;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::output::escape::escape_json_for_terminal;
use crate::domain::ddb_json::item_to_json;
use crate::domain::edit::transaction::{Assembled, Staged, StagedPart};
use crate::domain::edit::typed_json;
use crate::domain::request::TransactAction;
use crate::domain::value::Item;

const CONDITION_FAILED: &str = "ConditionalCheckFailed";

fn image(format: OutputFormat, item: Option<&Item>) -> Value {
    match (format, item) {
        (_, None) => Value::Null,
        (OutputFormat::Ddb, Some(item)) => item_to_json(item),
        (_, Some(item)) => typed_json(item),
    }
}

fn action_name(action: &TransactAction) -> &'static str {
    match action {
        TransactAction::Put(_) => "Put",
        TransactAction::Update(_) => "Update",
        TransactAction::Delete(_) => "Delete",
        TransactAction::ConditionCheck { .. } => "ConditionCheck",
    }
}

fn action_key(action: &TransactAction, staged: &Staged) -> Option<Item> {
    match action {
        TransactAction::Put(put) => match &staged.part {
            StagedPart::Write(planned) => planned.expected.clone().or(Some(put.item.clone())),
            StagedPart::Check(_) => None,
        },
        TransactAction::Update(update) => Some(update.key.clone()),
        TransactAction::Delete(delete) => Some(delete.key.clone()),
        TransactAction::ConditionCheck { key, .. } => Some(key.clone()),
    }
}

fn print_json(value: &Value) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let text = escape_json_for_terminal(value.to_string());
    crate::cli::error::ignore_closed_pipe(writeln!(out, "{text}").and_then(|()| out.flush()))
}

/// Says the transaction committed: every line applied.
pub fn committed(assembled: &Assembled, staged: &[Staged], batch: &str) -> Result<(), CliError> {
    let lines: Vec<usize> = staged.iter().map(|part| part.line).collect();
    note(&format!(
        "committed: {} action(s) from {} line(s) as one TransactWriteItems (run {batch}; `ddbx undo` undoes it as one transaction)",
        assembled.request.actions.len(),
        lines.len()
    ));
    print_json(&json!({
        "committed": true,
        "batch": batch,
        "actions": assembled.request.actions.len(),
        "lines": lines,
    }))
}

/// Says the transaction was cancelled and nothing applied; each reason beside its line. Exit 3
/// when a condition failed (an item changed since it was read), else 1.
pub fn cancelled(
    assembled: &Assembled,
    staged: &[Staged],
    message: &str,
    reasons: &[CancellationReason],
    format: OutputFormat,
) -> Result<(), CliError> {
    let mut text = format!(
        "TransactionCanceledException: {message}\nnothing was applied: a transaction is all or nothing"
    );
    let mut rows = Vec::new();
    for (position, action) in assembled.request.actions.iter().enumerate() {
        let part = &staged[assembled.part_of_action[position]];
        let reason = reasons.get(position);
        let code = reason.map_or("None", |reason| reason.code.as_str());
        let key = action_key(action, part);
        if code != "None" {
            text.push_str(&format!(
                "\nline {} ({} of {}): {code}",
                part.line,
                action_name(action),
                key.as_ref()
                    .map_or_else(String::new, |key| item_to_json(key).to_string())
            ));
            if let Some(words) = reason.and_then(|reason| reason.message.as_deref()) {
                text.push_str(&format!(": {words}"));
            }
            if code == CONDITION_FAILED {
                let now = reason.and_then(|reason| reason.item.as_ref());
                text.push_str(&match now {
                    Some(item) => format!("; the item now: {}", typed_json(item)),
                    None => "; the item does not exist now".to_owned(),
                });
            }
        }
        rows.push(json!({
            "line": part.line,
            "action": action_name(action),
            "key": image(format, key.as_ref()),
            "reason": code,
            "message": reason.and_then(|reason| reason.message.clone()),
            "current": image(format, reason.and_then(|reason| reason.item.as_ref())),
        }));
    }
    print_json(&json!({"committed": false, "reasons": rows}))?;
    let condition_failed = reasons.iter().any(|reason| reason.code == CONDITION_FAILED);
    let text = escape_json_for_terminal(text);
    Err(if condition_failed {
        CliError::ConditionFailed(text)
    } else {
        CliError::Failed(text)
    })
}
