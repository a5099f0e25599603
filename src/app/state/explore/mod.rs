//! The explorer: the discovery scan that finds the item collections, and the partitions opened
//! from them.

pub mod collection_rows;
pub mod discovery;
pub mod partition;
pub mod sample;
