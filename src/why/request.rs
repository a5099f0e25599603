//! What one explanation reads: the item's key, the query as its results were read, and the
//! budgets for pages and history.

use std::path::PathBuf;

use crate::backend::QueryRequest;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// One explanation to read.
#[derive(Clone, Debug, PartialEq)]
pub struct WhyRequest {
    pub table: TableDescription,
    /// The item's primary key in the table.
    pub key: Item,
    /// The query, as the results were read (its first page: no start key).
    pub query: QueryRequest,
    /// How many results the reader looks at (`None`: all of them).
    pub max_items: Option<u64>,
    /// The table's TTL attribute, when TTL is enabled.
    pub ttl_attribute: Option<String>,
    pub journal: Option<PathBuf>,
    pub max_pages: u64,
    pub max_requests: u32,
}
