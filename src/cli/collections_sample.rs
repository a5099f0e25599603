//! `ddbx collections --sample-segments N`: the collection tree of a sample, every count an
//! estimate for the whole table with its 95% margin, labelled "sampled" in both formats.

use std::io::{self, Write};
use std::sync::Arc;

use serde_json::{Value, json};

use super::args::{CollectionsArgs, OutputFormat};
use super::collections::{describe_decoding, print};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::sample::{SampleRead, sample_collections};
use crate::backend::Backend;
use crate::domain::collection::Collections;
use crate::domain::collection_tree::CollectionNode;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::figures::{count, counted};
use crate::domain::sample::collections::{NodeEstimate, SampleEstimator};
use crate::domain::sample::estimate::{Estimate, table_items};
use crate::domain::sample::plan::{SampleBudget, SamplePlan};
use crate::domain::schema::TableDescription;

/// Samples `table` as `args` budget it and prints the estimated tree.
pub(super) async fn sampled(
    backend: Arc<dyn Backend>,
    table: &TableDescription,
    args: &CollectionsArgs,
    format: OutputFormat,
    entities: EntityDecoder,
    segments: u32,
) -> Result<(), CliError> {
    let budget = SampleBudget {
        pages: args.budget_pages.unwrap_or(u64::from(segments)),
        read_units: args.budget_rcu,
        seconds: args.budget_seconds,
    };
    let mut plan = SamplePlan::new(segments, budget);
    note(&format!(
        "collections: sampling {}; counts are estimates",
        plan.budget_text()
    ));
    let (found, read) = sample_collections(&backend, table, &mut plan, entities).await?;
    let size = table_items(
        table.item_count,
        found.item_count(),
        plan.answered,
        plan.exhausted,
        plan.total_segments,
    );
    let estimator = SampleEstimator::new(&found, size);
    let mut out = io::stdout().lock();
    let written = print(
        &mut out,
        &found,
        args.partitions.count(),
        format,
        Some(&estimator),
    )
    .and_then(|()| out.flush());
    ignore_closed_pipe(written)?;
    note(&summary(&found, &plan, &read, &estimator, table.item_count));
    describe_decoding(&found);
    Ok(())
}

fn summary(
    found: &Collections,
    plan: &SamplePlan,
    read: &SampleRead,
    estimator: &SampleEstimator,
    reported: Option<u64>,
) -> String {
    let whole_segments = plan.answered > 0 && plan.exhausted == plan.answered;
    let size = match estimator.table_items() {
        Some(items) if whole_segments => format!(
            "{:.2}% of about {} items (the segments read were read whole)",
            estimator.fraction() * 100.0,
            count(items.round() as u64)
        ),
        Some(items) => format!(
            "{:.2}% of about {} items (DescribeTable reports {})",
            estimator.fraction() * 100.0,
            count(items.round() as u64),
            count(reported.unwrap_or(0))
        ),
        None => "the table's size is unknown, so only shares are estimated".to_owned(),
    };
    let abandoned = if read.abandoned > 0 {
        format!(
            "; {} in flight abandoned",
            counted(read.abandoned, "page", "pages")
        )
    } else {
        String::new()
    };
    format!(
        "collections: sampled {} of {} segments in {:.1} s ({}): {} in {} read, {size}; {}, {:.1} RCU{abandoned}; margins are 95% intervals",
        count(plan.answered),
        count(u64::from(plan.total_segments)),
        read.elapsed.as_secs_f64(),
        read.stop.text(),
        counted(found.item_count(), "item", "items"),
        counted(found.partition_count(), "partition", "partitions"),
        counted(plan.answered, "page", "pages"),
        plan.read_units,
    )
}

/// A finite figure as JSON, `null` for a margin the sample cannot bound.
fn figure(value: f64, digits: i32) -> Value {
    if value.is_finite() && digits == 0 {
        json!(value.round() as u64)
    } else if value.is_finite() {
        let scale = 10_f64.powi(digits);
        json!((value * scale).round() / scale)
    } else {
        Value::Null
    }
}

fn estimate_json(estimate: Option<Estimate>, digits: i32) -> (Value, Value) {
    estimate.map_or((Value::Null, Value::Null), |estimate| {
        (
            figure(estimate.value, digits),
            figure(estimate.margin, digits),
        )
    })
}

/// Adds a sampled node's estimates to its JSON line: `"sampled": true` and an `estimate`
/// object; each entity gains its estimated items and margin.
pub(super) fn add_estimate_json(line: &mut Value, estimate: &NodeEstimate, node: &CollectionNode) {
    let (items, items_margin) = estimate_json(estimate.items, 0);
    let (partitions, partitions_margin) = estimate_json(estimate.partitions, 0);
    line["sampled"] = json!(true);
    line["estimate"] = json!({
        "share": figure(estimate.share.value, 4),
        "share_margin": figure(estimate.share.margin, 4),
        "items": items,
        "items_margin": items_margin,
        "partitions": partitions,
        "partitions_margin": partitions_margin,
    });
    let entities: Vec<Value> = node
        .entities
        .iter()
        .map(|(name, sampled)| {
            let (items, margin) = estimate_json(estimate.entity(*sampled, node.item_count), 0);
            json!({
                "entity": name,
                "items": sampled,
                "estimated_items": items,
                "margin": margin,
            })
        })
        .collect();
    line["entities"] = json!(entities);
}

/// `~1,200 ±40`, or `?` for a figure the sample cannot give.
fn about(estimate: Option<Estimate>) -> String {
    match estimate {
        Some(estimate) if estimate.margin.is_finite() => format!(
            "~{} ±{}",
            count(estimate.value.round() as u64),
            count(estimate.margin.round() as u64)
        ),
        Some(estimate) => format!("~{} ±?", count(estimate.value.round() as u64)),
        None => "?".to_owned(),
    }
}

fn share_text(share: Estimate) -> String {
    if share.margin.is_finite() {
        format!("{:.1}% ±{:.1}%", share.value * 100.0, share.margin * 100.0)
    } else {
        format!("{:.1}% ±?", share.value * 100.0)
    }
}

/// A sampled row of the table format: estimated partitions, items and share, then the entity
/// mix as estimates, and the word "sampled".
pub(super) fn print_estimate_row(
    out: &mut impl Write,
    depth: usize,
    node: &CollectionNode,
    estimate: &NodeEstimate,
) -> io::Result<()> {
    let indent = "  ".repeat(depth.saturating_sub(1));
    let name = format!(
        "{indent}{}",
        escape_for_terminal(node.name.unwrap_or("(no prefix)"))
    );
    let entities: Vec<String> = node
        .entities
        .iter()
        .map(|(entity, sampled)| {
            format!(
                "{} {}",
                escape_for_terminal(entity.unwrap_or("(unknown)")),
                about(estimate.entity(*sampled, node.item_count))
            )
        })
        .collect();
    writeln!(
        out,
        "{name:<20} {:>22} partitions {:>22} items {:>14}  sampled ({} read)  {}",
        about(estimate.partitions),
        about(estimate.items),
        share_text(estimate.share),
        count(node.item_count),
        entities.join(", ")
    )
}
