//! Checks of parsed expressions against a table schema, with the service's wording. Checks that
//! need no schema (syntax, placeholders, operand types of constants, overlaps, limits) already
//! happened in the parser, so a parsed AST plus these checks give the service's verdict.

mod index_projection;
mod read;
mod update;

pub use index_projection::check_index_projection;
pub(crate) use read::visit_paths;
pub use read::{check_filter, check_index_read, check_query};
pub use update::check_update;
