//! `ddbx insights`: the table's single-table pitfalls, measured on its items. A full (or, with
//! `--sample-pages`, sampled) parallel Scan feeds `domain::insights`; the report prints as one
//! JSON document or, with `-o table`, as text for people. The queries the terminal UI ran on the
//! table (its query history) are reviewed too.

mod held;
mod json;
mod text;

use std::io::{self, Write};
use std::sync::Arc;

use super::args::{InsightsArgs, OutputFormat};
use super::error::{CliError, ignore_closed_pipe};
use super::note::{escape_lines, note};
use super::output::escape::escape_json_for_terminal;
use super::segments::{ScanTotals, read_segments};
use crate::backend::{Backend, ScanRequest};
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::counted;
use crate::domain::insights::{Coverage, InsightScan};

/// Scans `table_name` and prints what its items show.
pub async fn insights(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &InsightsArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    let segments = args.segments.unwrap_or(1).max(1);
    let requests = (0..segments)
        .map(|segment| {
            let mut request = ScanRequest::new(table.name.clone());
            if segments > 1 {
                request.segment = Some((segment, segments));
            }
            request
        })
        .collect();
    let patterns = entities
        .model()
        .map(|model| model.access_patterns.clone())
        .unwrap_or_default();
    let table_items = table.item_count;
    let mut scan = InsightScan::new(table, entities);
    // A whole, unsegmented read of a table the backend holds itself needs no Scan: the same
    // items in the same order, without building pages of them.
    let held = if args.sample_pages.is_none() && segments == 1 {
        held::read(backend.as_ref(), &mut scan).await?
    } else {
        None
    };
    let totals = match held {
        Some(_) => ScanTotals::default(),
        None => {
            read_segments(&backend, requests, args.sample_pages, |page| {
                for item in &page.items {
                    scan.add(item);
                }
            })
            .await?
        }
    };
    let coverage = if args.sample_pages.is_some() && totals.more {
        Coverage::Sampled { table_items }
    } else {
        Coverage::Complete
    };
    let mut report = scan.report(coverage, &patterns);
    let on_endpoint = backend.connection().kind == "aws";
    let (history, warning) = crate::storage::query_history::of_table(on_endpoint, table_name);
    if let Some(warning) = warning {
        note(&warning);
    }
    let queries: Vec<_> = history
        .entries
        .into_iter()
        .map(|entry| entry.request)
        .collect();
    scan.add_query_history(&mut report, &queries);
    let mut out = io::stdout().lock();
    let written = match format {
        OutputFormat::Table => write!(out, "{}", escape_lines(&text::report_text(&report))),
        OutputFormat::Json | OutputFormat::Ddb => {
            writeln!(
                out,
                "{}",
                escape_json_for_terminal(json::report_json(&report).to_string())
            )
        }
    };
    ignore_closed_pipe(written.and_then(|()| out.flush()))?;
    let read = match held {
        Some(_) => "read from the embedded engine's own store, no Scan".to_owned(),
        None => format!(
            "{}, {:.1} RCU",
            counted(totals.pages, "page", "pages"),
            totals.capacity
        ),
    };
    note(&format!(
        "insights: {} read ({}), {}; {read}",
        counted(report.items, "item", "items"),
        text::coverage_text(report.coverage),
        counted(report.findings.len() as u64, "finding", "findings"),
    ));
    Ok(())
}
