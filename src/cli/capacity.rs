//! `ddbx capacity`: read units per call of each access pattern (or query shape of the
//! history), measured by running a sample of its calls; each entity's write units with its
//! index writes; the month on demand and provisioned at the rates given. Only reads; the
//! report names the requests it relied on and says that a sample is a sample.

mod json;
mod text;

use std::io::{self, Write};
use std::sync::Arc;

use super::args::OutputFormat;
use super::args::capacity::CapacityArgs;
use super::error::{CliError, ignore_closed_pipe};
use super::note::{escape_lines, note};
use super::output::escape::escape_json_for_terminal;
use crate::backend::Backend;
use crate::capacity::{CapacityRequest, measure};
use crate::domain::capacity::report::CapacityReport;
use crate::domain::capacity::shapes::history_shapes;
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::counted;

/// Measures `table_name`'s patterns and prints the report.
pub async fn capacity(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &CapacityArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let mut request = CapacityRequest::new(table_name, entities);
    request.only.clone_from(&args.pattern);
    request.calls = args.calls;
    request.sample_pages = args.sample_pages;
    request.consistent = args.consistent;
    if request.patterns.is_empty() {
        let on_endpoint = backend.connection().kind == "aws";
        let (history, warning) = crate::storage::query_history::of_table(on_endpoint, table_name);
        if let Some(warning) = warning {
            note(&warning);
        }
        request.history = history
            .entries
            .into_iter()
            .map(|entry| entry.request)
            .collect();
        if request.history.is_empty() {
            return Err(CliError::usage(format!(
                "{table_name} has no access patterns to measure: give a model with \
                 [[access_pattern]] (--model FILE), or run queries in the terminal UI first \
                 (their shapes are measured from its query history)"
            )));
        }
    }
    if let Some(only) = &args.pattern {
        check_pattern_exists(&request, only)?;
    }
    let report = measure(backend.as_ref(), &request).await?;
    print(&report, args, format)?;
    note(&format!(
        "capacity: {} measured from a sample of {} ({}); a sample is a sample: other \
         partitions may read more or less",
        counted(report.patterns.len() as u64, "pattern", "patterns"),
        counted(report.sampled_items, "item", "items"),
        if report.sample_complete {
            "the whole table"
        } else {
            "not the whole table"
        },
    ));
    Ok(())
}

/// A `--pattern` naming no pattern of the model (or, without one, no query shape of the
/// history) is refused before anything is read.
fn check_pattern_exists(request: &CapacityRequest, only: &str) -> Result<(), CliError> {
    let (names, what): (Vec<String>, &str) = if request.patterns.is_empty() {
        let shapes = history_shapes(&request.history, request.calls);
        (
            shapes.into_iter().map(|shape| shape.name).collect(),
            "query shape of the history",
        )
    } else {
        (
            request.patterns.iter().map(|p| p.name.clone()).collect(),
            "access pattern of the model",
        )
    };
    if names.iter().any(|name| name.eq_ignore_ascii_case(only)) {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "--pattern {only:?} names no {what}; it has: {}",
        names.join("; ")
    )))
}

fn print(
    report: &CapacityReport,
    args: &CapacityArgs,
    format: OutputFormat,
) -> Result<(), CliError> {
    let prices = args.prices();
    let mut out = io::stdout().lock();
    let written = match format {
        OutputFormat::Table => write!(
            out,
            "{}",
            escape_lines(&text::report_text(report, args, &prices))
        ),
        OutputFormat::Json | OutputFormat::Ddb => writeln!(
            out,
            "{}",
            escape_json_for_terminal(json::report_json(report, args, &prices).to_string())
        ),
    };
    ignore_closed_pipe(written.and_then(|()| out.flush()))
}
