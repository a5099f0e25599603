//! The query builder's form as plain data, and the pure function that turns it into the exact
//! [`QueryRequest`] plus a preview, or into errors that name the field and the position in it.
//! It runs on every keystroke, so it only parses and checks: nothing is sent from here.

pub mod between_bound;
mod build;
mod filter;
mod preview;
mod projection_check;
pub mod template;

use std::ops::Range;

pub use build::{KeyExamples, build_query, build_query_with, consistent_refusal, reading_options};
pub use preview::preview_text;
pub use projection_check::{partial_items, read_from_table, read_from_table_of};

use crate::domain::request::QueryRequest;

/// The sort-key condition of the form; `None` reads the whole partition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortChoice {
    #[default]
    None,
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    BeginsWith,
    Between,
}

impl SortChoice {
    /// Every choice in the order the form cycles through them.
    pub const ALL: [Self; 8] = [
        Self::None,
        Self::Eq,
        Self::Lt,
        Self::Le,
        Self::Gt,
        Self::Ge,
        Self::BeginsWith,
        Self::Between,
    ];

    /// As shown in the form.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Eq => "=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::BeginsWith => "begins_with",
            Self::Between => "BETWEEN",
        }
    }
}

/// The operator of one filter row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FilterOperator {
    #[default]
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    BeginsWith,
    Contains,
    Exists,
    NotExists,
}

impl FilterOperator {
    /// Every operator in the order the form cycles through them.
    pub const ALL: [Self; 10] = [
        Self::Eq,
        Self::Ne,
        Self::Lt,
        Self::Le,
        Self::Gt,
        Self::Ge,
        Self::BeginsWith,
        Self::Contains,
        Self::Exists,
        Self::NotExists,
    ];

    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Ne => "<>",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::BeginsWith => "begins_with",
            Self::Contains => "contains",
            Self::Exists => "exists",
            Self::NotExists => "not exists",
        }
    }

    /// Whether the operator compares with a value (the existence checks take none).
    #[must_use]
    pub const fn takes_value(self) -> bool {
        !matches!(self, Self::Exists | Self::NotExists)
    }
}

/// One filter row: attribute, operator, value. The value is a literal of the friendly syntax
/// (`"PENDING"`, `42`, `true`); a bare word that is no literal is taken as a string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilterRow {
    pub attribute: String,
    pub operator: FilterOperator,
    pub value: String,
}

/// How filter rows combine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Join {
    #[default]
    And,
    Or,
}

impl Join {
    #[must_use]
    pub const fn keyword(self) -> &'static str {
        match self {
            Self::And => "AND",
            Self::Or => "OR",
        }
    }
}

/// Everything the form holds, as the user typed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuerySpec {
    /// `None`: the table; otherwise a GSI or LSI name.
    pub index: Option<String>,
    pub partition: String,
    /// Values of a multi-attribute partition key's second to fourth attributes, in key order.
    pub more_partition: Vec<String>,
    /// Values, compared with `=`, of a multi-attribute sort key's first attributes; `sort` and
    /// `sort_value` then apply to the attribute after the last one filled. Sort attributes are
    /// used left to right, so a filled value after an empty one is an error.
    pub sort_prefix: Vec<String>,
    pub sort: SortChoice,
    pub sort_value: String,
    /// The upper bound of BETWEEN.
    pub sort_upper: String,
    pub filters: Vec<FilterRow>,
    pub join: Join,
    /// A filter in the friendly syntax, ANDed with the rows.
    pub raw_filter: String,
    /// Attribute paths, comma-separated (friendly syntax).
    pub projection: String,
    pub descending: bool,
    /// DynamoDB's `Limit` (items evaluated per page); empty for the service's default.
    pub page_size: String,
    /// Read pages until this many items matched; empty to read lazily as the user scrolls.
    pub stop_after: String,
    pub consistent: bool,
}

/// A field of the form, to attach an error or a warning to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Target,
    Partition,
    /// One of `QuerySpec::more_partition`.
    MorePartition(usize),
    /// One of `QuerySpec::sort_prefix`.
    SortPrefix(usize),
    Sort,
    SortValue,
    SortUpper,
    FilterAttribute(usize),
    FilterValue(usize),
    RawFilter,
    Projection,
    PageSize,
    StopAfter,
    Consistent,
}

/// A mistake in one field; `span` is a byte range in that field's text when it can be pinned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: Field,
    pub message: String,
    pub span: Option<Range<usize>>,
}

impl FieldError {
    fn new(field: Field, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
            span: None,
        }
    }

    fn at(mut self, span: Range<usize>) -> Self {
        self.span = Some(span);
        self
    }
}

/// The request the form describes, ready to send, and what to tell the user about it.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltQuery {
    pub request: QueryRequest,
    /// Stop reading once this many items matched.
    pub stop_after: Option<u64>,
    /// Attributes the projection names that the local index does not project: DynamoDB reads
    /// them from the table, a read of the whole item per result.
    pub read_from_table: Vec<String>,
    /// For `BETWEEN … AND <a date>`: the upper bound that also takes in that day's longer keys.
    pub inclusive_upper: Option<String>,
}

#[cfg(test)]
mod tests;
