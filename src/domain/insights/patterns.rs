//! The model's access patterns: which index serves each by a key condition, and which name an
//! index the table does not have (so they could only run as a scan).

use super::finding::{Finding, Rule, Severity};
use std::collections::BTreeMap;

use crate::domain::access_pattern::AccessPattern;
use crate::domain::figures::counted;
use crate::domain::request::QueryRequest;
use crate::domain::schema::TableDescription;

/// One line per pattern saying what serves it, and a finding when some cannot be served.
pub fn review(
    table: &TableDescription,
    patterns: &[AccessPattern],
) -> (Vec<String>, Option<Finding>) {
    let mut evidence = Vec::new();
    let mut unserved = 0_usize;
    for pattern in patterns {
        let line = match &pattern.index {
            None => format!("{}: key condition on the table", pattern.name),
            Some(index) if table.index(index).is_some() => {
                format!("{}: key condition on {index}", pattern.name)
            }
            Some(index) => {
                unserved += 1;
                format!(
                    "{}: names {index}, which the table does not have: it would need a scan",
                    pattern.name
                )
            }
        };
        evidence.push(line);
    }
    if unserved == 0 {
        return (evidence, None);
    }
    let finding = Finding::new(
        Rule::AccessPatterns,
        Severity::Warning,
        format!(
            "{unserved} of {} access pattern{} cannot be served by a key condition",
            patterns.len(),
            if patterns.len() == 1 { "" } else { "s" }
        ),
    )
    .with_evidence(
        evidence
            .iter()
            .filter(|line| line.contains("would need a scan"))
            .cloned(),
    );
    (evidence, Some(finding))
}

/// The queries run before (the terminal UI's history): how many ran on the table and on each
/// index, how many filtered after the key condition, and a finding for those on an index the
/// table no longer has (they would fail, or need a scan).
pub fn review_history(
    table: &TableDescription,
    history: &[QueryRequest],
) -> (Vec<String>, Option<Finding>) {
    if history.is_empty() {
        return (Vec::new(), None);
    }
    // target → (queries, queries with a filter)
    let mut by_target: BTreeMap<Option<&str>, (u64, u64)> = BTreeMap::new();
    for request in history {
        let counts = by_target.entry(request.index.as_deref()).or_default();
        counts.0 += 1;
        counts.1 += u64::from(request.filter.is_some());
    }
    let mut lines = Vec::new();
    let mut missing = Vec::new();
    for (target, (queries, filtered)) in &by_target {
        let name = target.unwrap_or("the table");
        let served = target.is_none_or(|index| table.index(index).is_some());
        let filters = if *filtered > 0 {
            format!(" ({filtered} with a filter)")
        } else {
            String::new()
        };
        if served {
            lines.push(format!(
                "query history: {} on {name}, by key condition{filters}",
                counted(*queries, "query", "queries")
            ));
        } else {
            missing.push(format!(
                "query history: {} on {name}, which the table no longer has",
                counted(*queries, "query", "queries")
            ));
        }
    }
    let finding = (!missing.is_empty()).then(|| {
        Finding::new(
            Rule::AccessPatterns,
            Severity::Warning,
            format!(
                "the query history names {} the table does not have",
                counted(missing.len() as u64, "index", "indexes")
            ),
        )
        .with_evidence(missing.clone())
    });
    lines.extend(missing);
    (lines, finding)
}
