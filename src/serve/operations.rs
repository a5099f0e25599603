//! Operations named by more than one part of the server.

/// Operations that change items (a table's throughput limits them; a read-only endpoint
/// refuses them).
pub const ITEM_WRITES: &[&str] = &[
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "BatchWriteItem",
    "TransactWriteItems",
];
