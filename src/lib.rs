//! ddbx: explore and safely edit DynamoDB single-table designs, in a terminal UI or headless.
//!
//! Architecture map (dependencies point one way: `domain` ← `backend` ← `cli`):
//! - [`domain`]: pure data model. Exact 38-digit numbers, the lossless attribute value model,
//!   table schemas, DynamoDB JSON and plain-JSON views.
//! - [`backend`]: the DynamoDB boundary. One trait with an AWS SDK implementation and an
//!   embedded engine; errors are classified once, at this edge.

pub mod backend;
pub mod demo;
pub mod domain;
pub mod offline;
