//! Pure domain model: no tokio, no ratatui, no SDK types. Everything here is deterministic and
//! testable without I/O.

pub mod ddb_json;
pub mod expr;
pub mod number;
pub mod schema;
pub mod value;
