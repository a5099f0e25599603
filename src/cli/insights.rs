//! `ddbx insights`: the table's single-table pitfalls, measured on its items. A full (or, with
//! `--sample-pages`, sampled) parallel Scan feeds `domain::insights`; the report prints as one
//! JSON document or, with `-o table`, as text for people. The queries the terminal UI ran on the
//! table (its query history) are reviewed too.

use std::io::{self, Write};
use std::sync::Arc;

use serde_json::{Value, json};

use super::args::{InsightsArgs, OutputFormat};
use super::error::{CliError, ignore_closed_pipe};
use super::note::{escape_lines, note};
use super::output::escape::escape_json_for_terminal;
use super::segments::read_segments;
use crate::backend::{Backend, ScanRequest};
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::{bytes, count, counted};
use crate::domain::insights::{Coverage, Finding, Histogram, InsightScan, Report};
use crate::domain::key_value::key_text;
use crate::domain::plain_json::item_to_plain_json;

/// Width of the histogram's bars in the text report.
const BAR_WIDTH: usize = 40;

/// Scans `table_name` and prints what its items show.
pub async fn insights(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &InsightsArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    let segments = args.segments.unwrap_or(1).max(1);
    let requests = (0..segments)
        .map(|segment| {
            let mut request = ScanRequest::new(table.name.clone());
            if segments > 1 {
                request.segment = Some((segment, segments));
            }
            request
        })
        .collect();
    let patterns = entities
        .model()
        .map(|model| model.access_patterns.clone())
        .unwrap_or_default();
    let table_items = table.item_count;
    let mut scan = InsightScan::new(table, entities);
    let totals = read_segments(&backend, requests, args.sample_pages, |page| {
        for item in &page.items {
            scan.add(item);
        }
    })
    .await?;
    let coverage = if args.sample_pages.is_some() && totals.more {
        Coverage::Sampled { table_items }
    } else {
        Coverage::Complete
    };
    let mut report = scan.report(coverage, &patterns);
    let on_endpoint = backend.connection().kind == "aws";
    let (history, warning) = crate::storage::query_history::of_table(on_endpoint, table_name);
    if let Some(warning) = warning {
        note(&warning);
    }
    let queries: Vec<_> = history
        .entries
        .into_iter()
        .map(|entry| entry.request)
        .collect();
    scan.add_query_history(&mut report, &queries);
    let mut out = io::stdout().lock();
    let written = match format {
        OutputFormat::Table => write!(out, "{}", escape_lines(&report_text(&report))),
        OutputFormat::Json | OutputFormat::Ddb => {
            writeln!(
                out,
                "{}",
                escape_json_for_terminal(report_json(&report).to_string())
            )
        }
    };
    ignore_closed_pipe(written.and_then(|()| out.flush()))?;
    note(&format!(
        "insights: {} read ({}), {}; {}, {:.1} RCU",
        counted(report.items, "item", "items"),
        coverage_text(report.coverage),
        counted(report.findings.len() as u64, "finding", "findings"),
        counted(totals.pages, "page", "pages"),
        totals.capacity,
    ));
    Ok(())
}

fn coverage_text(coverage: Coverage) -> String {
    match coverage {
        Coverage::Complete => "the whole table".to_owned(),
        Coverage::Sampled {
            table_items: Some(total),
        } => format!("sampled; the table holds about {} items", count(total)),
        Coverage::Sampled { table_items: None } => "sampled".to_owned(),
    }
}

fn report_json(report: &Report) -> Value {
    json!({
        "coverage": match report.coverage {
            Coverage::Complete => json!({"complete": true}),
            Coverage::Sampled { table_items } => json!({"complete": false, "table_items": table_items}),
        },
        "items": report.items,
        "bytes": report.bytes,
        "partitions": report.partitions,
        "items_per_partition": buckets_json(&report.partition_sizes),
        "bytes_per_partition": buckets_json(&report.partition_bytes),
        "items_per_index_partition": report.index_partition_sizes.iter().map(|(index, histogram)| {
            json!({"index": index, "buckets": buckets_json(histogram)})
        }).collect::<Vec<_>>(),
        "entities": report.entity_sizes.iter().map(|size| {
            json!({"entity": size.entity, "items": size.items, "bytes": size.bytes, "largest_item_bytes": size.largest})
        }).collect::<Vec<_>>(),
        "largest_collections": report.largest_collections.iter().map(|collection| {
            json!({
                "partition_key": key_text(&collection.partition_key),
                "items": collection.items,
                "bytes": collection.bytes,
            })
        }).collect::<Vec<_>>(),
        "access_patterns": report.access_patterns,
        "findings": report.findings.iter().map(finding_json).collect::<Vec<_>>(),
    })
}

fn buckets_json(histogram: &Histogram) -> Vec<Value> {
    histogram
        .rows()
        .iter()
        .map(|(low, high, partitions)| json!({"from": low, "to": high, "partitions": partitions}))
        .collect()
}

fn finding_json(finding: &Finding) -> Value {
    json!({
        "rule": finding.rule.id(),
        "severity": finding.severity.name(),
        "summary": finding.summary,
        "evidence": finding.evidence,
        "citation": finding.rule.citation(),
        "items": finding.items.iter().map(item_to_plain_json).collect::<Vec<_>>(),
    })
}

fn report_text(report: &Report) -> String {
    let mut text = format!(
        "{} ({}), {} in {} — {}\n\nItems per partition:\n",
        counted(report.items, "item", "items"),
        bytes(report.bytes),
        coverage_text(report.coverage),
        counted(report.partitions, "partition", "partitions"),
        match report.findings.len() {
            0 => "no findings".to_owned(),
            1 => "1 finding".to_owned(),
            n => format!("{n} findings"),
        }
    );
    for bar in report.partition_sizes.bars(BAR_WIDTH) {
        text.push_str(&format!("{bar}\n"));
    }
    text.push_str("\nBytes per partition:\n");
    for bar in report.partition_bytes.byte_bars(BAR_WIDTH) {
        text.push_str(&format!("{bar}\n"));
    }
    for (index, histogram) in &report.index_partition_sizes {
        if histogram.rows().is_empty() {
            continue;
        }
        text.push_str(&format!("\nItems per {index} partition:\n"));
        for bar in histogram.bars(BAR_WIDTH) {
            text.push_str(&format!("{bar}\n"));
        }
    }
    text.push_str("\nEntities:\n");
    for size in &report.entity_sizes {
        text.push_str(&format!(
            "  {}: {}, {}, largest item {}\n",
            size.entity,
            counted(size.items, "item", "items"),
            bytes(size.bytes),
            bytes(size.largest)
        ));
    }
    text.push_str("\nLargest item collections:\n");
    for collection in &report.largest_collections {
        text.push_str(&format!(
            "  {}: {}, {}\n",
            key_text(&collection.partition_key),
            counted(collection.items, "item", "items"),
            bytes(collection.bytes)
        ));
    }
    if !report.access_patterns.is_empty() {
        text.push_str("\nAccess patterns:\n");
        for line in &report.access_patterns {
            text.push_str(&format!("  {line}\n"));
        }
    }
    for finding in &report.findings {
        text.push_str(&format!(
            "\n[{}] {}\n  rule: {}\n",
            finding.severity.name(),
            finding.summary,
            finding.rule.citation()
        ));
        for line in &finding.evidence {
            text.push_str(&format!("  · {line}\n"));
        }
        for key in &finding.items {
            text.push_str(&format!("  open: {}\n", item_to_plain_json(key)));
        }
    }
    text
}
