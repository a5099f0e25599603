//! `ddbx sql-views`: reads the table's items (all of a `--file` export, or a scan's first
//! `--max-items` of a table), learns its entities as the terminal UI decodes them (the same
//! decoder, with the same `--model`), and prints the SQL for DuckDB or Athena. Only reads.

use std::io::{BufRead, Write};
use std::sync::Arc;

use super::args::GlobalOptions;
use super::args::sql_views::{LineLayout, SqlEngine, SqlViewsArgs};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::paging::{SegmentChoice, run_scan};
use super::scope::Collect;
use crate::backend::{Backend, ScanRequest};
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::counted;
use crate::domain::sql_views::{Engine, Layout, Source, learn, render};

/// Checks that need no connection: Athena reads S3, so it needs to be told where.
pub fn check_before_connecting(
    args: &SqlViewsArgs,
    global: &GlobalOptions,
) -> Result<(), CliError> {
    match (args.engine, &args.data, &global.tui.file) {
        (SqlEngine::Athena, None, _) => Err(CliError::usage(
            "--engine athena reads the export from S3: give its folder with --data \
             s3://bucket/prefix/data/",
        )),
        (SqlEngine::Duckdb, None, None) => Err(CliError::usage(
            "say where DuckDB reads the export: --data 'export/*.json.gz', or open the export \
             with --file",
        )),
        _ => Ok(()),
    }
}

/// Prints the SQL for `table_name`'s items.
pub async fn sql_views(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &SqlViewsArgs,
    global: &GlobalOptions,
    decoder: &EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    let mut items = Collect::default();
    let template = ScanRequest::new(table.name.clone());
    run_scan(
        backend,
        template,
        SegmentChoice::all(1),
        Some(args.max_items),
        &mut items,
    )
    .await?;
    let learned = learn(&items.items, &table.key, decoder);
    let file = global.tui.file.as_deref();
    let location = match (&args.data, file) {
        (Some(data), _) => data.clone(),
        (None, Some(path)) => default_location(path),
        (None, None) => String::new(),
    };
    let layout = match (args.layout, file) {
        (Some(LineLayout::Item), _) | (None, None) => Layout::Wrapped,
        (Some(LineLayout::Plain), _) => Layout::Bare,
        (None, Some(path)) => layout_of(path)?,
    };
    let learned_from = file.map_or_else(|| table.name.clone(), |path| path.display().to_string());
    let source = Source {
        location: &location,
        layout,
        learned_from: &learned_from,
    };
    let engine = match args.engine {
        SqlEngine::Duckdb => Engine::DuckDb,
        SqlEngine::Athena => Engine::Athena,
    };
    let sql = render(&learned, engine, &source);
    let mut out = std::io::stdout().lock();
    ignore_closed_pipe(out.write_all(sql.as_bytes()).and_then(|()| out.flush()))?;
    note(&format!(
        "sql-views: {} learned from {}",
        counted(learned.entities.len() as u64, "entity", "entities"),
        counted(learned.items, "item", "items")
    ));
    Ok(())
}

/// An Export to S3 folder's data files, or the export file itself.
fn default_location(path: &std::path::Path) -> String {
    if path.is_dir() {
        path.join("data").join("*.json.gz").display().to_string()
    } else {
        path.display().to_string()
    }
}

/// AWS's folders hold `{"Item": …}` lines; a file says by its first line.
fn layout_of(path: &std::path::Path) -> Result<Layout, CliError> {
    if path.is_dir() {
        return Ok(Layout::Wrapped);
    }
    let file = std::fs::File::open(path)
        .map_err(|error| CliError::usage(format!("--file {}: {error}", path.display())))?;
    let first = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default();
    let wrapped = serde_json::from_str::<serde_json::Value>(&first)
        .ok()
        .and_then(|value| {
            value
                .as_object()
                .map(|object| object.len() == 1 && object.contains_key("Item"))
        })
        .unwrap_or(false);
    Ok(if wrapped {
        Layout::Wrapped
    } else {
        Layout::Bare
    })
}
