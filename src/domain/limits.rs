//! DynamoDB's fixed limits that more than one part of ddbx checks against: the editor refuses an
//! edit over them, the embedded engine refuses the write, the inspector shows how close an item is.
//! Also ddbx's own size above which a whole-table scan is asked about first.

/// The table size (as DescribeTable reports it) above which a whole-table scan is asked about
/// first: the terminal UI's discovery, insights and PartiQL scans, and `ddbx partiql` without
/// `--allow-scan`. ddbx's own threshold, not DynamoDB's.
pub const LARGE_TABLE_BYTES: u64 = 1024 * 1024 * 1024;

/// The item size limit in bytes (400 KB), counted as [`item_size`](super::value::item_size)
/// counts: attribute names plus values.
pub const MAX_ITEM_SIZE: usize = 400 * 1024;

/// The longest line read where a line holds one item as JSON (an export line, a `--item` file):
/// the item limit with room for the JSON's quoting and type wrappers. Anything longer is not an
/// item DynamoDB could hold, and reading it whole would let a file without line breaks
/// (`/dev/zero`) take all memory.
pub const MAX_ITEM_LINE: usize = 4 * MAX_ITEM_SIZE;

/// The longest journal line read: the request text and the before and after images.
pub const MAX_JOURNAL_LINE: usize = 3 * MAX_ITEM_LINE + 64 * 1024;

/// The longest partition key value, in bytes (a string's UTF-8, a binary's bytes), of a table or
/// an index (Developer Guide, "Constraints in Amazon DynamoDB", partition key length).
pub const MAX_PARTITION_KEY_BYTES: usize = 2048;

/// The longest sort key value, in bytes (same page, sort key length).
pub const MAX_SORT_KEY_BYTES: usize = 1024;

/// The most actions one `TransactWriteItems` or `TransactGetItems` request may hold.
pub const MAX_TRANSACT_ACTIONS: usize = 100;

/// The most bytes of items one `TransactWriteItems` request may write, all actions together.
pub const MAX_TRANSACT_BYTES: usize = 4 * 1024 * 1024;

/// DynamoDB's words for a transaction over [`MAX_TRANSACT_BYTES`].
pub const TRANSACT_TOO_LARGE: &str = "Collection size of items exceeded, which can also be caused by the aggregate size of the items in the transaction exceeding the 4MB limit";

/// Refuses a transaction whose items come to more than 4 MB (the items put whole, the keys of
/// the others), in DynamoDB's words. A batch of writes is not a transaction and has no such
/// limit, so this is the transaction operations' check, not the engine's.
pub fn check_transaction_size(
    actions: &[crate::domain::request::TransactAction],
) -> Result<(), String> {
    use crate::domain::request::TransactAction;
    use crate::domain::value::item_size;
    let total: usize = actions
        .iter()
        .map(|action| match action {
            TransactAction::Put(request) => item_size(&request.item),
            TransactAction::Update(request) => item_size(&request.key),
            TransactAction::Delete(request) => item_size(&request.key),
            TransactAction::ConditionCheck { key, .. } => item_size(key),
        })
        .sum();
    if total > MAX_TRANSACT_BYTES {
        return Err(TRANSACT_TOO_LARGE.to_owned());
    }
    Ok(())
}
