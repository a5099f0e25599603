//! The model's access patterns: which index serves each by a key condition, and which name an
//! index the table does not have (so they could only run as a scan).

use super::finding::{Finding, Rule, Severity};
use crate::domain::access_pattern::AccessPattern;
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
