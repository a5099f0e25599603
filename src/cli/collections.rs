//! `ddbx collections`: the explorer's home screen, headless. The same discovery the TUI runs (a
//! paginated, optionally parallel Scan fed into `domain::collection::Collections`) prints the
//! collection tree: PK prefix groups (and, under a constant first segment such as `$taskapp`, the
//! groups of the next level) with partition and item counts, their entity mix, what each holds,
//! and the first partitions of each group, as JSON lines or a table.

use std::io::{self, Write};
use std::sync::Arc;

use serde_json::{Value, json};

use super::args::{CollectionsArgs, OutputFormat};
use super::error::{CliError, ignore_closed_pipe};
use super::note::note;
use super::output::escape::escape_json_for_terminal;
use super::sample::{SampleRead, Sampled, sample_collections};
use super::segments::{ScanTotals, read_segments};
use crate::backend::Backend;
use crate::domain::collection::{Collections, GroupId, GroupSummary, LEVEL_SEPARATOR};
use crate::domain::collection_tree::{CollectionNode, Composition};
use crate::domain::discovery_scan::discovery_scan;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::figures::count;
use crate::domain::figures::counted;
use crate::domain::grammar_census::text::shares_text;
use crate::domain::model_fit::model_misfits;
use crate::domain::partition_key::PartitionKey;
use crate::domain::sample::collections::{NodeEstimate, SampleEstimator};
use crate::domain::sample::estimate::{Estimate, table_items};
use crate::domain::sample::plan::{SampleBudget, SamplePlan};
use crate::domain::schema::TableDescription;

/// Scans `table_name` and prints its item collections.
pub async fn collections(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &CollectionsArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    if let Some(segments) = args.sample_segments {
        return sampled(backend, &table, args, format, entities, segments).await;
    }
    let segments = args.segments.unwrap_or(1).max(1);
    let (found, totals) = discover(&backend, &table, segments, entities).await?;
    let mut out = io::stdout().lock();
    let written =
        print(&mut out, &found, args.partitions.count(), format, None).and_then(|()| out.flush());
    ignore_closed_pipe(written)?;
    note(&format!(
        "collections: {} in {} under {}; {}, {:.1} RCU",
        counted(found.item_count(), "item", "items"),
        counted(found.partition_count(), "partition", "partitions"),
        counted(found.group_count() as u64, "prefix", "prefixes"),
        counted(totals.pages, "page", "pages"),
        totals.capacity,
    ));
    describe_decoding(&found, &table);
    Ok(())
}

/// The discovery scan of `table` (keys and markers only) in `segments` parallel segments, grouped.
pub async fn discover(
    backend: &Arc<dyn Backend>,
    table: &TableDescription,
    segments: u32,
    entities: EntityDecoder,
) -> Result<(Collections, ScanTotals), CliError> {
    let mut found = Collections::new(table.key.clone(), entities);
    let requests = (0..segments)
        .map(|segment| discovery_scan(table, segment, segments, None))
        .collect();
    let totals = read_segments(backend, requests, None, |page| found.add_page(&page.items)).await?;
    Ok((found, totals))
}

/// What the overview says about decoding: the grammars' shares and, with a model, the entities
/// that matched no item (a model that does not fit the table is reported, not silently unused).
pub(super) fn describe_decoding(found: &Collections, table: &TableDescription) {
    note(&format!(
        "grammars: {}",
        shares_text(found.grammar_census())
    ));
    let Some(model) = found.model() else { return };
    note(&format!(
        "model: {}: {}, {}",
        model.origin.as_deref().unwrap_or("loaded"),
        counted(model.entities.len() as u64, "entity", "entities"),
        counted(
            model.access_patterns.len() as u64,
            "access pattern",
            "access patterns"
        )
    ));
    for misfit in model_misfits(model, table, Some(found.grammar_census())) {
        note(&format!("model: {}", escape_for_terminal(&misfit)));
    }
}

fn key_text(key: PartitionKey<'_>) -> String {
    crate::domain::key_value::key_text(&key.to_attr_value())
}

/// Prints the tree; with an `estimator` (a sample) every node carries its estimates too.
pub(super) fn print(
    out: &mut impl Write,
    found: &Collections,
    partitions: usize,
    format: OutputFormat,
    estimator: Option<&SampleEstimator>,
) -> io::Result<()> {
    let summaries: Vec<GroupSummary<'_>> = found.groups().collect();
    let summary = |id: Option<GroupId>| id.and_then(|id| summaries.iter().find(|g| g.id == id));
    for node in found.tree() {
        let own = summary(node.group);
        let row = Row {
            path: node.name.into_iter().collect(),
            node: &node,
            composition: own
                .filter(|_| node.children.is_empty())
                .map(GroupSummary::composition),
            listed: listed(found, node.group, partitions),
            estimate: estimator.map(|estimator| estimator.node(&node)),
        };
        print_row(out, &row, format)?;
        for child in &node.children {
            let row = Row {
                path: node.name.into_iter().chain(child.name).collect(),
                node: child,
                composition: summary(child.group).map(GroupSummary::composition),
                listed: listed(found, child.group, partitions),
                estimate: estimator.map(|estimator| estimator.node(child)),
            };
            print_row(out, &row, format)?;
        }
    }
    Ok(())
}

/// One printed line of the tree: a top level (with its children after it) or a child.
struct Row<'a> {
    path: Vec<&'a str>,
    node: &'a CollectionNode<'a>,
    /// What the group holds; `None` for a level that only nests others.
    composition: Option<Composition<'a>>,
    listed: Listed,
    /// What the node is estimated to hold in the whole table, when the tree is a sample's.
    estimate: Option<NodeEstimate>,
}

/// The first partitions of a group, and how many more it has.
#[derive(Default)]
struct Listed {
    first: Vec<(String, u64)>,
    more: u64,
}

fn listed(found: &Collections, group: Option<GroupId>, partitions: usize) -> Listed {
    group.map_or_else(Listed::default, |id| {
        let first: Vec<(String, u64)> = found
            .partitions(id)
            .take(partitions)
            .map(|(key, items)| (key_text(key), items))
            .collect();
        let total = found.partitions(id).count();
        Listed {
            more: (total - first.len()) as u64,
            first,
        }
    })
}

fn print_row(out: &mut impl Write, row: &Row<'_>, format: OutputFormat) -> io::Result<()> {
    match format {
        OutputFormat::Table => print_table_row(out, row),
        OutputFormat::Json | OutputFormat::Ddb => {
            let node = row.node;
            let entities: Vec<_> = node
                .entities
                .iter()
                .map(|(name, items)| json!({ "entity": name, "items": items }))
                .collect();
            let listed: Vec<_> = row
                .listed
                .first
                .iter()
                .map(|(pk, items)| json!({ "pk": pk, "items": items }))
                .collect();
            let prefix = (!row.path.is_empty()).then(|| row.path.join(LEVEL_SEPARATOR));
            let mut line = json!({
                "prefix": prefix,
                "level": row.path.len().max(1),
                "path": row.path,
                "partitions": node.partition_count,
                "items": node.item_count,
                "entities": entities,
                "first_partitions": listed,
            });
            if node.group.is_some() {
                line["more_partitions"] = json!(row.listed.more);
            }
            if let Some(composition) = &row.composition {
                line["holds"] = json!(composition.name());
                line["mix"] = json!(matches!(composition, Composition::Mix(_)));
            }
            if !node.children.is_empty() {
                line["collections"] = json!(node.children.len());
            }
            if let Some(estimate) = &row.estimate {
                add_estimate_json(&mut line, estimate, node);
            }
            writeln!(out, "{}", escape_json_for_terminal(line.to_string()))
        }
    }
}

fn print_table_row(out: &mut impl Write, row: &Row<'_>) -> io::Result<()> {
    let node = row.node;
    if let Some(estimate) = &row.estimate {
        print_estimate_row(out, row.path.len(), node, estimate)?;
        return print_listed(out, row);
    }
    let indent = "  ".repeat(row.path.len().saturating_sub(1));
    let entities: Vec<String> = node
        .entities
        .iter()
        .map(|(name, items)| {
            format!(
                "{} {}",
                escape_for_terminal(name.unwrap_or("(unknown)")),
                count(*items)
            )
        })
        .collect();
    let name = format!(
        "{indent}{}",
        escape_for_terminal(node.name.unwrap_or("(no prefix)"))
    );
    writeln!(
        out,
        "{name:<20} {:>17} {:>17}  {}",
        counted(node.partition_count, "partition", "partitions"),
        counted(node.item_count, "item", "items"),
        entities.join(", ")
    )?;
    print_listed(out, row)
}

/// The first partitions of a row's group under it, and how many more there are.
fn print_listed(out: &mut impl Write, row: &Row<'_>) -> io::Result<()> {
    let indent = "  ".repeat(row.path.len().saturating_sub(1));
    for (pk, items) in &row.listed.first {
        writeln!(
            out,
            "{indent}  {:<40} {:>8}",
            escape_for_terminal(pk),
            count(*items)
        )?;
    }
    if row.listed.more > 0 {
        writeln!(
            out,
            "{indent}  … {} (--partitions all lists them)",
            counted(row.listed.more, "more partition", "more partitions")
        )?;
    }
    Ok(())
}

/// Samples `table` as `args` budget it and prints the estimated tree.
async fn sampled(
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
    let Sampled { found, pages, read } =
        sample_collections(&backend, table, &mut plan, entities).await?;
    let size = table_items(
        table.item_count,
        found.item_count(),
        plan.answered,
        plan.exhausted,
        plan.total_segments,
    );
    let estimator = SampleEstimator::new(&found, &pages, size);
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
    describe_decoding(&found, table);
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
