//! `ddbx why`'s options: the item's key, and the query it is explained against (the options of
//! `ddbx query`, with the query's partition value under its own name so it can differ from the
//! item's key when an index is queried).

use clap::Args;

use super::shared::{GetArgs, ReadOptions, SortKeyArgs};

#[derive(Debug, Args)]
pub struct WhyArgs {
    /// The item: its primary key in the table (--pk V [--sk V]).
    #[command(flatten)]
    pub key: GetArgs,

    /// The query's partition key value (default: the item's --pk, for a query of the table;
    /// required with --index).
    #[arg(
        long,
        value_name = "V",
        allow_hyphen_values = true,
        conflicts_with = "expr"
    )]
    pub query_pk: Option<String>,

    #[command(flatten)]
    pub sort_key: SortKeyArgs,

    /// The query's raw key condition instead of --query-pk/--sk-*, as `ddbx query --expr`.
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true,
          conflicts_with_all = ["query_pk", "sort_key_condition"])]
    pub expr: Option<String>,

    /// ExpressionAttributeValues for --expr as DynamoDB JSON.
    #[arg(long, value_name = "JSON")]
    pub values: Option<String>,

    /// ExpressionAttributeNames for --expr.
    #[arg(long, value_name = "JSON")]
    pub names: Option<String>,

    #[command(flatten)]
    pub read: ReadOptions,

    /// The query reads the sort key in descending order.
    #[arg(long)]
    pub desc: bool,

    /// The query is strongly consistent (not available on global secondary indexes).
    #[arg(long)]
    pub consistent: bool,

    /// Query pages read to find the item before saying it was not found among them.
    #[arg(long, value_name = "N", default_value_t = crate::why::DEFAULT_MAX_PAGES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_pages: u64,

    /// Stream calls (GetShardIterator and GetRecords) allowed for the item's history (read when it is missing or the
    /// table and the query disagree).
    #[arg(long, value_name = "N", default_value_t = crate::why::DEFAULT_HISTORY_REQUESTS,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_requests: u32,
}
