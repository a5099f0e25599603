//! ddbx: explore and safely edit DynamoDB single-table designs, in a terminal UI or headless.
//!
//! Architecture map (dependencies point one way: `domain` ← `backend` ← `cli`):
//! - [`domain`]: pure data model. Exact 38-digit numbers, the lossless attribute value model,
//!   table schemas, DynamoDB JSON and plain-JSON views.
//! - [`backend`]: the DynamoDB boundary. One trait with an AWS SDK implementation and an
//!   embedded engine ([`backend::memory`]); errors are classified once, at this edge.
//! - [`demo`]: the deterministic `--demo` table, generated for the embedded engine.
//! - [`offline`]: loaders for table exports (`--file`): scan output, JSON lines, Export-to-S3.

pub mod backend;
pub mod demo;
pub mod domain;
pub mod offline;
