//! The bulk commands' options: which items (the scope), what to do with them, how to run.

use clap::{Args, ValueEnum};

use super::shared::{ItemFormat, SortKeyArgs};

/// Which items a command reads: one partition (`--pk`, optionally narrowed by the sort key), or
/// a scan of the table or an index; either filtered by `--filter` and `--entity`. `diff` takes
/// it for each side; the bulk commands add `--segments` ([`ScopeArgs`]).
#[derive(Clone, Debug, Default, Args)]
pub struct ItemScopeArgs {
    /// Only the item collection with this partition key (a Query; without it, a Scan).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub pk: Option<String>,

    #[command(flatten)]
    pub sort_key: SortKeyArgs,

    /// Read a global or local secondary index instead of the table.
    #[arg(long, value_name = "NAME")]
    pub index: Option<String>,

    /// Filter expression, e.g. 'status = "PENDING"'.
    #[arg(long, value_name = "EXPR")]
    pub filter: Option<String>,

    /// Only items of entity E (as ddbx decodes it; case-insensitive).
    #[arg(long, value_name = "E")]
    pub entity: Option<String>,
}

/// Which items a bulk command acts on: the items of [`ItemScopeArgs`], a scan split into
/// segments.
#[derive(Debug, Default, Args)]
pub struct ScopeArgs {
    #[command(flatten)]
    pub items: ItemScopeArgs,

    /// Split a scan into N parallel segments.
    #[arg(long, value_name = "N")]
    pub segments: Option<u32>,

    /// Do worker i's share of a run split across k workers: the segments j of --segments N
    /// with j mod k = i-1 (1-based: write a 0-based job index as $((INDEX+1))).
    #[arg(long, value_name = "i/k", requires = "segments", value_parser = parse_slice)]
    pub slice: Option<crate::domain::slice::Slice>,
}

/// A `--slice` value.
pub(super) fn parse_slice(text: &str) -> Result<crate::domain::slice::Slice, String> {
    crate::domain::slice::Slice::parse(text)
}

/// How a bulk write runs.
#[derive(Debug, Default, Args)]
pub struct RunArgs {
    /// Print counts per entity and action, the first requests, the estimated write capacity and
    /// what is refused locally; send nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// Continue run ID (printed in the summary and kept in the journal) after it was cut off:
    /// writes it made are not made again, its unconfirmed writes are settled by reading the item.
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,

    /// Write the items that pass the local checks even when others are refused (default: any
    /// refusal stops the run before anything is sent).
    #[arg(long)]
    pub skip_refused: bool,

    /// At most N writes per second (default: as fast as the table accepts).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub rate: Option<u32>,

    /// Requests in flight at once.
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub parallel: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// One item per line as typed JSON (plain JSON with exact numbers; sets and binary tagged).
    #[default]
    Jsonl,
    /// One item per line as DynamoDB JSON.
    Ddb,
    /// Comma-separated values: key attributes first, then every other attribute name found.
    Csv,
    /// BatchWriteItem request documents, 25 PutRequests each, one per line.
    BatchWrite,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,

    /// File format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Jsonl)]
    pub format: ExportFormat,

    /// Write to FILE (created, never overwritten) instead of standard output (`-` is standard
    /// output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ImportFormat {
    /// One item per line as typed JSON (what `export --format jsonl` writes).
    #[default]
    Jsonl,
    /// One item per line as DynamoDB JSON (what `export --format ddb` writes).
    Ddb,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The file of items, one per line (- for standard input).
    #[arg(id = "import_file", value_name = "FILE")]
    pub file: String,

    /// How the lines are written.
    #[arg(long, value_enum, default_value_t = ImportFormat::Jsonl)]
    pub format: ImportFormat,

    /// After the writes, read back every key written and compare it with the item as written
    /// (the report of `ddbx diff`); exit 1 when any differs or is missing.
    #[arg(long, conflicts_with = "dry_run")]
    pub verify: bool,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct BulkArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,

    /// Delete every item of the scope (each conditioned on its version or on every attribute read).
    #[arg(long, conflicts_with_all = ["set", "remove", "add"])]
    pub delete: bool,

    /// Set a path on every item, as `ddbx update --set` (typed JSON). Repeatable.
    #[arg(long, value_name = "PATH=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,

    /// Remove a path from every item. Repeatable.
    #[arg(long, value_name = "PATH")]
    pub remove: Vec<String>,

    /// Add N to a number of every item where it stands, as `ddbx update --add`: guarded by
    /// --at-least/--at-most, never by the value read; an item whose number as read breaks the
    /// guard is refused. Repeatable, not with --set/--remove.
    #[arg(long, value_name = "PATH=N", allow_hyphen_values = true,
          conflicts_with_all = ["set", "remove", "whole_item", "update_derived_keys"])]
    pub add: Vec<String>,

    /// With --add: the number may not end below N, checked by DynamoDB on each write.
    #[arg(
        long,
        value_name = "PATH=N",
        allow_hyphen_values = true,
        requires = "add"
    )]
    pub at_least: Vec<String>,

    /// With --add: the number may not end above N, checked by DynamoDB on each write.
    #[arg(
        long,
        value_name = "PATH=N",
        allow_hyphen_values = true,
        requires = "add"
    )]
    pub at_most: Vec<String>,

    /// Condition each write on every attribute read, not only on the version or changed paths.
    #[arg(long)]
    pub whole_item: bool,

    /// Also set the key attributes composed from the values --set changes (`gsi2sk =
    /// …#status_open` when `status` changes) to what their key template gives, in the same
    /// conditioned writes.
    #[arg(long, conflicts_with = "delete")]
    pub update_derived_keys: bool,

    #[arg(long, value_enum, default_value_t = ItemFormat::Typed)]
    pub item_format: ItemFormat,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct CopyArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,

    /// The table to create the items in.
    #[arg(long, value_name = "T")]
    pub to_table: String,

    #[command(flatten)]
    pub to: super::OtherConnectionArgs,

    /// Rewrite key values starting with OLD to start with NEW instead (string keys of the
    /// table and of its indexes). Repeatable; the first matching prefix applies.
    #[arg(long, value_name = "OLD=NEW")]
    pub rewrite_prefix: Vec<String>,

    /// After the writes, read back every key written and compare it with the item as written
    /// (the report of `ddbx diff`); exit 1 when any differs or is missing.
    #[arg(long, conflicts_with = "dry_run")]
    pub verify: bool,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Default, Args)]
pub struct UndoArgs {
    /// Undo every write of bulk run ID (default: the last write to --table, or the whole run
    /// when that write belongs to one).
    #[arg(long, value_name = "ID")]
    pub batch: Option<String>,

    /// Print the exact request and send nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// Pass over the writes sent with no answer that reading the item cannot settle (someone
    /// wrote since), and those found not written, to undo the write before them. Each one
    /// passed over is named; its outcome stays unknown and it is never undone.
    #[arg(long, conflicts_with = "batch")]
    pub skip_pending: bool,
}
