//! DynamoDB's fixed limits that more than one part of ddbx checks against: the editor refuses an
//! edit over them, the embedded engine refuses the write, the inspector shows how close an item is.

/// The item size limit in bytes (400 KB), counted as [`item_size`](super::value::item_size)
/// counts: attribute names plus values.
pub const MAX_ITEM_SIZE: usize = 400 * 1024;
