//! Pure domain model: no tokio, no ratatui, no SDK types. Everything here is deterministic and
//! testable without I/O.

pub mod civil;
pub mod ddb_json;
pub mod escape;
pub mod number;
pub mod plain_json;
pub mod schema;
pub mod timestamp;
pub mod value;
