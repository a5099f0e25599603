//! The capacity report as text for people (`-o table`), and the sentences the JSON shares.

use std::fmt::Write as _;

use super::super::args::capacity::CapacityArgs;
use crate::domain::capacity::prices::Prices;
use crate::domain::capacity::report::{CapacityReport, PatternFigures};
use crate::domain::capacity::writes::EntityWrites;

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
        lines.push(format!(
            "{}: {} Query call(s) on {} ({} page(s)), KeyConditionExpression {}, \
             ReturnConsumedCapacity INDEXES",
            pattern.name,
            pattern.calls.len(),
            pattern.index.as_deref().unwrap_or("the table"),
            pages,
            pattern.key_condition
        ));
    }
    lines
}

pub fn report_text(report: &CapacityReport, args: &CapacityArgs, prices: &Prices) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "Read units per call (the costliest call sampled):");
    for pattern in &report.patterns {
        let _ = writeln!(text, "  {}", pattern_line(pattern));
        if let (Some(rate), Some(plan)) = (
            args.reads_per_second,
            args.reads_per_second
                .and_then(|rate| pattern.monthly(rate, prices)),
        ) {
            let _ = writeln!(
                text,
                "    at {rate}/s: {} RRU/s, ${}/month on demand; {} RCU provisioned, ${}/month",
                plan.units_per_second,
                plan.on_demand.rounded(2),
                plan.provisioned_units,
                plan.provisioned.rounded(2)
            );
        }
    }
    let _ = writeln!(
        text,
        "Write units per write (the median item read; the costliest):"
    );
    for writes in &report.writes {
        let _ = writeln!(text, "  {}", writes_line(writes));
        if let (Some(rate), Some(plan)) = (
            args.writes_per_second,
            args.writes_per_second
                .and_then(|rate| writes.monthly(rate, prices)),
        ) {
            let _ = writeln!(
                text,
                "    at {rate}/s: {} WRU/s, ${}/month on demand; {} WCU provisioned, ${}/month",
                plan.units_per_second,
                plan.on_demand.rounded(2),
                plan.provisioned_units,
                plan.provisioned.rounded(2)
            );
        }
    }
    let _ = writeln!(text, "Requests relied on:");
    for line in requests_relied_on(report, args) {
        let _ = writeln!(text, "  {line}");
    }
    let _ = writeln!(text, "Prices: {}", prices.source());
    let _ = writeln!(text, "Note: {SAMPLE_NOTE}");
    text
}

/// `Orders of a user: 1.5 RCU eventual, 3 strong (3.5 measured), 12 items, 9,812 B, 5 calls`.
#[must_use]
pub fn pattern_line(pattern: &PatternFigures) -> String {
    let Some(call) = pattern.costliest() else {
        return format!(
            "{}: not measured ({})",
            pattern.name,
            pattern.skipped.as_deref().unwrap_or("no call")
        );
    };
    let units = call.computed();
    let strong = if pattern.strong_allowed {
        format!("{} strong", units.strong)
    } else {
        "no strong reads on a global index".to_owned()
    };
    let measured = call.measured().map_or_else(
        || "not reported".to_owned(),
        |units| format!("{units} reported"),
    );
    format!(
        "{}: {} RCU eventual, {strong} ({measured}), {} items, {} B, of {} call(s){}",
        pattern.name,
        units.eventual,
        call.items(),
        call.bytes(),
        pattern.calls.len(),
        if pattern.filtered() {
            "; its filter dropped items it read, which are charged but not counted here"
        } else {
            ""
        }
    )
}

/// `ORDER: 2 WCU (table 1, GSI1 1), 4 in a transaction; costliest 3, of 120 items`.
#[must_use]
pub fn writes_line(writes: &EntityWrites) -> String {
    let median = &writes.median;
    let mut parts = vec![format!("table {}", median.table)];
    parts.extend(
        median
            .indexes
            .iter()
            .map(|index| format!("{} {}", index.index, index.units)),
    );
    format!(
        "{}: {} WCU ({}), {} in a transaction; costliest {}, of {} items",
        writes.entity,
        median.total(),
        parts.join(", "),
        median.transactional(),
        writes.costliest.total(),
        writes.items
    )
}
