//! Write requests (PutItem, UpdateItem, DeleteItem, TransactWriteItems) and their outputs.

use crate::domain::expr::ExpressionParams;
use crate::domain::value::Item;

use super::ConsumedCapacity;

/// A write's condition. Every write carries one: ddbx never sends an unconditional write, so the
/// type has no "none" case. Creates use `attribute_not_exists(<partition key>)`. Only the
/// engine served to other clients (`ddbx serve`) passes on their unconditional writes, as an
/// empty expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub expression: String,
}

impl Condition {
    pub fn new(expression: impl Into<String>) -> Self {
        Self {
            expression: expression.into(),
        }
    }
}

/// `ReturnValues` of a write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReturnValues {
    #[default]
    None,
    AllOld,
    AllNew,
    UpdatedOld,
    UpdatedNew,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PutRequest {
    pub table: String,
    pub item: Item,
    pub condition: Condition,
    pub params: ExpressionParams,
    /// `AllOld` or `None` (the only values PutItem accepts).
    pub return_values: ReturnValues,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateRequest {
    pub table: String,
    pub key: Item,
    /// `UpdateExpression`, e.g. `SET #a = :a REMOVE #b`.
    pub update: String,
    pub condition: Condition,
    pub params: ExpressionParams,
    pub return_values: ReturnValues,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeleteRequest {
    pub table: String,
    pub key: Item,
    pub condition: Condition,
    pub params: ExpressionParams,
    /// `AllOld` or `None`.
    pub return_values: ReturnValues,
}

/// What a single-item write returns. Condition failures are errors
/// (the backend's `ConditionFailed` error), not outputs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WriteOutput {
    /// The attributes `return_values` asked for.
    pub attributes: Option<Item>,
    pub consumed: Option<ConsumedCapacity>,
}

/// One action of a TransactWriteItems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransactAction {
    Put(PutRequest),
    Update(UpdateRequest),
    Delete(DeleteRequest),
    /// A condition on an item that is not written.
    ConditionCheck {
        table: String,
        key: Item,
        condition: Condition,
        params: ExpressionParams,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactWriteRequest {
    pub actions: Vec<TransactAction>,
    /// `ClientRequestToken` for idempotent retries within ten minutes.
    pub client_token: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransactOutput {
    pub consumed: Vec<ConsumedCapacity>,
}
