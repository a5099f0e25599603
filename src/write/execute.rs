//! Executes a [`WritePlan`] over any [`Backend`]: one request, and on a failed condition the item
//! as it is now (from ALL_OLD, or a consistent re-read when the server did not return it), so the
//! conflict view can show it. Nothing is ever retried blindly: a conflict goes back to the user.

use crate::backend::{
    Backend, BackendError, CancellationReason, GetRequest, TransactAction, TransactWriteRequest,
};
use crate::domain::edit::{PlannedWrite, WritePlan, before_from_after};
use crate::domain::expr::ExpressionParams;
use crate::domain::value::Item;

/// What became of a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    /// Written. `before`/`after` as the service returned them (`None` where it returns nothing:
    /// the before-image of an update, the after-image of a delete; see [`execute_planned`]).
    Written {
        before: Option<Item>,
        after: Option<Item>,
    },
    /// The condition failed: the item changed since it was read. `current` is the item now
    /// (`None`: it no longer exists). Nothing was written.
    Conflict { current: Option<Item> },
    /// A key change (or create) was refused because an item with the new key exists already.
    /// Nothing was written.
    TargetExists { key: Item, existing: Option<Item> },
}

/// Sends `plan` (nothing for [`WritePlan::Nothing`]).
pub async fn execute(
    backend: &dyn Backend,
    plan: &WritePlan,
) -> Result<WriteOutcome, BackendError> {
    match plan {
        WritePlan::Nothing => Ok(WriteOutcome::Written {
            before: None,
            after: None,
        }),
        WritePlan::Update(request) => match backend.update_item(request.clone()).await {
            Ok(output) => Ok(WriteOutcome::Written {
                before: None,
                after: output.attributes,
            }),
            Err(BackendError::ConditionFailed { current }) => {
                conflict(backend, &request.table, &request.key, current).await
            }
            Err(error) => Err(error),
        },
        WritePlan::Put(request) => match backend.put_item(request.clone()).await {
            Ok(output) => Ok(WriteOutcome::Written {
                before: output.attributes,
                after: Some(request.item.clone()),
            }),
            Err(BackendError::ConditionFailed { current }) => {
                let key = put_key(backend, &request.table, &request.item).await?;
                let existing = match current {
                    Some(item) => Some(item),
                    None => reread(backend, &request.table, &key).await?,
                };
                Ok(WriteOutcome::TargetExists { key, existing })
            }
            Err(error) => Err(error),
        },
        WritePlan::Delete(request) => match backend.delete_item(request.clone()).await {
            Ok(output) => Ok(WriteOutcome::Written {
                before: output.attributes,
                after: None,
            }),
            Err(BackendError::ConditionFailed { current }) => {
                conflict(backend, &request.table, &request.key, current).await
            }
            Err(error) => Err(error),
        },
        WritePlan::MoveKey(request) => move_key(backend, request).await,
    }
}

/// [`execute`], with the images the service does not return filled in from the plan: an
/// update's before-image (its after-image with the changed paths put back, exact because the
/// condition held) and a key change's before-image (the item as read) and after-image.
pub async fn execute_planned(
    backend: &dyn Backend,
    planned: &PlannedWrite,
) -> Result<WriteOutcome, BackendError> {
    let outcome = execute(backend, &planned.plan).await?;
    Ok(match (outcome, &planned.plan) {
        (
            WriteOutcome::Written {
                before: None,
                after: Some(after),
            },
            WritePlan::Update(_),
        ) => WriteOutcome::Written {
            before: Some(before_from_after(planned, &after)),
            after: Some(after),
        },
        (WriteOutcome::Written { .. }, WritePlan::MoveKey(_)) => WriteOutcome::Written {
            before: planned.original.clone(),
            after: planned.expected.clone(),
        },
        (outcome, _) => outcome,
    })
}

async fn conflict(
    backend: &dyn Backend,
    table: &str,
    key: &Item,
    current: Option<Item>,
) -> Result<WriteOutcome, BackendError> {
    let current = match current {
        Some(item) => Some(item),
        None => reread(backend, table, key).await?,
    };
    Ok(WriteOutcome::Conflict { current })
}

/// The item under `key` now, read consistently (the server did not return it with the failure).
async fn reread(
    backend: &dyn Backend,
    table: &str,
    key: &Item,
) -> Result<Option<Item>, BackendError> {
    let output = backend
        .get_item(GetRequest {
            table: table.to_owned(),
            key: key.clone(),
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        })
        .await?;
    Ok(output.item)
}

/// The primary key of an item being put, from the table's key schema.
async fn put_key(backend: &dyn Backend, table: &str, item: &Item) -> Result<Item, BackendError> {
    let description = backend.describe_table(table).await?;
    description.primary_key_of(item).ok_or_else(|| {
        BackendError::Validation("the item lacks a key attribute of the table".to_owned())
    })
}

fn failed(reason: Option<&CancellationReason>) -> bool {
    reason.is_some_and(|reason| reason.code == "ConditionalCheckFailed")
}

async fn move_key(
    backend: &dyn Backend,
    request: &TransactWriteRequest,
) -> Result<WriteOutcome, BackendError> {
    let (Some(TransactAction::Delete(delete)), Some(TransactAction::Put(put))) =
        (request.actions.first(), request.actions.get(1))
    else {
        return Err(BackendError::Validation(
            "a key change is a Delete followed by a Put".to_owned(),
        ));
    };
    match backend.transact_write(request.clone()).await {
        Ok(_) => Ok(WriteOutcome::Written {
            before: None,
            after: Some(put.item.clone()),
        }),
        Err(BackendError::TransactionCanceled { message, reasons }) => {
            if failed(reasons.first()) {
                let current = reasons.first().and_then(|reason| reason.item.clone());
                return conflict(backend, &delete.table, &delete.key, current).await;
            }
            if failed(reasons.get(1)) {
                let key = put_key(backend, &put.table, &put.item).await?;
                let existing = match reasons.get(1).and_then(|reason| reason.item.clone()) {
                    Some(item) => Some(item),
                    None => reread(backend, &put.table, &key).await?,
                };
                return Ok(WriteOutcome::TargetExists { key, existing });
            }
            Err(BackendError::TransactionCanceled { message, reasons })
        }
        Err(error) => Err(error),
    }
}
