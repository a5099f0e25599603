//! The explorer: describing the table, the discovery scan, the collections and partitions it
//! finds and the account in the header.

pub(in crate::app::update) mod account;
pub(in crate::app::update) mod collections;
pub(in crate::app::update) mod describe;
pub(in crate::app::update) mod sample;
pub(in crate::app::update) mod saved_schema;
pub(in crate::app::update) mod scan;
