//! PutItem, UpdateItem, DeleteItem and TransactWriteItems. Every write carries its condition,
//! asks for capacity per index and asks for the current item when the condition fails
//! (`ReturnValuesOnConditionCheckFailure=ALL_OLD`), so a conflict can be shown, not just named.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::operation::delete_item::DeleteItemError;
use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::operation::update_item::UpdateItemError;
use aws_sdk_dynamodb::types::{
    ConditionCheck, Delete, Put, ReturnConsumedCapacity, ReturnValue,
    ReturnValuesOnConditionCheckFailure, TransactWriteItem, Update,
};

use super::errors::{Target, classify};
use crate::backend::aws_convert::{
    SdkItem, capacity_from_sdk, item_to_sdk, names_to_sdk, optional_item_from_sdk,
    reasons_from_sdk, values_to_sdk,
};
use crate::backend::{
    BackendError, DeleteRequest, PutRequest, ReturnValues, TransactAction, TransactOutput,
    TransactWriteRequest, UpdateRequest, WriteOutput,
};

fn return_value(values: ReturnValues) -> ReturnValue {
    match values {
        ReturnValues::None => ReturnValue::None,
        ReturnValues::AllOld => ReturnValue::AllOld,
        ReturnValues::AllNew => ReturnValue::AllNew,
        ReturnValues::UpdatedOld => ReturnValue::UpdatedOld,
        ReturnValues::UpdatedNew => ReturnValue::UpdatedNew,
    }
}

/// A failed condition carries the item as it is now, when the server returned it. An item ddbx
/// cannot read is left out rather than turning the failure into a different error: that the
/// condition failed is what the caller must know.
fn with_current(error: BackendError, current: Option<SdkItem>) -> BackendError {
    match (error, current) {
        (BackendError::ConditionFailed { .. }, Some(item)) => BackendError::ConditionFailed {
            current: optional_item_from_sdk(Some(item), "Item").ok().flatten(),
        },
        (error, _) => error,
    }
}

fn write_output(
    attributes: Option<SdkItem>,
    consumed: Option<aws_sdk_dynamodb::types::ConsumedCapacity>,
) -> Result<WriteOutput, BackendError> {
    Ok(WriteOutput {
        attributes: optional_item_from_sdk(attributes, "Attributes")?,
        consumed: consumed.map(capacity_from_sdk),
    })
}

pub(super) async fn put_item(
    client: &Client,
    target: Target<'_>,
    request: PutRequest,
) -> Result<WriteOutput, BackendError> {
    let result = client
        .put_item()
        .table_name(request.table)
        .set_item(Some(item_to_sdk(request.item)))
        .condition_expression(request.condition.expression)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .set_expression_attribute_values(values_to_sdk(request.params.values))
        .return_values(return_value(request.return_values))
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await;
    match result {
        Ok(output) => write_output(output.attributes, output.consumed_capacity),
        Err(error) => {
            let current = match error.as_service_error() {
                Some(PutItemError::ConditionalCheckFailedException(failed)) => failed.item.clone(),
                _ => None,
            };
            Err(with_current(classify(&error, target), current))
        }
    }
}

pub(super) async fn update_item(
    client: &Client,
    target: Target<'_>,
    request: UpdateRequest,
) -> Result<WriteOutput, BackendError> {
    let result = client
        .update_item()
        .table_name(request.table)
        .set_key(Some(item_to_sdk(request.key)))
        .update_expression(request.update)
        .condition_expression(request.condition.expression)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .set_expression_attribute_values(values_to_sdk(request.params.values))
        .return_values(return_value(request.return_values))
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await;
    match result {
        Ok(output) => write_output(output.attributes, output.consumed_capacity),
        Err(error) => {
            let current = match error.as_service_error() {
                Some(UpdateItemError::ConditionalCheckFailedException(failed)) => {
                    failed.item.clone()
                }
                _ => None,
            };
            Err(with_current(classify(&error, target), current))
        }
    }
}

pub(super) async fn delete_item(
    client: &Client,
    target: Target<'_>,
    request: DeleteRequest,
) -> Result<WriteOutput, BackendError> {
    let result = client
        .delete_item()
        .table_name(request.table)
        .set_key(Some(item_to_sdk(request.key)))
        .condition_expression(request.condition.expression)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .set_expression_attribute_values(values_to_sdk(request.params.values))
        .return_values(return_value(request.return_values))
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await;
    match result {
        Ok(output) => write_output(output.attributes, output.consumed_capacity),
        Err(error) => {
            let current = match error.as_service_error() {
                Some(DeleteItemError::ConditionalCheckFailedException(failed)) => {
                    failed.item.clone()
                }
                _ => None,
            };
            Err(with_current(classify(&error, target), current))
        }
    }
}

fn incomplete(error: BuildError) -> BackendError {
    BackendError::Validation(format!("incomplete transaction action: {error}"))
}

/// One transaction action in SDK form. `return_values` of a single-item write has no meaning
/// inside a transaction and is not sent.
fn transact_item(action: TransactAction) -> Result<TransactWriteItem, BackendError> {
    const ALL_OLD: ReturnValuesOnConditionCheckFailure =
        ReturnValuesOnConditionCheckFailure::AllOld;
    let item = match action {
        TransactAction::Put(put) => TransactWriteItem::builder().put(
            Put::builder()
                .table_name(put.table)
                .set_item(Some(item_to_sdk(put.item)))
                .condition_expression(put.condition.expression)
                .set_expression_attribute_names(names_to_sdk(put.params.names))
                .set_expression_attribute_values(values_to_sdk(put.params.values))
                .return_values_on_condition_check_failure(ALL_OLD)
                .build()
                .map_err(incomplete)?,
        ),
        TransactAction::Update(update) => TransactWriteItem::builder().update(
            Update::builder()
                .table_name(update.table)
                .set_key(Some(item_to_sdk(update.key)))
                .update_expression(update.update)
                .condition_expression(update.condition.expression)
                .set_expression_attribute_names(names_to_sdk(update.params.names))
                .set_expression_attribute_values(values_to_sdk(update.params.values))
                .return_values_on_condition_check_failure(ALL_OLD)
                .build()
                .map_err(incomplete)?,
        ),
        TransactAction::Delete(delete) => TransactWriteItem::builder().delete(
            Delete::builder()
                .table_name(delete.table)
                .set_key(Some(item_to_sdk(delete.key)))
                .condition_expression(delete.condition.expression)
                .set_expression_attribute_names(names_to_sdk(delete.params.names))
                .set_expression_attribute_values(values_to_sdk(delete.params.values))
                .return_values_on_condition_check_failure(ALL_OLD)
                .build()
                .map_err(incomplete)?,
        ),
        TransactAction::ConditionCheck {
            table,
            key,
            condition,
            params,
        } => TransactWriteItem::builder().condition_check(
            ConditionCheck::builder()
                .table_name(table)
                .set_key(Some(item_to_sdk(key)))
                .condition_expression(condition.expression)
                .set_expression_attribute_names(names_to_sdk(params.names))
                .set_expression_attribute_values(values_to_sdk(params.values))
                .return_values_on_condition_check_failure(ALL_OLD)
                .build()
                .map_err(incomplete)?,
        ),
    };
    Ok(item.build())
}

pub(super) async fn transact_write(
    client: &Client,
    target: Target<'_>,
    request: TransactWriteRequest,
) -> Result<TransactOutput, BackendError> {
    let items = request
        .actions
        .into_iter()
        .map(transact_item)
        .collect::<Result<Vec<_>, _>>()?;
    let result = client
        .transact_write_items()
        .set_transact_items(Some(items))
        .set_client_request_token(request.client_token)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await;
    match result {
        Ok(output) => Ok(TransactOutput {
            consumed: output
                .consumed_capacity
                .unwrap_or_default()
                .into_iter()
                .map(capacity_from_sdk)
                .collect(),
        }),
        Err(error) => {
            let classified = classify(&error, target);
            match (classified, error.into_service_error()) {
                (
                    BackendError::TransactionCanceled { message, .. },
                    TransactWriteItemsError::TransactionCanceledException(cancelled),
                ) => Err(BackendError::TransactionCanceled {
                    message,
                    reasons: reasons_from_sdk(cancelled.cancellation_reasons.unwrap_or_default()),
                }),
                (classified, _) => Err(classified),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use aws_sdk_dynamodb::types::AttributeValue;

    use super::*;
    use crate::domain::value::{AttrValue, Item};

    fn sdk_item(name: &str, value: AttributeValue) -> SdkItem {
        SdkItem::from([(name.to_owned(), value)])
    }

    #[test]
    fn a_condition_failure_carries_the_current_item() {
        let failed = BackendError::ConditionFailed { current: None };
        let current = sdk_item("version", AttributeValue::N("7".into()));
        assert_eq!(
            with_current(failed, Some(current)),
            BackendError::ConditionFailed {
                current: Some(Item::from([("version".to_owned(), AttrValue::n(7))]))
            }
        );
    }

    #[test]
    fn an_unreadable_current_item_still_reports_the_condition_failure() {
        let failed = BackendError::ConditionFailed { current: None };
        let current = sdk_item("version", AttributeValue::N("seven".into()));
        assert_eq!(
            with_current(failed, Some(current)),
            BackendError::ConditionFailed { current: None }
        );
    }

    #[test]
    fn other_errors_pass_through_unchanged() {
        let throttled = BackendError::Throttled {
            code: "ThrottlingException".into(),
            message: "slow down".into(),
            reasons: Vec::new(),
            retries: 0,
        };
        let current = sdk_item("version", AttributeValue::N("7".into()));
        assert_eq!(with_current(throttled.clone(), Some(current)), throttled);
    }
}
