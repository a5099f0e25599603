//! Writing results: items as JSON lines or a table, `describe` documents, the stderr summary.
//! Everything that reaches the terminal from the server is escaped first.

pub mod describe;
pub mod describe_grammars;
pub mod describe_settings;
pub mod escape;
pub mod items;
mod json_lines;
mod json_string;
pub mod summary;
pub mod table;
