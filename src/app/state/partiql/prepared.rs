//! A SELECT checked and planned, ready to send.

use crate::backend::StatementRequest;
use crate::domain::partiql::Plan;

#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    pub request: StatementRequest,
    pub plan: Plan,
    /// The table's size in bytes when the plan is a full scan of a large table: asked first.
    pub large_scan: Option<u64>,
}
