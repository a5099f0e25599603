//! Pure domain model: no tokio, no ratatui, no SDK types. Everything here is deterministic and
//! testable without I/O.

pub mod civil;
pub mod composite_key;
pub mod ddb_json;
pub mod entity;
pub mod entity_name;
pub mod escape;
pub mod expr;
pub mod key_template;
pub mod model;
pub mod number;
pub mod plain_json;
pub mod schema;
pub mod timestamp;
pub mod value;
pub mod version_attr;
