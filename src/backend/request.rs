//! Request and response types of the [`Backend`](super::Backend) trait.
//!
//! Expressions travel in their wire form: an expression string plus one shared map of `#name`
//! placeholders and one of `:value` placeholders per request, exactly as DynamoDB receives them.
//! The AWS backend sends these bytes unchanged (so a preview shows precisely what is sent) and the
//! embedded engine parses and validates the same bytes with the same rules the service applies.
//! Builders and parsers in `domain::expr` produce them from an AST.

use std::collections::BTreeMap;

use crate::domain::value::Item;

/// Defined in `domain::expr` (which resolves and produces it); re-exported here where requests
/// use it.
pub use crate::domain::expr::ExpressionParams;

/// Which items a read returns, as DynamoDB's `Select`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// The default: all attributes of a table, all projected attributes of an index.
    #[default]
    Default,
    AllAttributes,
    AllProjectedAttributes,
    /// Only `Count` and `ScannedCount`, no items.
    Count,
}

/// One Query page request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryRequest {
    pub table: String,
    pub index: Option<String>,
    /// `KeyConditionExpression`, e.g. `#pk = :pk AND begins_with(#sk, :sk)`.
    pub key_condition: String,
    pub filter: Option<String>,
    pub projection: Option<String>,
    pub params: ExpressionParams,
    /// DynamoDB's `Limit`: items *evaluated* in this page, before the filter.
    pub limit: Option<u32>,
    /// `ExclusiveStartKey`: the previous page's `last_evaluated_key`.
    pub start_key: Option<Item>,
    /// `ScanIndexForward`; false reads the sort key descending.
    pub forward: bool,
    pub consistent_read: bool,
    pub select: Select,
}

impl QueryRequest {
    /// A query of `table` with a key condition and everything else at DynamoDB's defaults.
    pub fn new(
        table: impl Into<String>,
        key_condition: impl Into<String>,
        params: ExpressionParams,
    ) -> Self {
        Self {
            table: table.into(),
            index: None,
            key_condition: key_condition.into(),
            filter: None,
            projection: None,
            params,
            limit: None,
            start_key: None,
            forward: true,
            consistent_read: false,
            select: Select::Default,
        }
    }
}

/// One Scan page request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanRequest {
    pub table: String,
    pub index: Option<String>,
    pub filter: Option<String>,
    pub projection: Option<String>,
    pub params: ExpressionParams,
    pub limit: Option<u32>,
    pub start_key: Option<Item>,
    /// `(Segment, TotalSegments)` for a parallel scan.
    pub segment: Option<(u32, u32)>,
    pub consistent_read: bool,
    pub select: Select,
}

impl ScanRequest {
    pub fn new(table: impl Into<String>) -> Self {
        Self {
            table: table.into(),
            index: None,
            filter: None,
            projection: None,
            params: ExpressionParams::default(),
            limit: None,
            start_key: None,
            segment: None,
            consistent_read: false,
            select: Select::Default,
        }
    }
}

/// Capacity a request consumed, as reported with `ReturnConsumedCapacity=INDEXES`.
/// Capacity units are fractional (0.5 for an eventually consistent read), hence `f64`; they are
/// service accounting, never item data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConsumedCapacity {
    pub total: f64,
    pub table: Option<f64>,
    pub indexes: BTreeMap<String, f64>,
}

impl ConsumedCapacity {
    /// Adds another request's consumption (for totals over many pages).
    pub fn accumulate(&mut self, other: &Self) {
        self.total += other.total;
        if let Some(units) = other.table {
            *self.table.get_or_insert(0.0) += units;
        }
        for (name, units) in &other.indexes {
            *self.indexes.entry(name.clone()).or_insert(0.0) += units;
        }
    }
}

/// One page of a Query or Scan.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub items: Vec<Item>,
    /// `LastEvaluatedKey`. Its presence does not prove more items exist; only its absence marks
    /// the end. A page may be empty and still carry one.
    pub last_evaluated_key: Option<Item>,
    /// Items after the filter.
    pub count: u64,
    /// Items read before the filter.
    pub scanned_count: u64,
    pub consumed: Option<ConsumedCapacity>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GetRequest {
    pub table: String,
    pub key: Item,
    pub projection: Option<String>,
    pub params: ExpressionParams,
    pub consistent_read: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GetOutput {
    pub item: Option<Item>,
    pub consumed: Option<ConsumedCapacity>,
}

/// A write's condition. Every write carries one: ddbx never sends an unconditional write, so the
/// type has no "none" case. Creates use `attribute_not_exists(<partition key>)`.
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
/// ([`BackendError::ConditionFailed`](super::BackendError::ConditionFailed)), not outputs.
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
