//! The insights report as one JSON document.

use serde_json::{Value, json};

use crate::domain::insights::{CollectionSize, Coverage, Finding, Histogram, Report};
use crate::domain::key_value::key_text;
use crate::domain::plain_json::item_to_plain_json;

pub fn report_json(report: &Report) -> Value {
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
        "indexes": report.index_sizes.iter().map(|index| {
            json!({
                "index": index.index,
                "items": index.items,
                "projected_bytes": index.bytes,
                "partitions": index.partitions,
                "items_per_partition": buckets_json(&index.partition_items),
                "bytes_per_partition": buckets_json(&index.partition_bytes),
                "largest_partitions": index.largest.iter().map(collection_json).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
        "entities": report.entity_sizes.iter().map(|size| {
            json!({
                "entity": size.entity,
                "items": size.items,
                "bytes": size.bytes,
                "largest_item_bytes": size.largest,
                "items_per_partition": buckets_json(&size.partitions.items),
                "bytes_per_partition": buckets_json(&size.partitions.bytes),
                "largest_collection": size.partitions.largest.as_ref().map(collection_json),
            })
        }).collect::<Vec<_>>(),
        "largest_collections": report.largest_collections.iter().map(collection_json).collect::<Vec<_>>(),
        "access_patterns": report.access_patterns,
        "findings": report.findings.iter().map(finding_json).collect::<Vec<_>>(),
    })
}

fn collection_json(collection: &CollectionSize) -> Value {
    json!({
        "partition_key": key_text(&collection.partition_key),
        "items": collection.items,
        "bytes": collection.bytes,
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
