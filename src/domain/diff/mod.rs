//! Comparing two copies of a table item by item, losslessly: the attribute-level differences of
//! one pair of items ([`compare`]), the report of a whole comparison ([`report`]) with its
//! counts per entity and the first differences found, how a sample chooses its keys
//! ([`sample`]), matching items of two designs by what their keys decode to ([`redesign`]), and
//! when a followed change is due to be checked ([`lag`]), matching two sides' items by key
//! ([`matching`]) and the report as text ([`text`]). Pure: the reading of the two sides happens
//! in `cli::diff` and, for the terminal UI, in the worker's reads.

pub mod compare;
pub mod lag;
pub mod matching;
pub mod redesign;
pub mod report;
pub mod sample;
pub mod text;

pub use compare::{AttributeDiff, compare_items};
pub use matching::{Matching, TwoSides, key_text};
pub use report::{DiffReport, EntityCounts, Finding};
pub use sample::SampleMethod;
