//! Compact forms of items: the byte encoding of values, the dictionary of attribute names it
//! numbers, and the store the explorer keeps loaded items in.

pub mod names;
pub mod rows;
pub mod store;
pub mod wire;

pub use names::AttributeNames;
pub use rows::ItemRows;
pub use store::CompactItems;
