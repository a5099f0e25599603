//! One line per pattern and per entity, and the month at a rate, as people read them: the
//! command line's text report and the terminal UI's capacity screen print the same lines.

use super::decimal::Exact;
use super::plan::{Direction, MonthlyPlan};
use super::report::PatternFigures;
use super::writes::EntityWrites;
use crate::domain::figures::counted;

/// `at 100/s: 150 RRU/s · on demand $49.28/month · provisioned 150 RCU $14.24/month`
/// (dollars rounded to the cent; the JSON report has every digit).
#[must_use]
pub fn month_line(rate: Exact, plan: &MonthlyPlan, direction: Direction) -> String {
    let (request, capacity) = match direction {
        Direction::Read => ("RRU", "RCU"),
        Direction::Write => ("WRU", "WCU"),
    };
    format!(
        "at {rate}/s: {} {request}/s · on demand ${}/month · provisioned {} {capacity} ${}/month",
        plan.units_per_second,
        plan.on_demand.rounded(2),
        plan.provisioned_units,
        plan.provisioned.rounded(2)
    )
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
        "{}: {} RCU eventual, {strong} ({measured}), {}, {} B, of {}{}",
        pattern.name,
        units.eventual,
        counted(call.items(), "item", "items"),
        call.bytes(),
        counted(pattern.calls.len() as u64, "call", "calls"),
        if pattern.sized_again() {
            "; sized from the items its key condition read, before its filter or projection"
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
        "{}: {} WCU ({}), {} in a transaction; costliest {}, of {}",
        writes.entity,
        median.total(),
        parts.join(", "),
        median.transactional(),
        writes.costliest.total(),
        counted(writes.items, "item", "items")
    )
}

/// The heading of [`pattern_columns`].
pub const PATTERN_COLUMNS: &str =
    "RCU eventual  strong  reported  items/call  bytes/call  pattern (calls)";

/// A pattern's figures in columns, its name last, so the figures stay on narrow screens.
#[must_use]
pub fn pattern_columns(pattern: &PatternFigures) -> String {
    let Some(call) = pattern.costliest() else {
        return format!(
            "{:>12}  {:>6}  {:>8}  {:>10}  {:>10}  {}: {}",
            "-",
            "-",
            "-",
            "-",
            "-",
            pattern.name,
            pattern.skipped.as_deref().unwrap_or("no call")
        );
    };
    let units = call.computed();
    let strong = if pattern.strong_allowed {
        units.strong.to_string()
    } else {
        "GSI".to_owned()
    };
    let measured = call
        .measured()
        .map_or_else(|| "-".to_owned(), |units| units.to_string());
    format!(
        "{:>12}  {strong:>6}  {measured:>8}  {:>10}  {:>10}  {} ({})",
        units.eventual.to_string(),
        call.items(),
        call.bytes(),
        pattern.name,
        pattern.calls.len()
    )
}

/// The heading of [`writes_columns`].
pub const WRITES_COLUMNS: &str =
    "WCU   transactional  costliest  item bytes  entity (items): index writes";

/// An entity's median write in columns, its name and index writes last.
#[must_use]
pub fn writes_columns(writes: &EntityWrites) -> String {
    let median = &writes.median;
    let indexes: Vec<String> = median
        .indexes
        .iter()
        .map(|index| format!("{} {}", index.index, index.units))
        .collect();
    format!(
        "{:>3}  {:>13}  {:>9}  {:>10}  {} ({}){}",
        median.total(),
        median.transactional(),
        writes.costliest.total(),
        median.bytes,
        writes.entity,
        writes.items,
        if indexes.is_empty() {
            String::new()
        } else {
            format!(": {}", indexes.join(", "))
        }
    )
}
