//! SQL that makes an export queryable by an existing engine, one view per entity: what the
//! items read say about each entity ([`learn`]: which items are its, the key parts the grammars
//! or the model name, each attribute's type) and the statements for DuckDB or Athena
//! ([`render`]), every name from the table quoted by [`quote`].

pub mod learn;
pub mod quote;
pub mod render;

pub use learn::{Learned, learn};
pub use render::{Engine, Layout, Source, render};
