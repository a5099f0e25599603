//! Several planned writes (and condition checks) as one `TransactWriteItems`: each action keeps
//! the condition its own planner gave it, and the whole is checked against DynamoDB's limits
//! before anything is sent — 100 actions, 4 MB of items, one action per item — with the
//! service's own words.

use std::fmt;

use super::conditions::{key_of, render_condition};
use super::error::EditError;
use super::lifecycle::delete_condition;
use super::write_plan::{ConditionMode, EditContext, PlannedWrite, WritePlan};
use crate::domain::expr::render::Renderer;
use crate::domain::expr::{ExprKind, ExpressionParams, parse_friendly_condition};
use crate::domain::limits::MAX_TRANSACT_ACTIONS;
use crate::domain::request::{Condition, ReturnValues, TransactAction, TransactWriteRequest};
use crate::domain::value::{Item, item_size};

/// The aggregate size of the items of one transaction (API reference, TransactWriteItems).
pub const MAX_TRANSACT_BYTES: usize = 4 * 1024 * 1024;

/// A condition on an item the transaction does not write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedCheck {
    pub key: Item,
    pub condition: Condition,
    pub params: ExpressionParams,
    pub summary: String,
}

/// What one line of a plan becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StagedPart {
    Write(PlannedWrite),
    Check(PlannedCheck),
}

/// One part and where it comes from (a plan file's line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staged {
    pub line: usize,
    pub part: StagedPart,
}

/// The transaction, with the index into the staged parts of every action (a key change is two
/// actions of one part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembled {
    pub request: TransactWriteRequest,
    pub part_of_action: Vec<usize>,
}

/// Why a transaction is refused before it is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransactLimitError {
    TooManyActions { count: usize },
    TooLarge { bytes: usize },
    SameItemTwice { first: usize, second: usize },
    Empty,
}

impl fmt::Display for TransactLimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyActions { count } => write!(
                f,
                "the transaction has {count} actions, over DynamoDB's limit of {MAX_TRANSACT_ACTIONS} \
                 (\"Member must have length less than or equal to {MAX_TRANSACT_ACTIONS}\"); split \
                 it; nothing was sent"
            ),
            Self::TooLarge { bytes } => write!(
                f,
                "the items of the transaction total {bytes} bytes, over DynamoDB's limit of \
                 {MAX_TRANSACT_BYTES} bytes (\"The aggregate size of the items in the transaction \
                 cannot exceed 4 MB\"); split it; nothing was sent"
            ),
            Self::SameItemTwice { first, second } => write!(
                f,
                "lines {first} and {second} act on the same item: \"Transaction request cannot \
                 include multiple operations on one item\"; merge them into one line; nothing was sent"
            ),
            Self::Empty => f.write_str("the transaction has no action to send; nothing was sent"),
        }
    }
}

impl std::error::Error for TransactLimitError {}

/// Refuses more actions than one transaction may hold, before anything is planned or read.
pub fn check_action_count(count: usize) -> Result<(), TransactLimitError> {
    if count > MAX_TRANSACT_ACTIONS {
        return Err(TransactLimitError::TooManyActions { count });
    }
    Ok(())
}

/// A condition check of `original` (the item as read): unchanged since, by its version or
/// every attribute, as a delete of it would be conditioned.
pub fn plan_unchanged_check(
    ctx: &EditContext<'_>,
    original: &Item,
) -> Result<PlannedCheck, EditError> {
    let (condition, summary) = delete_condition(ctx, original, ConditionMode::Auto);
    let mut renderer = Renderer::new();
    let condition = render_condition(&mut renderer, &condition)?;
    Ok(PlannedCheck {
        key: key_of(ctx, original)?,
        condition,
        params: renderer.finish(),
        summary: format!("ConditionCheck {summary}"),
    })
}

/// A condition check of the item under `key` with the user's condition (friendly syntax).
pub fn plan_condition_check(key: Item, text: &str) -> Result<PlannedCheck, EditError> {
    let ast = parse_friendly_condition(ExprKind::Condition, text, &ExpressionParams::default())
        .map_err(|error| EditError::BadCondition(format!("condition {text:?}: {error}")))?;
    let mut renderer = Renderer::new();
    let condition = render_condition(&mut renderer, &ast)?;
    Ok(PlannedCheck {
        key,
        condition,
        params: renderer.finish(),
        summary: format!("ConditionCheck conditioned on {text}"),
    })
}

/// A transaction's actions return nothing (`ReturnValues` is not part of them), so the
/// request shows none.
fn without_return_values(mut action: TransactAction) -> TransactAction {
    match &mut action {
        TransactAction::Put(request) => request.return_values = ReturnValues::None,
        TransactAction::Update(request) => request.return_values = ReturnValues::None,
        TransactAction::Delete(request) => request.return_values = ReturnValues::None,
        TransactAction::ConditionCheck { .. } => {}
    }
    action
}

fn actions_of(table: &str, part: &StagedPart) -> Vec<TransactAction> {
    match part {
        StagedPart::Write(planned) => match &planned.plan {
            WritePlan::Nothing => Vec::new(),
            WritePlan::Update(request) => vec![TransactAction::Update(request.clone())],
            WritePlan::Put(request) => vec![TransactAction::Put(request.clone())],
            WritePlan::Delete(request) => vec![TransactAction::Delete(request.clone())],
            WritePlan::MoveKey(request) => request.actions.clone(),
        }
        .into_iter()
        .map(without_return_values)
        .collect(),
        StagedPart::Check(check) => vec![TransactAction::ConditionCheck {
            table: table.to_owned(),
            key: check.key.clone(),
            condition: check.condition.clone(),
            params: check.params.clone(),
        }],
    }
}

/// The one request of all `staged` parts, in plan order.
#[must_use]
pub fn assemble(table: &str, staged: &[Staged], client_token: Option<String>) -> Assembled {
    let mut request = TransactWriteRequest {
        actions: Vec::new(),
        client_token,
    };
    let mut part_of_action = Vec::new();
    for (index, part) in staged.iter().enumerate() {
        for action in actions_of(table, &part.part) {
            request.actions.push(action);
            part_of_action.push(index);
        }
    }
    Assembled {
        request,
        part_of_action,
    }
}

fn action_key(
    action: &TransactAction,
    description: &crate::domain::schema::TableDescription,
) -> Option<Item> {
    match action {
        TransactAction::Put(put) => description.primary_key_of(&put.item),
        TransactAction::Update(update) => Some(update.key.clone()),
        TransactAction::Delete(delete) => Some(delete.key.clone()),
        TransactAction::ConditionCheck { key, .. } => Some(key.clone()),
    }
}

/// The size DynamoDB counts for the action: the item a put or an update leaves, the key of a
/// delete or a check.
fn action_bytes(action: &TransactAction, after: Option<&Item>) -> usize {
    match action {
        TransactAction::Put(put) => item_size(&put.item),
        TransactAction::Update(update) => after.map_or_else(|| item_size(&update.key), item_size),
        TransactAction::Delete(delete) => item_size(&delete.key),
        TransactAction::ConditionCheck { key, .. } => item_size(key),
    }
}

/// Checks the assembled transaction against the service's limits.
pub fn check_limits(
    assembled: &Assembled,
    staged: &[Staged],
    description: &crate::domain::schema::TableDescription,
) -> Result<(), TransactLimitError> {
    let actions = &assembled.request.actions;
    if actions.is_empty() {
        return Err(TransactLimitError::Empty);
    }
    check_action_count(actions.len())?;
    // At most 100 actions: a list compares few enough pairs.
    let mut seen: Vec<(Item, usize)> = Vec::new();
    let mut bytes = 0;
    for (action, &part) in actions.iter().zip(&assembled.part_of_action) {
        let line = staged[part].line;
        if let Some(key) = action_key(action, description) {
            if let Some((_, first)) = seen.iter().find(|(seen_key, _)| *seen_key == key) {
                return Err(TransactLimitError::SameItemTwice {
                    first: *first,
                    second: line,
                });
            }
            seen.push((key, line));
        }
        let after = match &staged[part].part {
            StagedPart::Write(planned) => planned.expected.as_ref(),
            StagedPart::Check(_) => None,
        };
        bytes += action_bytes(action, after);
    }
    if bytes > MAX_TRANSACT_BYTES {
        return Err(TransactLimitError::TooLarge { bytes });
    }
    Ok(())
}

/// The labels of the preview: each action's plan line and what it is.
#[must_use]
pub fn action_labels(assembled: &Assembled, staged: &[Staged]) -> Vec<String> {
    assembled
        .part_of_action
        .iter()
        .map(|&part| {
            let summary = match &staged[part].part {
                StagedPart::Write(planned) => &planned.summary,
                StagedPart::Check(check) => &check.summary,
            };
            format!("line {}: {summary}", staged[part].line)
        })
        .collect()
}

#[cfg(test)]
#[path = "transaction_tests.rs"]
mod tests;
