//! What a run prints on stdout: the dry-run report before anything is sent, and the summary
//! after. Both are one JSON document, escaped for the terminal.

use serde_json::{Value, json};

use super::execute::Tally;
use super::resume::Done;
use crate::domain::ddb_json::to_json;
use crate::domain::edit::request_preview;
use crate::domain::edit::typed_json;
use crate::write::run_plan::{Refusal, RunPlan};

/// How many requests the dry run shows exactly as they will be sent.
const FIRST_REQUESTS: usize = 3;
/// How many refusals (and conflicts, failures) are listed in full.
const LISTED: usize = 100;

fn refusals(refused: &[Refusal]) -> Value {
    json!({
        "count": refused.len(),
        "items": refused.iter().take(LISTED)
            .map(|refusal| json!({"at": refusal.at, "reason": refusal.reason}))
            .collect::<Vec<_>>(),
    })
}

/// Each item the run writes (the first [`LISTED`]) with its changes, old → new in DynamoDB
/// JSON, as the single-item preview shows them.
fn item_changes(plan: &RunPlan) -> Value {
    let items: Vec<Value> = plan
        .writes
        .iter()
        .take(LISTED)
        .map(|write| {
            let changes: Vec<Value> = write
                .write
                .planned
                .diff
                .changes
                .iter()
                .map(|change| {
                    json!({
                        "path": change.path,
                        "old": change.old.as_ref().map(to_json),
                        "new": change.new.as_ref().map(to_json),
                    })
                })
                .collect();
            json!({
                "key": typed_json(&write.write.key),
                "operation": write.operation(),
                "changes": changes,
            })
        })
        .collect();
    json!({"count": plan.writes.len(), "items": items})
}

/// What the run would send, sending nothing.
#[must_use]
pub fn dry_run_report(table: &str, plan_text: &str, read: u64, plan: &RunPlan) -> Value {
    let first: Vec<Value> = plan
        .writes
        .iter()
        .take(FIRST_REQUESTS)
        .map(|write| {
            let planned = &write.write.planned;
            json!({
                "summary": planned.summary,
                "request": request_preview(&planned.plan).lines().collect::<Vec<_>>(),
            })
        })
        .collect();
    let units: u64 = plan
        .writes
        .iter()
        .map(crate::write::run_plan::PlannedItem::write_units)
        .sum();
    json!({
        "dry_run": true,
        "table": table,
        "plan": plan_text,
        "items": read,
        "writes": plan.writes.len(),
        "by_operation": plan.by_operation(),
        "by_entity": plan.by_entity(),
        "unchanged": plan.unchanged,
        "estimated_write_capacity_units": units,
        "first_requests": first,
        "item_changes": item_changes(plan),
        "derived_keys": plan.derived.to_json(),
        "refused": refusals(&plan.refused),
        "sent": 0,
    })
}

/// Everything the summary says.
pub struct Summary<'a> {
    pub batch: &'a str,
    pub table: &'a str,
    pub plan_text: &'a str,
    pub read: u64,
    pub plan: &'a RunPlan,
    pub tally: &'a Tally,
    pub done: Option<&'a Done>,
    pub seconds: f64,
}

impl Summary<'_> {
    #[must_use]
    pub fn to_json(&self) -> Value {
        let tally = self.tally;
        let mut conflicts: Vec<Value> = tally.conflicts.clone();
        let mut earlier = json!(null);
        if let Some(done) = self.done {
            conflicts.extend(done.conflicts.values().cloned());
            earlier = json!({
                "written": done.written.len(),
                "conflicted": done.conflicts.len(),
                "unconfirmed_found_written": done.settled[0],
                "unconfirmed_found_unwritten": done.settled[1],
                "unconfirmed_found_changed": done.settled[2],
            });
        }
        let attempted = tally.written + tally.conflicts.len() as u64 + tally.failures.len() as u64;
        json!({
            "batch": self.batch,
            "table": self.table,
            "plan": self.plan_text,
            "items": self.read,
            "written": tally.written + self.done.map_or(0, |done| done.written.len() as u64),
            "written_now": tally.written,
            "conflicted": conflicts.len(),
            "failed": tally.failures.len(),
            "unconfirmed": tally.unknown,
            "unchanged": self.plan.unchanged,
            "derived_keys": self.plan.derived.to_json(),
            "refused": refusals(&self.plan.refused),
            "conflicts": conflicts.into_iter().take(LISTED).collect::<Vec<_>>(),
            "failures": tally.failures.iter().take(LISTED).cloned().collect::<Vec<_>>(),
            "throttled_retries": tally.throttled_retries,
            "resumed": earlier,
            "seconds": (self.seconds * 1000.0).round() / 1000.0,
            "writes_per_second": if self.seconds > 0.0 { (attempted as f64 / self.seconds).round() } else { 0.0 },
        })
    }
}
