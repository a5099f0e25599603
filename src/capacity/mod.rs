//! Capacity per access pattern, read from the table: a sample Scan gives the items (their
//! sizes for each entity's writes, and the parameter values each pattern's calls take), then
//! each pattern's calls run as Queries read to their end, with the capacity the server reports
//! kept beside the figures computed from the items. For `ddbx capacity` and the terminal UI's
//! capacity screen alike. Only reads.

mod run;

pub use run::measure;

use crate::domain::access_pattern::AccessPattern;
use crate::domain::entity::EntityDecoder;
use crate::domain::request::QueryRequest;

/// Calls run per pattern unless asked otherwise.
pub const DEFAULT_CALLS: usize = 5;
/// Scan pages (1 MB each at most) read for the sample unless asked otherwise.
pub const DEFAULT_SAMPLE_PAGES: u64 = 1;
/// Pages one call may read before it is cut short (and reported so).
pub const MAX_PAGES_PER_CALL: usize = 50;

/// What to measure.
#[derive(Clone, Debug)]
pub struct CapacityRequest {
    pub table: String,
    /// The model's access patterns; when empty, the history's query shapes are measured.
    pub patterns: Vec<AccessPattern>,
    /// The query history of the table, oldest first.
    pub history: Vec<QueryRequest>,
    /// Only the pattern (or shape) of this name, compared without case.
    pub only: Option<String>,
    /// Distinct calls per pattern.
    pub calls: usize,
    pub sample_pages: u64,
    /// Send the calls strongly consistent (refused by global indexes, whose calls then run
    /// eventually consistent).
    pub consistent: bool,
    pub entities: EntityDecoder,
}

impl PartialEq for CapacityRequest {
    /// The decoder has no equality of its own; two requests naming the same table, patterns
    /// and options ask for the same reads.
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table
            && self.patterns == other.patterns
            && self.history == other.history
            && self.only == other.only
            && self.calls == other.calls
            && self.sample_pages == other.sample_pages
            && self.consistent == other.consistent
    }
}

impl CapacityRequest {
    #[must_use]
    pub fn new(table: impl Into<String>, entities: EntityDecoder) -> Self {
        let patterns = entities
            .model()
            .map(|model| model.access_patterns.clone())
            .unwrap_or_default();
        Self {
            table: table.into(),
            patterns,
            history: Vec::new(),
            only: None,
            calls: DEFAULT_CALLS,
            sample_pages: DEFAULT_SAMPLE_PAGES,
            consistent: false,
            entities,
        }
    }
}
