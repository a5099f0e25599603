//! Options both the single-item commands and the bulk commands take.

use clap::{Args, ValueEnum};

/// At most one sort-key condition; clap rejects a second one as a usage error.
#[derive(Clone, Debug, Default, Args)]
#[group(id = "sort_key_condition", multiple = false)]
pub struct SortKeyArgs {
    /// Sort key equals V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk_eq: Option<String>,
    /// Sort key less than V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk_lt: Option<String>,
    /// Sort key less than or equal to V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk_le: Option<String>,
    /// Sort key greater than V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk_gt: Option<String>,
    /// Sort key greater than or equal to V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk_ge: Option<String>,
    /// Sort key starts with P (S and B sort keys only).
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    pub sk_begins_with: Option<String>,
    /// Sort key between A and B, both inclusive (A must not be greater than B).
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true)]
    pub sk_between: Option<Vec<String>>,
}

/// How `--item` (and `--set` values) are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
// The variants' help is short and free of quotes and dollar signs, which the generated fish
// completion script cannot carry; the examples are in the `--item-format` help of `args`.
pub enum ItemFormat {
    /// Plain JSON with exact numbers; sets and binary as tagged objects.
    #[default]
    Typed,
    /// DynamoDB JSON.
    Ddb,
}

/// The other side of a command with two (`copy`, `diff`): another connection, each option
/// defaulting to the source's.
#[derive(Clone, Debug, Default, Args)]
pub struct OtherConnectionArgs {
    /// The other side's endpoint (default: the source's connection).
    #[arg(long, value_name = "URL")]
    pub to_endpoint_url: Option<String>,

    /// The other side's region (default: the source's).
    #[arg(long, value_name = "R")]
    pub to_region: Option<String>,

    /// The other side's profile (default: the source's).
    #[arg(long, value_name = "P")]
    pub to_profile: Option<String>,
}

impl OtherConnectionArgs {
    /// No option names another connection: the other side is on the source's.
    #[must_use]
    pub const fn is_source(&self) -> bool {
        self.to_endpoint_url.is_none() && self.to_region.is_none() && self.to_profile.is_none()
    }
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Partition key value (typed from the table's key schema; B as base64).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub pk: String,

    /// Sort key value; required when the table has a sort key.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk: Option<String>,
}

/// Options shared by query and scan.
#[derive(Debug, Default, Args)]
pub struct ReadOptions {
    /// Read a global or local secondary index instead of the table.
    #[arg(long, value_name = "NAME")]
    pub index: Option<String>,

    /// Filter expression applied after the read, e.g. 'status = "PENDING"'.
    #[arg(long, value_name = "EXPR")]
    pub filter: Option<String>,

    /// Attributes to return, comma separated, e.g. 'PK, SK, address.city'.
    #[arg(long, value_name = "PATHS")]
    pub project: Option<String>,

    /// DynamoDB's page size: items evaluated per request, before the filter.
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,

    /// Stop after printing N matching items (default: follow every page).
    #[arg(long, value_name = "N")]
    pub max_items: Option<u64>,
}

/// Where a stream reader (`tail`, `diff --follow`) starts reading: parsed by
/// [`crate::domain::stream_start::parse`], so a bad start is a usage error before anything is sent.
pub use crate::domain::stream_start::Since;
