//! The headless command line, a public contract used by scripts: keep names and meanings stable.

use clap::{Args, Parser, Subcommand, ValueEnum};

pub mod bulk;
pub mod capacity;
pub mod diff;
mod shared;
pub mod sql_views;
pub mod why;

pub use shared::{GetArgs, ItemFormat, OtherConnectionArgs, ReadOptions, Since, SortKeyArgs};

/// Where the shared options are listed in every command's help, after the command's own.
const GLOBAL: &str = "Table, connection and output";

/// Explore DynamoDB single-table designs from scripts and terminals.
#[derive(Debug, Parser)]
#[command(name = "ddbx", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalOptions,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options that choose the table, the connection and the output format.
#[derive(Debug, Args)]
pub struct GlobalOptions {
    /// Table to read.
    #[arg(long, global = true, env = "DDBX_TABLE", value_name = "T", help_heading = GLOBAL)]
    pub table: Option<String>,

    /// Named profile from ~/.aws/config (SSO and assume-role profiles work).
    #[arg(long, global = true, value_name = "P", help_heading = GLOBAL)]
    pub profile: Option<String>,

    /// AWS region, e.g. eu-west-1.
    #[arg(long, global = true, value_name = "R", help_heading = GLOBAL)]
    pub region: Option<String>,

    /// Endpoint URL for DynamoDB Local, dynalite or moto, e.g. http://127.0.0.1:8000.
    #[arg(long, global = true, value_name = "URL", help_heading = GLOBAL)]
    pub endpoint_url: Option<String>,

    /// Refuse every write inside the process.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub read_only: bool,

    /// Seconds one request (all its retries included) may take before it fails with a timeout.
    #[arg(long, global = true, value_name = "SECONDS", default_value_t = 30.0,
          value_parser = parse_timeout, help_heading = GLOBAL)]
    pub timeout: f64,

    /// Output format [default: json; `tables`, and `describe` on a terminal, print text for
    /// people unless -o is given].
    #[arg(short, long, global = true, value_enum, help_heading = GLOBAL)]
    pub output: Option<OutputFormat>,

    /// Options of the terminal UI (`ddbx --table T` without a command).
    #[command(flatten)]
    pub tui: crate::connect::TuiOptions,

    /// Version attribute for optimistic locking (default: detect version, Version, _version,
    /// VersionNumber); writes are conditioned on it and increment it.
    #[arg(long, global = true, value_name = "NAME", help_heading = GLOBAL)]
    pub version_attr: Option<String>,
}

impl GlobalOptions {
    /// The connection's options: `--profile`, `--region`, `--endpoint-url`.
    #[must_use]
    pub fn aws_options(&self) -> crate::backend::aws::AwsOptions {
        crate::backend::aws::AwsOptions {
            profile: self.profile.clone(),
            region: self.region.clone(),
            endpoint_url: self.endpoint_url.clone(),
        }
    }

    /// The output format of items: `-o`, or JSON lines.
    #[must_use]
    pub fn format(&self) -> OutputFormat {
        self.output.unwrap_or(OutputFormat::Json)
    }
}

/// How items (and other results) are written to stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One item per line, plain JSON (numbers with every digit).
    Json,
    /// One item per line, DynamoDB JSON (lossless).
    Ddb,
    /// Aligned columns for people.
    Table,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List table names, one per line.
    Tables,
    /// Describe the table: keys, indexes, counts, billing, TTL and stream.
    Describe(DescribeArgs),
    /// Read one item by its primary key.
    Get(GetArgs),
    /// Read an item collection (one partition key), optionally narrowed by the sort key.
    Query(Box<QueryArgs>),
    /// Read the whole table or index, optionally as a parallel scan.
    Scan(ScanArgs),
    /// Item collections: PK prefixes with partition and item counts and entity mix (scans the table).
    Collections(CollectionsArgs),
    /// Single-table pitfalls measured on the items: hot partitions, large items, index cost, key design.
    Insights(InsightsArgs),
    /// Print the effective keymap of the terminal UI (defaults plus your overrides) as TOML.
    Keymap,
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell), e.g.
    /// `ddbx completions bash > ~/.local/share/bash-completion/completions/ddbx`.
    Completions(CompletionsArgs),
    /// Print the manual page (roff), e.g. `ddbx man > ~/.local/share/man/man1/ddbx.1`.
    Man,
    // Writes: each conditioned, previewed with --dry-run, journaled and undoable.
    /// Create one item; refused if an item with its key exists (attribute_not_exists).
    Put(PutArgs),
    /// Change attributes of one item: minimal SET/REMOVE, conditioned on its version or values.
    Update(UpdateArgs),
    /// Delete one item, conditioned on its version or on every attribute read.
    Delete(DeleteArgs),
    /// Apply a JSON-lines plan of puts, updates, deletes and condition checks on several items as
    /// one TransactWriteItems: all or nothing, each action conditioned as put/update/delete
    /// condition it, journaled as one run, undone as one transaction.
    Transact(TransactArgs),
    /// Undo the last write to --table recorded in the journal (conditioned on nothing changed
    /// since), or every write of a bulk run (--batch ID).
    Undo(bulk::UndoArgs),
    /// Write the items of a scope (a partition, a scan, filtered, one entity) to a file:
    /// lossless JSON lines, DynamoDB JSON lines, CSV or BatchWriteItem requests.
    Export(Box<bulk::ExportArgs>),
    /// Create the items of a JSON-lines file, each conditioned on its key being free.
    Import(bulk::ImportArgs),
    /// Delete, or set and remove paths on, every item of a scope: each write conditioned as
    /// `update`/`delete` condition it, journaled as one run, undoable and resumable.
    Bulk(Box<bulk::BulkArgs>),
    /// Copy the items of a scope to another table (possibly on another connection) as
    /// conditioned creates, optionally rewriting key prefixes.
    Copy(Box<bulk::CopyArgs>),
    /// Run a PartiQL SELECT (said to be a key query or a full scan first); writes are refused
    /// with the put/update/delete command to use instead.
    Partiql(PartiqlArgs),
    /// Follow the table's DynamoDB stream: one change record per line (INSERT, MODIFY, REMOVE).
    Tail(TailArgs),
    /// One item's changes, newest first: its records in the table's stream (the last 24 hours,
    /// every shard from TRIM_HORIZON) and ddbx's journal entries for its key.
    History(HistoryArgs),
    /// Compare the table with another table (on this or another connection) or an export,
    /// item by item: counts per entity and the first differences. With --from-model and
    /// --to-model the sides are two designs, matched by entity and key fields. Exit 0 equal,
    /// 1 different, 2 bad input.
    Diff(Box<diff::DiffArgs>),
    /// Explain why an item is or is not in a query's results: each check DynamoDB applies
    /// (the item, index membership, key condition, filter, projection, TTL, paging), with the
    /// item's values and the request each finding rests on. Never writes.
    Why(Box<why::WhyArgs>),
    /// Read units per call of each access pattern (or, without a model, each query shape of
    /// the history), measured by running a sample of its calls, each entity's write units with
    /// its index writes, and the month on demand or provisioned at the rates given. Only reads.
    Capacity(Box<capacity::CapacityArgs>),
    /// Print SQL that makes an export queryable by DuckDB or Athena: a relation of its items and
    /// one view per entity (decoded as the terminal UI decodes them) with key parts and typed
    /// attributes as columns. Only reads.
    SqlViews(sql_views::SqlViewsArgs),
    /// Answer the DynamoDB API on 127.0.0.1 from the embedded engine (--demo, --file, or empty
    /// tables), for SDKs, scripts and the AWS CLI. Signatures are not verified.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on; 0 picks a free one (the address is printed on start).
    #[arg(long, value_name = "N", default_value_t = 8000)]
    pub port: u16,

    /// Loopback address to listen on (127.0.0.1, ::1 or localhost); any other is refused.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: String,

    /// Accept writes to a --file table (in memory only; the file never changes). Without it a
    /// file is served read-only.
    #[arg(long, conflicts_with = "read_only")]
    pub writable: bool,

    /// Serve one set of tables to every client. Without it each access key and region has
    /// tables of its own, as DynamoDB Local keeps them without -sharedDb; the --demo and --file
    /// tables are always shared.
    #[arg(long)]
    pub shared: bool,

    /// Once it accepts connections, write its address (`http://127.0.0.1:PORT`) to this file,
    /// for a test suite waiting to start.
    #[arg(long, value_name = "FILE")]
    pub ready_file: Option<std::path::PathBuf>,

    /// Keep the tables in this folder (created if missing) and load them back on the next
    /// start: every write is on disk before it is answered, so a crash loses no acknowledged
    /// write. Stream records are kept in memory only. Without it, tables live in memory.
    #[arg(long, value_name = "DIR", conflicts_with = "writable")]
    pub data: Option<std::path::PathBuf>,

    /// Answer every request this many milliseconds late, to test an application's timeouts.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub delay_ms: u64,

    /// Answer this share (0 to 1) of the item, read and statement requests with
    /// ProvisionedThroughputExceededException (with ThrottlingReasons), evenly spread, to test
    /// an application's retries.
    #[arg(long, value_name = "RATE", default_value_t = 0.0)]
    pub throttle_rate: f64,
}

/// A stream event kind as `--event` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Event {
    Insert,
    Modify,
    Remove,
}

impl Event {
    #[must_use]
    pub const fn kind(self) -> crate::domain::request::ChangeKind {
        use crate::domain::request::ChangeKind;
        match self {
            Self::Insert => ChangeKind::Insert,
            Self::Modify => ChangeKind::Modify,
            Self::Remove => ChangeKind::Remove,
        }
    }
}

#[derive(Debug, Args)]
pub struct TailArgs {
    /// Only records whose partition key is V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub pk: Option<String>,

    /// Only records whose key starts with P: the sort key when --pk is given, else the
    /// partition key.
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    pub prefix: Option<String>,

    /// Only records of entity E (as ddbx decodes it; case-insensitive).
    #[arg(long, value_name = "E")]
    pub entity: Option<String>,

    /// Only these events (INSERT, MODIFY, REMOVE; repeat or separate with commas).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "EVENT",
        ignore_case = true
    )]
    pub event: Vec<Event>,

    /// Where to start: LATEST, TRIM_HORIZON, a time (2026-12-04T10:00:00Z) or a duration back
    /// from now (90s, 15m, 2h, 1d).
    #[arg(long, value_name = "START", default_value = "LATEST", value_parser = crate::domain::stream_start::parse)]
    pub since: Since,

    /// Stop after printing N records.
    #[arg(long, value_name = "N")]
    pub max_records: Option<u64>,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    #[command(flatten)]
    pub key: GetArgs,

    /// Stream calls (GetShardIterator and GetRecords) allowed over all shards; the history says when they ran out.
    #[arg(long, value_name = "N", default_value_t = crate::item_history::DEFAULT_MAX_REQUESTS)]
    pub max_requests: u32,
}

#[derive(Debug, Args)]
pub struct PartiqlArgs {
    /// The statement, e.g. `SELECT * FROM "Orders" WHERE PK = ?` (the table is named in it).
    #[arg(value_name = "STATEMENT")]
    pub statement: String,

    /// Values for the statement's `?`, in order: a JSON array of DynamoDB JSON values, e.g.
    /// '[{"S": "USER#1"}]'.
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,

    /// Items evaluated per page (ExecuteStatement's Limit).
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,

    /// Stop after printing N items.
    #[arg(long, value_name = "N")]
    pub max_items: Option<u64>,

    /// Strongly consistent read.
    #[arg(long)]
    pub consistent: bool,

    /// Allow a full table scan of a table larger than 1 GiB.
    #[arg(long)]
    pub allow_scan: bool,
}

#[derive(Debug, Args)]
pub struct QueryArgs {
    /// Partition key value of the table or index (typed from the key schema; B as base64).
    #[arg(
        long,
        value_name = "V",
        allow_hyphen_values = true,
        required_unless_present = "expr"
    )]
    pub pk: Option<String>,

    #[command(flatten)]
    pub sort_key: SortKeyArgs,

    /// Raw key condition instead of --pk/--sk-*: as in application code
    /// ('#pk = :pk AND begins_with(#sk, :sk)' with --values/--names) or with inline literals
    /// ('PK = "USER#1" AND begins_with(SK, "ORDER#")').
    #[arg(
        long,
        value_name = "EXPR",
        allow_hyphen_values = true,
        conflicts_with_all = ["pk", "sort_key_condition"]
    )]
    pub expr: Option<String>,

    /// ExpressionAttributeValues for --expr as DynamoDB JSON, e.g. '{":pk":{"S":"USER#1"}}'.
    #[arg(long, value_name = "JSON")]
    pub values: Option<String>,

    /// ExpressionAttributeNames for --expr, e.g. '{"#pk":"PK"}'.
    #[arg(long, value_name = "JSON")]
    pub names: Option<String>,

    #[command(flatten)]
    pub read: ReadOptions,

    /// Read the sort key in descending order.
    #[arg(long)]
    pub desc: bool,

    /// Strongly consistent read (not available on global secondary indexes).
    #[arg(long)]
    pub consistent: bool,
}

#[derive(Debug, Args)]
pub struct ScanArgs {
    #[command(flatten)]
    pub read: ReadOptions,

    /// Split the scan into N parallel segments.
    #[arg(long, value_name = "N")]
    pub segments: Option<u32>,
}

/// Options of `describe`.
#[derive(Debug, Args)]
pub struct DescribeArgs {
    /// Also scan the table's keys and markers (as `collections` does) and report the key
    /// grammars found with their share of items.
    #[arg(long)]
    pub grammars: bool,
}

/// Options of `collections`.
#[derive(Debug, Args)]
pub struct CollectionsArgs {
    /// Split the discovery scan into N parallel segments.
    #[arg(long, value_name = "N")]
    pub segments: Option<u32>,

    /// How many partitions of each prefix to list (in key order), or `all`.
    #[arg(long, value_name = "N|all", default_value = "10", value_parser = parse_partitions)]
    pub partitions: PartitionLimit,

    /// Sample instead of scanning: split the hash space into N segments and read the first page
    /// of each (in an order that spreads over the table) until a budget is spent; counts are
    /// printed as estimates with 95% margins.
    #[arg(long, value_name = "N", conflicts_with = "segments",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sample_segments: Option<u32>,

    /// Read at most N pages in a sample (default: one per segment).
    #[arg(long, value_name = "N", requires = "sample_segments",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub budget_pages: Option<u64>,

    /// Stop a sample before its pages consume more than N read units.
    #[arg(long, value_name = "N", requires = "sample_segments", value_parser = parse_read_units)]
    pub budget_rcu: Option<f64>,

    /// Stop a sample after N seconds (pages still in flight are abandoned).
    #[arg(long, value_name = "SECONDS", requires = "sample_segments", value_parser = parse_timeout)]
    pub budget_seconds: Option<f64>,
}

/// How many partitions `collections` lists per prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartitionLimit {
    First(usize),
    All,
}

impl PartitionLimit {
    /// The number to list, `usize::MAX` for all.
    #[must_use]
    pub fn count(self) -> usize {
        match self {
            Self::First(n) => n,
            Self::All => usize::MAX,
        }
    }
}

/// A `--partitions` value: a number or `all`.
fn parse_partitions(text: &str) -> Result<PartitionLimit, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(PartitionLimit::All);
    }
    text.parse()
        .map(PartitionLimit::First)
        .map_err(|_| format!("{text:?} is neither a number nor `all` (e.g. --partitions 50)"))
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct InsightsArgs {
    /// Split the scan into N parallel segments.
    #[arg(long, value_name = "N")]
    pub segments: Option<u32>,

    /// Read at most N pages per segment: a sample, reported as one (each segment is a slice of
    /// the hash space, so more segments spread the sample over the table).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub sample_pages: Option<u64>,
}

/// Options every write command shares.
#[derive(Debug, Default, Args)]
pub struct WriteOptions {
    /// Print the exact request and send nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// The help of `--item-format`, with an example of each format.
const ITEM_FORMAT_HELP: &str = "How --item and --set values are written: typed is plain JSON \
with exact numbers, sets and binary as {\"$ss\": [..]}, {\"$ns\": [..]}, {\"$bs\": [..]}, \
{\"$b\": \"..\"}; ddb is DynamoDB JSON: {\"S\": \"..\"}, {\"N\": \"..\"}, …";

#[derive(Debug, Args)]
pub struct TransactArgs {
    /// The plan: one JSON object a line, each one of {"put": ITEM}, {"update": {"pk", "sk",
    /// "set": {PATH: VALUE}, "remove": [PATH], "expect_version", "whole_item"}}, {"delete":
    /// {"pk", "sk", "expect_version"}}, {"check": {"pk", "sk", "condition"}}; - reads stdin.
    #[arg(value_name = "FILE")]
    pub plan: String,

    /// The plan's text, read once before anything is checked.
    #[arg(skip)]
    pub plan_text: Option<String>,

    #[arg(long, value_enum, default_value_t = ItemFormat::Typed, help = ITEM_FORMAT_HELP)]
    pub item_format: ItemFormat,

    #[command(flatten)]
    pub write: WriteOptions,
}

#[derive(Debug, Args)]
pub struct PutArgs {
    /// The new item as JSON (see --item-format); @FILE reads it from a file, - from stdin.
    #[arg(long, value_name = "JSON")]
    pub item: String,

    #[arg(long, value_enum, default_value_t = ItemFormat::Typed, help = ITEM_FORMAT_HELP)]
    pub item_format: ItemFormat,

    #[command(flatten)]
    pub write: WriteOptions,
}

#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// Partition key value (typed from the table's key schema; B as base64).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub pk: String,

    /// Sort key value; required when the table has a sort key.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk: Option<String>,

    /// Set a path to a value: `status="PAID"`, `total=12.50`, `address.city="Oslo"`,
    /// `lines[0].qty=2`, `tags={"$ss":["a"]}`. The value is typed JSON (--item-format);
    /// text that is not JSON is taken as a string; PATH=@FILE reads the value from a file,
    /// PATH=- from stdin. Repeatable.
    #[arg(long, value_name = "PATH=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,

    /// Remove a path, e.g. 'note' or 'address.zip'. Repeatable.
    #[arg(long, value_name = "PATH")]
    pub remove: Vec<String>,

    /// Add N to a number where it stands (`balance=-25`): `SET balance = balance + :n`, so
    /// writers adjusting it at the same time all count. Conditioned on the item existing and
    /// --at-least/--at-most (or the number being one), never on the value read; the version
    /// attribute is incremented. Undo adds the opposite. Repeatable, not with --set/--remove.
    #[arg(long, value_name = "PATH=N", allow_hyphen_values = true,
          conflicts_with_all = ["set", "remove", "whole_item", "update_derived_keys", "expect_version"])]
    pub add: Vec<String>,

    /// With --add: the number may not end below N (`balance=0`), checked by DynamoDB as a
    /// condition of the write.
    #[arg(
        long,
        value_name = "PATH=N",
        allow_hyphen_values = true,
        requires = "add"
    )]
    pub at_least: Vec<String>,

    /// With --add: the number may not end above N (`stock=100`), checked by DynamoDB as a
    /// condition of the write.
    #[arg(
        long,
        value_name = "PATH=N",
        allow_hyphen_values = true,
        requires = "add"
    )]
    pub at_most: Vec<String>,

    /// Refuse (exit 3) unless the item's version attribute is N.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub expect_version: Option<String>,

    /// Condition on every attribute read, not only on the version or the changed attributes.
    #[arg(long)]
    pub whole_item: bool,

    /// Also set the key attributes composed from the values --set changes (`gsi2sk =
    /// …#status_open` when `status` changes) to what their key template gives, in the same
    /// conditioned write.
    #[arg(long)]
    pub update_derived_keys: bool,

    #[arg(long, value_enum, default_value_t = ItemFormat::Typed, help = ITEM_FORMAT_HELP)]
    pub item_format: ItemFormat,

    #[command(flatten)]
    pub write: WriteOptions,
}

#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// Partition key value (typed from the table's key schema; B as base64).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub pk: String,

    /// Sort key value; required when the table has a sort key.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub sk: Option<String>,

    /// Refuse (exit 3) unless the item's version attribute is N.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub expect_version: Option<String>,

    #[command(flatten)]
    pub write: WriteOptions,
}

/// A `--timeout` value: positive seconds, at most a day.
fn parse_timeout(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "{text:?} is not a number of seconds between 0 and 86400 (e.g. --timeout 10)"
        )),
    }
}

/// A `--budget-rcu` value: a positive number of read units.
fn parse_read_units(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(units) if units > 0.0 && units.is_finite() => Ok(units),
        _ => Err(format!(
            "{text:?} is not a positive number of read units (e.g. --budget-rcu 500)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;
    use clap::error::ErrorKind;

    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("ddbx").chain(args.iter().copied()))
    }

    #[test]
    fn clap_definition_is_internally_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn global_options_are_accepted_before_and_after_the_command() {
        let cli = parse(&[
            "--table",
            "T",
            "query",
            "--pk",
            "USER#1",
            "-o",
            "ddb",
            "--endpoint-url",
            "http://127.0.0.1:1",
            "--read-only",
        ])
        .expect("valid command line");
        assert_eq!(cli.global.table.as_deref(), Some("T"));
        assert_eq!(cli.global.format(), OutputFormat::Ddb);
        assert_eq!(
            cli.global.endpoint_url.as_deref(),
            Some("http://127.0.0.1:1")
        );
        assert!(cli.global.read_only);
        let Some(Command::Query(query)) = cli.command else {
            panic!("expected a query command");
        };
        assert_eq!(query.pk.as_deref(), Some("USER#1"));
    }

    #[test]
    fn a_commands_own_options_are_listed_before_the_shared_ones() {
        let mut cli = Cli::command();
        cli.build();
        let query = cli.find_subcommand_mut("query").expect("the query command");
        let help = query.render_help().to_string();
        let own: Vec<usize> = ["--pk", "--sk-ge", "--sk-between", "--consistent"]
            .iter()
            .map(|option| help.find(option).expect(option))
            .collect();
        let last_own = own.iter().max().copied().unwrap_or_default();
        for shared in [
            "--demo",
            "--demo-size",
            "--file",
            "--theme",
            "--table",
            "--read-only",
        ] {
            let at = help.find(shared).expect(shared);
            assert!(
                at > last_own,
                "{shared} among the command's own options:\n{help}"
            );
        }
    }

    #[test]
    fn no_command_parses_so_usage_can_be_printed() {
        let cli = parse(&[]).expect("no command is allowed");
        assert!(cli.command.is_none());
        assert_eq!(cli.global.format(), OutputFormat::Json);
    }

    #[test]
    fn sk_between_takes_exactly_two_values() {
        let cli = parse(&["query", "--pk", "P", "--sk-between", "A", "B"]).expect("valid");
        let Some(Command::Query(query)) = cli.command else {
            panic!("expected a query command");
        };
        assert_eq!(
            query.sort_key.sk_between,
            Some(vec!["A".to_owned(), "B".to_owned()])
        );
        let error = parse(&["query", "--pk", "P", "--sk-between", "A"]).expect_err("one value");
        assert_eq!(error.kind(), ErrorKind::WrongNumberOfValues);
    }

    #[test]
    fn two_sort_key_conditions_are_a_usage_error() {
        let pairs = [
            ["--sk-eq", "--sk-lt"],
            ["--sk-gt", "--sk-begins-with"],
            ["--sk-le", "--sk-ge"],
        ];
        for [first, second] in pairs {
            let error = parse(&["query", "--pk", "P", first, "1", second, "2"])
                .expect_err("conflicting sort-key flags");
            assert_eq!(
                error.kind(),
                ErrorKind::ArgumentConflict,
                "{first} {second}"
            );
            assert_eq!(error.exit_code(), 2);
        }
    }

    #[test]
    fn negative_numbers_are_accepted_as_key_values() {
        let cli = parse(&["query", "--pk", "-5", "--sk-between", "-10", "-1"]).expect("valid");
        let Some(Command::Query(query)) = cli.command else {
            panic!("expected a query command");
        };
        assert_eq!(query.pk.as_deref(), Some("-5"));
        assert_eq!(
            query.sort_key.sk_between,
            Some(vec!["-10".to_owned(), "-1".to_owned()])
        );
    }

    #[test]
    fn unknown_output_format_is_a_usage_error() {
        let error = parse(&["-o", "yaml", "tables"]).expect_err("yaml is not a format");
        assert_eq!(error.kind(), ErrorKind::InvalidValue);
        assert_eq!(error.exit_code(), 2);
    }

    #[test]
    fn scan_accepts_segments_index_and_paging_flags() {
        let cli = parse(&[
            "scan",
            "--index",
            "GSI1",
            "--segments",
            "4",
            "--limit",
            "10",
            "--max-items",
            "25",
        ])
        .expect("valid");
        let Some(Command::Scan(scan)) = cli.command else {
            panic!("expected a scan command");
        };
        assert_eq!(scan.segments, Some(4));
        assert_eq!(scan.read.index.as_deref(), Some("GSI1"));
        assert_eq!(scan.read.limit, Some(10));
        assert_eq!(scan.read.max_items, Some(25));
    }
}
