//! The headless command line: `ddbx tables | describe | get | query | scan`.
//!
//! Most of it is pure and unit-tested: argument definitions ([`args`]), typing key values from the
//! key schema, local validation and request building (`plan`), output formatting (`output`).
//! The impure rest is the page loop (`paging`) and the dispatcher ([`run()`]).

mod adjustments;
pub mod args;
mod bare_words;
pub mod bulk;
mod capacity;
mod collections;
pub mod diff;
mod endpoint;
mod error;
mod expression;
mod history;
mod insights;
mod key_value;
mod lockstep;
mod man_sections;
mod note;
mod other_table;
pub(crate) mod output;
mod paging;
mod partiql;
mod path_edits;
mod plan;
mod read_pace;
mod run;
pub mod sample;
mod schema_cache;
mod scope;
mod segments;
mod shell_docs;
mod sql_views;
mod tail;
mod transact;
mod why;
mod write;

pub use args::Cli;
pub use endpoint::check_endpoint_url;
pub use error::CliError;
pub use note::{escape_lines, note, note_retries, print_escaped};
pub use run::{USAGE, run};
