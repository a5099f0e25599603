//! DynamoDB's fixed limits that more than one part of ddbx checks against: the editor refuses an
//! edit over them, the embedded engine refuses the write, the inspector shows how close an item is.

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
