//! ExecuteStatement: one page of a PartiQL statement.

use super::ConsumedCapacity;
use crate::domain::value::{AttrValue, Item};

/// One ExecuteStatement call; continue with `next_token` from the previous page.
#[derive(Clone, Debug, PartialEq)]
pub struct StatementRequest {
    pub statement: String,
    /// Bound to the statement's `?` in order.
    pub parameters: Vec<AttrValue>,
    pub next_token: Option<String>,
    /// Items evaluated per page (`Limit`).
    pub limit: Option<u32>,
    pub consistent_read: bool,
}

/// One page of a statement's answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatementPage {
    pub items: Vec<Item>,
    /// Present while more pages may follow; only its absence marks the end.
    pub next_token: Option<String>,
    pub consumed: Option<ConsumedCapacity>,
}
