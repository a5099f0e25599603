//! Running one command: checks that need nothing, connect, describe, plan, read, print.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use super::args::{Cli, Command, GetArgs, GlobalOptions, OutputFormat, QueryArgs, ScanArgs};
use super::bare_words::BareWords;
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::describe::describe_text;
use super::output::describe_grammars::{grammars_json, grammars_line};
use super::output::escape::escape_json_for_terminal;
use super::output::items::item_sink;
use super::output::summary::ReadTotals;
use super::output::table::Leading;
use super::paging::{SegmentChoice, run_query_from, run_scan};
use super::plan::{
    check_read_limits, check_segments, plan_get, plan_query, plan_scan, require_table,
};
use super::schema_cache::{self, Attempt, Schema, with_schema};
use crate::backend::Backend;
use crate::domain::describe_table::{Shape, table_json};
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::grammar_census::GrammarCensus;
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

/// Shown by `ddbx` without a command when there is no terminal to open the UI on.
pub const USAGE: &str = "\
ddbx: explore DynamoDB single-table designs.

On a terminal, `ddbx` opens the terminal UI: on the table picker, or on --table T
(--demo for a generated table, --file F for an export). Headless commands:
  ddbx tables                                   list tables
  ddbx --table T describe                       keys, indexes, counts
  ddbx --table T get --pk V [--sk V]            one item
  ddbx --table T query --pk V [--sk-begins-with P | --sk-between A B | ...]
  ddbx --table T query --expr 'PK = \"USER#1\" AND begins_with(SK, \"ORDER#\")'
  ddbx --table T scan [--segments N] [--max-items N]
  ddbx partiql 'SELECT * FROM \"T\" WHERE PK = ?' --params '[{\"S\": \"USER#1\"}]'
  ddbx --table T tail [--pk V] [--prefix P] [--event E] [--since S]   follow the stream
  ddbx --table T history --pk V [--sk V]        one item's changes: stream and journal
  ddbx --table T why --pk V [--sk V] [query options]   why an item is or is not in the results
  ddbx --table T diff --to-table T2 [--to-endpoint-url URL | --to-file F]   compare two sides
  ddbx --table T collections | insights         item collections; pitfalls measured
  ddbx --table T capacity [--reads-per-second N]   read/write units per access pattern
  ddbx --table T put | update | delete | undo   safe writes (see help)
  ddbx --table T transact PLAN.jsonl [--dry-run]   several items as one transaction
Options: --profile P, --region R, --endpoint-url URL, --read-only, -o json|ddb|table.
Run `ddbx help <command>` for every flag; `ddbx completions bash` and `ddbx man` print
shell completions and the manual page.
";

/// Checks made before connecting: nothing is sent when these fail.
fn check_before_connecting(cli: &Cli) -> Result<(), CliError> {
    super::endpoint::check_endpoint_url(cli.global.endpoint_url.as_deref())?;
    // A model that cannot be used is refused whichever command was given, not silently ignored.
    crate::connect::entity_decoder(&cli.global.tui).map_err(CliError::Usage)?;
    let needs_table = !matches!(
        cli.command,
        Some(
            Command::Tables
                | Command::Keymap
                | Command::Completions(_)
                | Command::Man
                | Command::Partiql(_)
                | Command::Serve(_)
        ) | None
    );
    // An offline file holds exactly one table, named once it is loaded.
    if needs_table && cli.global.tui.file.is_none() {
        require_table(cli.global.table.as_deref())?;
    }
    check_stream_start(cli.command.as_ref())?;
    match &cli.command {
        Some(Command::Query(args)) => check_read_limits(&args.read),
        Some(Command::Scan(args)) => {
            check_read_limits(&args.read)?;
            check_segments(args.segments)
        }
        Some(Command::Collections(args)) => check_segments(args.segments),
        Some(Command::Insights(args)) => check_segments(args.segments),
        Some(Command::Tail(args)) if args.max_records == Some(0) => Err(CliError::usage(
            "--max-records 0 prints nothing: use 1 or more",
        )),
        Some(Command::Tail(_)) => Ok(()),
        Some(Command::History(args)) if args.max_requests == 0 => Err(CliError::usage(
            "--max-requests 0 reads nothing from the stream: use 1 or more",
        )),
        Some(Command::History(_)) => Ok(()),
        Some(Command::Why(args)) => super::why::check_before_connecting(args),
        Some(Command::SqlViews(args)) => {
            super::sql_views::check_before_connecting(args, &cli.global)
        }
        Some(Command::Diff(args)) => {
            super::diff::check_before_connecting(args)?;
            let target = args.to_table.as_deref().or(cli.global.table.as_deref());
            super::diff::load_models(args, (cli.global.table.as_deref(), target)).map(|_| ())
        }
        Some(Command::Serve(_)) => Err(CliError::usage(
            "serve runs the embedded engine; start it as `ddbx [--demo | --file PATH] serve`",
        )),
        Some(Command::Partiql(args)) => {
            super::partiql::check(args, cli.global.read_only).map(|_| ())
        }
        Some(command) => {
            super::write::check_write_before_connecting(&cli.global, command)?;
            if let Command::Transact(args) = command {
                super::transact::check(args)?;
            }
            super::bulk::check_before_connecting(command)
        }
        None => Ok(()),
    }
}

/// A stream reader's start at a time in the future is refused here, so nothing is sent for it.
fn check_stream_start(command: Option<&Command>) -> Result<(), CliError> {
    let since = match command {
        Some(Command::Tail(args)) => args.since,
        Some(Command::Diff(args)) if args.follow => args.since,
        _ => return Ok(()),
    };
    super::tail::follow::start_of(since).map(|_| ())
}

/// Runs `cli`, connecting with `connect` only once the arguments passed every local check.
pub async fn run<C>(mut cli: Cli, connect: C) -> Result<(), CliError>
where
    C: AsyncFnOnce(&GlobalOptions) -> Result<Arc<dyn Backend>, CliError>,
{
    if let Some(command) = cli.command.as_mut() {
        super::write::read_argument_files(command)?;
        if let Command::Transact(args) = command {
            super::transact::read_plan_file(args)?;
        }
    }
    let Some(command) = &cli.command else {
        let mut out = io::stdout().lock();
        return ignore_closed_pipe(out.write_all(USAGE.as_bytes()).and_then(|()| out.flush()));
    };
    match command {
        // The keymap names the terminal UI's actions: the UI's launcher prints it.
        Command::Keymap => return Ok(()),
        Command::Completions(args) => {
            return write_stdout(&super::shell_docs::completions(args.shell));
        }
        Command::Man => {
            let page = super::shell_docs::man_page().map_err(|error| {
                CliError::Failed(format!("could not render the man page: {error}"))
            })?;
            return write_stdout(&page);
        }
        _ => {}
    }
    check_before_connecting(&cli)?;
    if let Command::Export(args) = command
        && let Some(path) = super::bulk::streamable(&cli.global, args)
    {
        return super::bulk::export_file(path, &cli.global, args);
    }
    let backend = connect(&cli.global).await?;
    let entities = crate::connect::entity_decoder(&cli.global.tui).map_err(CliError::Usage)?;
    let file_table = match (&cli.global.table, &cli.global.tui.file) {
        (None, Some(_)) => backend.list_tables().await?.into_iter().next(),
        _ => None,
    };
    let table_name = cli
        .global
        .table
        .as_deref()
        .or(file_table.as_deref())
        .unwrap_or_default();
    dispatch(command, &cli, backend, table_name, entities).await
}

/// Runs one command that needs a connection, once the table it names is known.
async fn dispatch(
    command: &Command,
    cli: &Cli,
    backend: Arc<dyn Backend>,
    table_name: &str,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let format = cli.global.format();
    match command {
        Command::Tables => tables(backend.as_ref(), cli.global.output).await,
        Command::Describe(args) => {
            describe_command(&backend, cli, table_name, args, entities).await
        }
        Command::Get(args) => get(backend.as_ref(), table_name, args, format, entities).await,
        Command::Query(args) => query(backend.as_ref(), table_name, args, format, entities).await,
        Command::Scan(args) => scan(backend, table_name, args, format, entities).await,
        Command::Collections(args) => {
            super::collections::collections(backend, table_name, args, format, entities).await
        }
        Command::Insights(args) => {
            let entities =
                crate::connect::entity_decoder(&cli.global.tui).map_err(CliError::Usage)?;
            super::insights::insights(backend, table_name, args, format, entities).await
        }
        Command::Capacity(args) => {
            super::capacity::capacity(backend, table_name, args, format, entities).await
        }
        // Handled before connecting, above.
        Command::Keymap | Command::Completions(_) | Command::Man => Ok(()),
        Command::Partiql(args) => partiql(backend.as_ref(), args, &cli.global).await,
        Command::Tail(args) => tail(backend.as_ref(), cli, table_name, args).await,
        Command::History(args) => {
            let table = backend.describe_table(table_name).await?;
            super::history::run(
                backend.as_ref(),
                &table,
                args,
                format,
                &mut io::stdout().lock(),
            )
            .await
        }
        Command::Undo(args) => undo(backend.as_ref(), cli, table_name, args, command).await,
        Command::Diff(args) => {
            let source = backend.describe_table(table_name).await?;
            let target = super::diff::open_target(&backend, &source, args, &cli.global).await?;
            let source = super::diff::Side {
                backend: Arc::clone(&backend),
                table: source,
            };
            super::diff::diff(source, target, args, &cli.global, &entities).await
        }
        Command::SqlViews(args) => {
            super::sql_views::sql_views(backend, table_name, args, &cli.global, &entities).await
        }
        Command::Why(args) => {
            let mut out = io::stdout().lock();
            super::why::run(
                backend.as_ref(),
                table_name,
                args,
                cli.global.output,
                &mut out,
            )
            .await
        }
        // Refused before connecting, above: the binary starts the server itself.
        Command::Serve(_) => Ok(()),
        Command::Put(_) | Command::Update(_) | Command::Delete(_) => {
            let table = backend.describe_table(table_name).await?;
            super::write::run_write(backend.as_ref(), &cli.global, &table, command).await
        }
        Command::Transact(args) => {
            let table = backend.describe_table(table_name).await?;
            super::transact::run_transact(backend.as_ref(), &cli.global, &table, args).await
        }
        Command::Export(_) | Command::Import(_) | Command::Bulk(_) | Command::Copy(_) => {
            let table = backend.describe_table(table_name).await?;
            super::bulk::run_bulk(Arc::clone(&backend), &cli.global, &table, command).await
        }
    }
}

/// `undo`: the last bulk run or transaction as a whole when the journal's newest entry for
/// the table belongs to one, else the last single write.
async fn undo(
    backend: &dyn Backend,
    cli: &Cli,
    table_name: &str,
    args: &super::args::bulk::UndoArgs,
    command: &Command,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    let batch = match &args.batch {
        Some(batch) => Some(batch.clone()),
        None if cli.global.tui.demo => None,
        None => super::bulk::last_batch(backend, &table.name)?,
    };
    match batch {
        Some(batch) => {
            super::bulk::undo_batch(backend, &cli.global, &table, &batch, args.dry_run).await
        }
        None => super::write::run_write(backend, &cli.global, &table, command).await,
    }
}

async fn tail(
    backend: &dyn Backend,
    cli: &Cli,
    table_name: &str,
    args: &super::args::TailArgs,
) -> Result<(), CliError> {
    let format = cli.global.format();
    let table = backend.describe_table(table_name).await?;
    let decoder = crate::connect::entity_decoder(&cli.global.tui).map_err(CliError::Usage)?;
    let tail = super::tail::Tail {
        table: &table,
        args,
        format,
        decoder: &decoder,
    };
    super::tail::run(backend, &tail, &mut io::stdout().lock()).await
}

/// `describe`, with the key grammars found by a discovery scan when asked for.
async fn describe_command(
    backend: &Arc<dyn Backend>,
    cli: &Cli,
    table_name: &str,
    args: &super::args::DescribeArgs,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let (table, extras) = schema_cache::describe_with_extras(backend.as_ref(), table_name).await?;
    let census = if args.grammars {
        Some(super::collections::discover(backend, &table, 1, entities).await?)
    } else {
        None
    };
    let census = census.as_ref().map(|(found, _)| found.grammar_census());
    describe(&table, &extras, census, cli.global.output)
}

/// One item, planned from the cached key schema when there is one.
async fn get(
    backend: &dyn Backend,
    table_name: &str,
    args: &GetArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let (table, output) = with_schema(backend, table_name, async |schema: &Schema| {
        let request = plan_get(&schema.table, args)?;
        let output = backend.get_item(request).await?;
        Ok((schema.table.clone(), output))
    })
    .await?;
    let mut sink = item_sink(format, buffered_stdout(), leading(&table, None, entities));
    let items: Vec<_> = output.item.into_iter().collect();
    let written = sink.write_items(&items).and_then(|()| sink.finish());
    ignore_closed_pipe(written)?;
    let units = output
        .consumed
        .map_or_else(|| "not reported".to_owned(), |c| format!("{} RCU", c.total));
    note(&format!("items: {}, consumed: {units}", items.len()));
    Ok(())
}

/// Every page of a query, planned from the cached key schema when there is one: the first page
/// is read before anything is printed, so a stale schema can still be swapped for a fresh one.
async fn query(
    backend: &dyn Backend,
    table_name: &str,
    args: &QueryArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let (table, plan, first) = with_schema(backend, table_name, async |schema: &Schema| {
        let plan = plan_query(&schema.table, args)?;
        let first = backend.query(plan.request.clone()).await?;
        if schema.cached && schema_cache::lacks_key(&schema.table, &first.items) {
            return Err(Attempt::Stale);
        }
        Ok((schema.table.clone(), plan, first))
    })
    .await?;
    let leading = leading(&table, args.read.index.as_deref(), entities);
    let mut sink = item_sink(format, buffered_stdout(), leading);
    let mut watched = BareWords::new(sink.as_mut(), args.read.filter.as_deref());
    let totals = run_query_from(backend, plan.request, first, plan.max_items, &mut watched).await?;
    print_summary(&totals);
    watched.warn();
    Ok(())
}

async fn scan(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &ScanArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_schema(table_name).await?;
    let plan = plan_scan(&table, args)?;
    let leading = leading(&table, args.read.index.as_deref(), entities);
    let mut sink = item_sink(format, buffered_stdout(), leading);
    let mut watched = BareWords::new(sink.as_mut(), args.read.filter.as_deref());
    let totals = run_scan(
        backend,
        plan.request,
        SegmentChoice::all(plan.total_segments),
        plan.max_items,
        &mut watched,
    )
    .await?;
    print_summary(&totals);
    watched.warn();
    Ok(())
}

fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    ignore_closed_pipe(out.write_all(bytes).and_then(|()| out.flush()))
}

async fn partiql(
    backend: &dyn Backend,
    args: &super::args::PartiqlArgs,
    global: &GlobalOptions,
) -> Result<(), CliError> {
    let (statement, parameters) = super::partiql::check(args, global.read_only)?;
    let table = backend.describe_table(&statement.table).await?;
    let plan = super::partiql::plan(
        &args.statement,
        &statement,
        &parameters,
        &table,
        args.allow_scan,
    )?;
    note(&format!("partiql: {plan}"));
    let entities = crate::connect::entity_decoder(&global.tui).map_err(CliError::Usage)?;
    let mut sink = item_sink(
        global.format(),
        buffered_stdout(),
        leading(&table, statement.index.as_deref(), entities),
    );
    super::partiql::run(backend, args, parameters, sink.as_mut()).await
}

/// Stdout for items: one write per page instead of one per line (the sinks flush each page).
fn buffered_stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

fn print_summary(totals: &ReadTotals) {
    note(&totals.to_string());
}

/// The leading table columns: the keys, then each item's entity.
fn leading(table: &TableDescription, index: Option<&str>, entities: EntityDecoder) -> Leading {
    Leading {
        key_columns: key_columns(table, index),
        entities: Some((entities, table.key.clone())),
    }
}

/// The table's key attributes, then the index's, for the leading table columns.
fn key_columns(table: &TableDescription, index: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = table.key.names().map(str::to_owned).collect();
    if let Some(key) = index.and_then(|name| table.key_schema_of(Some(name))) {
        for name in key.names() {
            if !names.iter().any(|known| known == name) {
                names.push(name.to_owned());
            }
        }
    }
    names
}

/// Table names, one per line: as they are (DynamoDB names need no quoting), or as JSON strings
/// when `-o json` or `-o ddb` asks for JSON.
async fn tables(backend: &dyn Backend, format: Option<OutputFormat>) -> Result<(), CliError> {
    let names = backend.list_tables().await?;
    let mut out = io::stdout().lock();
    let written = names.iter().try_for_each(|name| match format {
        None | Some(OutputFormat::Table) => writeln!(out, "{}", escape_for_terminal(name)),
        Some(OutputFormat::Json | OutputFormat::Ddb) => writeln!(
            out,
            "{}",
            escape_json_for_terminal(serde_json::Value::String(name.clone()).to_string())
        ),
    });
    ignore_closed_pipe(written.and_then(|()| out.flush()))
}

/// The summary for people with `-o table`, and without `-o` when stdout is a terminal; the
/// JSON document otherwise, so scripts that pipe `describe` keep reading JSON.
fn describe(
    table: &TableDescription,
    extras: &TableExtras,
    census: Option<&GrammarCensus>,
    format: Option<OutputFormat>,
) -> Result<(), CliError> {
    let for_people = match format {
        Some(OutputFormat::Table) => true,
        Some(OutputFormat::Json | OutputFormat::Ddb) => false,
        None => io::stdout().is_terminal(),
    };
    let text = if for_people {
        let mut text = describe_text(table, Some(extras));
        if let Some(census) = census {
            text.push_str(&grammars_line(census));
        }
        text
    } else {
        let mut document = table_json(
            table,
            Shape::Report {
                extras: Some(extras),
            },
        );
        if let (Some(census), Some(object)) = (census, document.as_object_mut()) {
            object.insert("Grammars".into(), grammars_json(census));
        }
        let json = serde_json::to_string_pretty(&document).map_err(|error| {
            CliError::Failed(format!("could not render the description: {error}"))
        })?;
        escape_json_for_terminal(json) + "\n"
    };
    let mut out = io::stdout().lock();
    ignore_closed_pipe(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::backend::BackendError;

    fn cli(args: &[&str]) -> Cli {
        Cli::try_parse_from(std::iter::once("ddbx").chain(args.iter().copied()))
            .expect("valid command line")
    }

    /// Local checks run before `connect`, so a refused command never opens a connection.
    async fn refused_without_connecting(args: &[&str]) -> String {
        let connected = std::cell::Cell::new(false);
        let result = run(cli(args), async |_: &GlobalOptions| {
            connected.set(true);
            Err(CliError::from(BackendError::Network(
                "must not connect".to_owned(),
            )))
        })
        .await;
        assert!(!connected.get(), "{args:?} connected before refusing");
        match result {
            Err(CliError::Usage(message)) => message,
            other => panic!("expected a usage error for {args:?}, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn bad_arguments_are_refused_before_connecting() {
        let cases: [(&[&str], &str); 5] = [
            (&["query", "--pk", "P"], "--table"),
            (&["describe"], "--table"),
            (
                &["--table", "orders", "query", "--pk", "P", "--limit", "0"],
                "--limit 0",
            ),
            (
                &["--table", "orders", "scan", "--max-items", "0"],
                "--max-items 0",
            ),
            (
                &["--table", "orders", "scan", "--segments", "0"],
                "--segments 0",
            ),
        ];
        for (args, expected) in cases {
            let message = refused_without_connecting(args).await;
            assert!(message.contains(expected), "{args:?}: {message}");
        }
    }

    #[tokio::test]
    async fn connection_failures_exit_with_one_and_keep_the_cause() {
        let result = run(cli(&["tables"]), async |_: &GlobalOptions| {
            Err(CliError::from(BackendError::Network(
                "dispatch failure: connection refused".to_owned(),
            )))
        })
        .await;
        let Err(error) = result else {
            panic!("expected an error");
        };
        assert_eq!(error.exit_code(), 1);
        assert!(error.to_string().contains("connection refused"), "{error}");
    }

    #[test]
    fn key_columns_list_the_table_keys_then_the_index_keys() {
        let table = crate::cli::plan::fixtures::single_table();
        assert_eq!(key_columns(&table, None), ["PK", "SK"]);
        assert_eq!(
            key_columns(&table, Some("GSI1")),
            ["PK", "SK", "GSI1PK", "GSI1SK"]
        );
        assert_eq!(key_columns(&table, Some("LSI1")), ["PK", "SK", "amount"]);
    }
}
