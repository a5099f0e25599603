//! The report of a comparison as people read it: the counts per entity, then the first
//! differences, marked `-` only in the source, `+` only in the target, `*` different, each
//! attribute with both values. What `ddbx diff` prints and what the terminal UI's diff screen
//! copies with `y`.

use std::fmt::Write as _;

use super::report::{DiffReport, EntityCounts, Finding};
use crate::domain::ddb_json::{item_to_json, to_json};
use crate::domain::figures::counted;

/// The heading and the counts per entity, with a line for all of them.
#[must_use]
pub fn counts_text(report: &DiffReport, source: &str, target: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "diff {source} → {target}");
    if let (true, Some([source_scope, target_scope])) = (report.is_scoped(), &report.scopes) {
        let _ = writeln!(
            out,
            "scope: {source} {source_scope} → {target} {target_scope}; items outside the scopes \
             were not compared"
        );
    }
    let _ = writeln!(
        out,
        "{:<24} {:>10} {:>15} {:>15} {:>10}",
        "entity", "equal", "only in source", "only in target", "different"
    );
    for (entity, counts) in &report.entities {
        counts_line(&mut out, entity, counts);
    }
    counts_line(&mut out, "all", &report.totals());
    for line in &report.notes {
        let _ = writeln!(out, "{line}");
    }
    out
}

#[must_use]
pub fn report_text(report: &DiffReport, source: &str, target: &str) -> String {
    let mut out = counts_text(report, source, target);
    if let Some(sample) = &report.sample {
        let _ = writeln!(out, "{}", sample.statement(report.totals().differences()));
        let _ = writeln!(out, "(sampled by {})", sample.describe());
    }
    if report.is_equal() && report.sample.is_some() {
        out.push_str("equal: every sampled item is on both sides with the same attributes\n");
        return out;
    }
    if report.is_equal() && report.is_scoped() {
        out.push_str("equal: every item in scope is on both sides with the same attributes\n");
        return out;
    }
    if report.is_equal() {
        out.push_str("equal: every item is on both sides with the same attributes\n");
        return out;
    }
    let total = report.totals().differences();
    let _ = writeln!(
        out,
        "\n{} (the first {}):",
        counted(total, "difference", "differences"),
        report.findings.len()
    );
    for (entity, finding) in &report.findings {
        out.push_str(&finding_text(entity, finding, false));
    }
    out
}

fn counts_line(out: &mut String, entity: &str, counts: &EntityCounts) {
    let _ = writeln!(
        out,
        "{entity:<24} {:>10} {:>15} {:>15} {:>10}",
        counts.equal, counts.only_source, counts.only_target, counts.different
    );
}

/// One difference: its mark, entity, key and what differs, then each differing attribute with
/// both values, and with `items` both whole items (for a difference found on its own).
#[must_use]
pub fn finding_text(entity: &str, finding: &Finding, items: bool) -> String {
    let mut out = String::new();
    let key = item_to_json(finding.key());
    let what = match finding {
        Finding::OnlySource { .. } => "only in the source",
        Finding::OnlyTarget { .. } => "only in the target",
        Finding::Different { .. } => "different",
    };
    let _ = writeln!(out, "{} {entity} {key} {what}", finding.mark());
    if let Finding::Different { attributes, .. } = finding {
        for diff in attributes {
            let side = |value: &Option<crate::domain::value::AttrValue>| {
                value.as_ref().map_or_else(
                    || "(missing)".to_owned(),
                    |value| to_json(value).to_string(),
                )
            };
            let _ = writeln!(
                out,
                "    {}: {} → {} ({})",
                diff.path,
                side(&diff.source),
                side(&diff.target),
                diff.kind()
            );
        }
    }
    if let (true, Finding::Different { source, target, .. }) = (items, finding) {
        let _ = writeln!(out, "    source item: {}", item_to_json(source));
        let _ = writeln!(out, "    target item: {}", item_to_json(target));
    }
    out
}
