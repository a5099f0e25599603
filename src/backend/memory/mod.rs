//! The embedded engine: DynamoDB semantics in memory, for `--demo`, offline exports and fast
//! deterministic tests. It implements the same [`Backend`](super::Backend) trait as the AWS
//! backend and is held to the same contract suite.

pub mod capacity;
pub mod codec;
mod engine;
mod expressions;
mod held;
mod idempotency;
pub mod index_keys;
pub mod journal;
pub mod key;
pub mod limits;
mod locks;
mod map_builder;
pub mod page;
pub mod range;
pub mod read;
mod reads;
pub mod rows;
pub mod scan;
mod service;
mod service_streams;
mod statement;
pub mod stream;
pub mod table;
pub mod tie_order;
mod transact;
mod transact_get;
mod writes;

pub use engine::{ItemLoader, LoadReport, MemoryBackend, RejectedItem};
pub use service_streams::StreamInfo;

#[cfg(test)]
mod read_tests;
