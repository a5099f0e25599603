//! The capacity report as text for people (`-o table`), and the sentences the JSON shares.

use std::fmt::Write as _;

use super::super::args::capacity::CapacityArgs;
use crate::domain::capacity::lines::{month_line, pattern_line, writes_line};
use crate::domain::capacity::plan::Direction;
use crate::domain::capacity::prices::Prices;
use crate::domain::capacity::report::CapacityReport;

/// Said with every report: the figures are those of the calls run.
pub const SAMPLE_NOTE: &str = "a sample is a sample: the figures are those of the calls run on \
the items read, and other partitions may read more or less";

/// The requests the figures rest on, one sentence each.
pub fn requests_relied_on(report: &CapacityReport, args: &CapacityArgs) -> Vec<String> {
    let mut lines = vec![format!(
        "Scan of {}, up to {} page(s), eventually consistent: {} items, {} RCU reported",
        report.table, args.sample_pages, report.sampled_items, report.sample_consumed
    )];
    for pattern in &report.patterns {
        if pattern.calls.is_empty() {
            continue;
        }
        let pages: usize = pattern.calls.iter().map(|call| call.pages.len()).sum();
        let consistency = if pattern.calls.iter().any(|call| call.consistent) {
            "strongly"
        } else {
            "eventually"
        };
        lines.push(format!(
            "{}: {} Query call(s) on {} ({} page(s)), {consistency} consistent, \
             KeyConditionExpression {}, ReturnConsumedCapacity INDEXES",
            pattern.name,
            pattern.calls.len(),
            pattern.index.as_deref().unwrap_or("the table"),
            pages,
            pattern.key_condition
        ));
        if pattern.sized_again() {
            lines.push(format!(
                "{}: each call with a filter or projection read again without them, to size \
                 the items its key condition read",
                pattern.name
            ));
        }
    }
    lines
}

pub fn report_text(report: &CapacityReport, args: &CapacityArgs, prices: &Prices) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "Read units per call (the costliest call sampled):");
    for pattern in &report.patterns {
        let _ = writeln!(text, "  {}", pattern_line(pattern));
        if let Some(rate) = args.reads_per_second
            && let Some(plan) = pattern.monthly(rate, prices)
        {
            let _ = writeln!(text, "    {}", month_line(rate, &plan, Direction::Read));
        }
    }
    let _ = writeln!(
        text,
        "Write units per write (the median item read; the costliest):"
    );
    for writes in &report.writes {
        let _ = writeln!(text, "  {}", writes_line(writes));
        if let Some(rate) = args.writes_per_second
            && let Some(plan) = writes.monthly(rate, prices)
        {
            let _ = writeln!(text, "    {}", month_line(rate, &plan, Direction::Write));
        }
    }
    let _ = writeln!(text, "Requests relied on:");
    for line in requests_relied_on(report, args) {
        let _ = writeln!(text, "  {line}");
    }
    let _ = writeln!(text, "Prices: {} (--price-… takes yours)", prices.source());
    let _ = writeln!(text, "Note: {SAMPLE_NOTE}");
    text
}
