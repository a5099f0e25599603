//! The insights report as text for people (`-o table`).

use std::fmt::Write as _;

use crate::domain::figures::{bytes, count, counted};
use crate::domain::insights::{CollectionSize, Coverage, Histogram, Report};
use crate::domain::key_value::key_text;
use crate::domain::plain_json::item_to_plain_json;

/// Width of the histogram's bars in the text report.
const BAR_WIDTH: usize = 40;

pub fn report_text(report: &Report) -> String {
    let mut text = format!(
        "{} ({}), {} in {} — {}\n",
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
    histograms(
        &mut text,
        "partition",
        &report.partition_sizes,
        &report.partition_bytes,
    );
    text.push_str("\nLargest item collections:\n");
    collections(&mut text, &report.largest_collections);
    entities(&mut text, report);
    indexes(&mut text, report);
    if !report.access_patterns.is_empty() {
        text.push_str("\nAccess patterns:\n");
        for line in &report.access_patterns {
            let _ = writeln!(text, "  {line}");
        }
    }
    findings(&mut text, report);
    text
}

/// `Items per {what}:` and `Bytes per {what}:`, each with its bars.
fn histograms(text: &mut String, what: &str, items: &Histogram, bytes: &Histogram) {
    let _ = writeln!(text, "\nItems per {what}:");
    for bar in items.bars(BAR_WIDTH) {
        let _ = writeln!(text, "{bar}");
    }
    let _ = writeln!(text, "\nBytes per {what}:");
    for bar in bytes.byte_bars(BAR_WIDTH) {
        let _ = writeln!(text, "{bar}");
    }
}

fn collections(text: &mut String, collections: &[CollectionSize]) {
    for collection in collections {
        let _ = writeln!(
            text,
            "  {}: {}, {}",
            key_text(&collection.partition_key),
            counted(collection.items, "item", "items"),
            bytes(collection.bytes)
        );
    }
}

fn entities(text: &mut String, report: &Report) {
    text.push_str("\nEntities:\n");
    for size in &report.entity_sizes {
        let _ = writeln!(
            text,
            "  {}: {}, {}, largest item {}",
            size.entity,
            counted(size.items, "item", "items"),
            bytes(size.bytes),
            bytes(size.largest)
        );
    }
    for size in &report.entity_sizes {
        let what = format!("partition of {}", size.entity);
        histograms(text, &what, &size.partitions.items, &size.partitions.bytes);
        if let Some(largest) = &size.partitions.largest {
            let _ = writeln!(text, "\nLargest collection of {}:", size.entity);
            collections(text, std::slice::from_ref(largest));
        }
    }
}

fn indexes(text: &mut String, report: &Report) {
    for index in &report.index_sizes {
        if index.items == 0 {
            let _ = writeln!(text, "\n{}: no items read are in it", index.index);
            continue;
        }
        let _ = writeln!(
            text,
            "\n{}: {} in {}, {} projected",
            index.index,
            counted(index.items, "item", "items"),
            counted(index.partitions, "partition", "partitions"),
            bytes(index.bytes)
        );
        let what = format!("{} partition", index.index);
        histograms(text, &what, &index.partition_items, &index.partition_bytes);
        let _ = writeln!(text, "\nLargest {} partitions:", index.index);
        collections(text, &index.largest);
    }
}

fn findings(text: &mut String, report: &Report) {
    for finding in &report.findings {
        let _ = write!(
            text,
            "\n[{}] {}\n  rule: {}\n",
            finding.severity.name(),
            finding.summary,
            finding.rule.citation()
        );
        for line in &finding.evidence {
            let _ = writeln!(text, "  · {line}");
        }
        for key in &finding.items {
            let _ = writeln!(text, "  open: {}", item_to_plain_json(key));
        }
    }
}

pub fn coverage_text(coverage: Coverage) -> String {
    match coverage {
        Coverage::Complete => "the whole table".to_owned(),
        Coverage::Sampled {
            table_items: Some(total),
        } => format!("sampled; the table holds about {} items", count(total)),
        Coverage::Sampled { table_items: None } => "sampled".to_owned(),
    }
}
