//! What `ddbx diff` says: the cost of its scans before it reads (on stderr), how much it read,
//! and the report for people (counts per entity, then the first differences, marked `-` only in
//! the source, `+` only in the target, `*` different, each attribute with both values).

use std::fmt::Write as _;
use std::time::Duration;

use super::scope::SideScope;
use super::side::SideTotals;
use crate::cli::args::{GlobalOptions, OutputFormat};
use crate::cli::error::CliError;
use crate::domain::diff::DiffReport;
pub use crate::domain::diff::text::{counts_text, finding_text, report_text};
use crate::domain::figures::{bytes, counted};
use crate::domain::schema::TableDescription;
use crate::domain::scope::ScopeRead;

/// A full scan reads 4 KB per read unit, eventually consistent reads at half a unit.
const BYTES_PER_READ_UNIT: u64 = 8 * 1024;

fn side_cost(table: &TableDescription, share: f64) -> String {
    format!(
        "{} ({})",
        table.name,
        size_cost(table.item_count, table.size_bytes, share)
    )
}

/// Items, bytes and the read units a Scan of them costs.
fn size_cost(items: Option<u64>, size: Option<u64>, share: f64) -> String {
    let size = (size.unwrap_or(0) as f64 * share).ceil() as u64;
    format!(
        "{}, {}, about {} read units",
        items.map_or_else(
            || "items unknown".to_owned(),
            |count| counted(count, "item", "items")
        ),
        bytes(size),
        size.div_ceil(BYTES_PER_READ_UNIT)
    )
}

/// What reading a scoped side costs: a Query reads only its partition, whose size nothing
/// describes; a Scan reads its whole table or index, whatever the filter and entity keep.
fn scope_cost(table: &TableDescription, scope: &SideScope, share: f64) -> String {
    let read = match &scope.scope.read {
        ScopeRead::Query(_) => format!(
            "only that partition is read, about 1 read unit per 8 KB of it (the table: {})",
            size_cost(table.item_count, table.size_bytes, 1.0)
        ),
        ScopeRead::Scan(request) => {
            let index = request.index.as_deref().and_then(|name| table.index(name));
            let (items, size) = index.map_or((table.item_count, table.size_bytes), |index| {
                (index.item_count, index.size_bytes)
            });
            format!(
                "{}; a Scan reads all of them, a filter or entity narrows only what is compared",
                size_cost(items, size, share)
            )
        }
    };
    format!("{} {}: {read}", table.name, scope.describe(table))
}

/// The reads' cost, from DescribeTable's figures (which DynamoDB updates about every six hours);
/// `share` is what a sample's segments read of each side (1 for everything).
#[must_use]
pub fn estimate(
    (source, source_scope): (&TableDescription, &SideScope),
    (target, target_scope): (&TableDescription, &SideScope),
    share: f64,
) -> String {
    let what = if share < 1.0 {
        format!("about {}% of the items", (share * 1000.0).round() / 10.0)
    } else {
        "every item".to_owned()
    };
    let figures = "as described (figures DynamoDB updates about every six hours)";
    if source_scope.words.is_none() && target_scope.words.is_none() {
        return format!(
            "ddbx: diff reads {what} of {} and of {}, {figures}",
            side_cost(source, share),
            side_cost(target, share)
        );
    }
    format!(
        "ddbx: diff reads {what} of each side's scope, {figures}:\n  source {}\n  target {}",
        scope_cost(source, source_scope, share),
        scope_cost(target, target_scope, share)
    )
}

/// What was read, how fast, how much of it was in scope, and what it consumed against the cap.
#[must_use]
pub fn read_line(
    (source, target): (&SideTotals, &SideTotals),
    elapsed: Duration,
    cap: Option<f64>,
) -> String {
    let seconds = elapsed.as_secs_f64().max(0.001);
    let mut line = format!(
        "ddbx: read {} + {} items in {seconds:.1} s ({:.0} items/s)",
        source.read,
        target.read,
        (source.read + target.read) as f64 / seconds
    );
    if source.in_scope < source.read || target.in_scope < target.read {
        let _ = write!(
            line,
            ", {} + {} of them of the scope's entity",
            source.in_scope, target.in_scope
        );
    }
    let units = match (source.units, target.units) {
        (None, None) => None,
        (one, other) => Some(one.unwrap_or(0.0) + other.unwrap_or(0.0)),
    };
    match units {
        Some(units) => {
            let _ = write!(
                line,
                "; consumed {units:.1} read units, {:.1} a second",
                units / seconds
            );
        }
        None => line.push_str("; the servers reported no consumed capacity"),
    }
    if let Some(cap) = cap {
        let _ = write!(line, " (cap {cap:.0} a second)");
    }
    line
}

/// Prints `report` (text, or JSON with `-o json`); `Ok` when the two sides are equal.
pub fn conclude(
    report: &DiffReport,
    (source, target): (&str, &str),
    global: &GlobalOptions,
) -> Result<(), CliError> {
    let text = match global.output {
        Some(OutputFormat::Json | OutputFormat::Ddb) => format!("{}\n", report.to_json()),
        _ => report_text(report, source, target),
    };
    crate::cli::print_escaped(&text);
    if report.is_equal() {
        return Ok(());
    }
    let totals = report.totals();
    Err(CliError::Failed(format!(
        "the two sides differ: {} only in the source, {} only in the target, {} different",
        totals.only_source, totals.only_target, totals.different
    )))
}
