//! `ddbx sql-views`: which engine the SQL is for, where its data is, how many items to learn from.

use clap::{Args, ValueEnum};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SqlEngine {
    /// DuckDB: `read_json_objects` over the export's files.
    Duckdb,
    /// Amazon Athena: an external table over the export in S3 (the JSON SerDe).
    Athena,
}

#[derive(Debug, Args)]
pub struct SqlViewsArgs {
    /// The engine to write SQL for.
    #[arg(long, value_enum)]
    pub engine: SqlEngine,

    /// Where the engine reads the export: files or a glob for DuckDB (default: the --file
    /// export), the S3 folder for Athena (s3://bucket/prefix/data/; required).
    #[arg(long, value_name = "LOCATION")]
    pub data: Option<String>,

    /// How the export's lines are written: `item` for AWS's {"Item": …} lines, `plain` for one
    /// DynamoDB JSON item a line as `ddbx export --format ddb` writes (default: read from the
    /// --file export's first line; `item` for a table).
    #[arg(long, value_enum, value_name = "LAYOUT")]
    pub layout: Option<LineLayout>,

    /// Learn the entities from at most N items (a scan's first N; all of a smaller export).
    #[arg(long, value_name = "N", default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_items: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LineLayout {
    /// {"Item": {…}} a line (AWS Export to S3).
    Item,
    /// One DynamoDB JSON item a line (`ddbx export --format ddb`).
    Plain,
}
