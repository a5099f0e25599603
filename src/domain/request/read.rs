//! Read requests (Query, Scan, GetItem) and the pages they return.

use crate::domain::expr::ExpressionParams;
use crate::domain::expr::prepare::ReadExpressions;
use crate::domain::value::Item;

use super::ConsumedCapacity;

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

    /// Its expressions, as the service's checks read them.
    #[must_use]
    pub fn expressions(&self) -> ReadExpressions<'_> {
        ReadExpressions {
            index: self.index.as_deref(),
            key_condition: Some(&self.key_condition),
            filter: self.filter.as_deref(),
            projection: self.projection.as_deref(),
            consistent_read: self.consistent_read,
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

    /// Its expressions, as the service's checks read them.
    #[must_use]
    pub fn expressions(&self) -> ReadExpressions<'_> {
        ReadExpressions {
            index: self.index.as_deref(),
            key_condition: None,
            filter: self.filter.as_deref(),
            projection: self.projection.as_deref(),
            consistent_read: self.consistent_read,
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
