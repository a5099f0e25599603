//! Items and bytes per partition key value: the size histogram, the largest collections and the
//! partitions that stand far out from the rest.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::finding::{Finding, Rule, Severity};
use super::histogram::Histogram;
use crate::domain::figures::{bytes, count, counted};
use crate::domain::key_value::{compare_key_values, key_text};
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::value::{AttrValue, Item};

/// How many of the largest collections the report lists.
const LARGEST: usize = 5;
/// A partition stands out when it holds this many times the median partition's items…
const OUTSIZED_FACTOR: u64 = 10;
/// …or this share of the whole table, and in either case at least this many items.
const OUTSIZED_SHARE: f64 = 0.10;
const OUTSIZED_MIN_ITEMS: u64 = 50;
/// Shares are only meaningful over enough partitions.
const MIN_PARTITIONS: usize = 10;
/// The item collection limit of a table with a local secondary index, and when to warn.
const COLLECTION_LIMIT: u64 = 10 * 1024 * 1024 * 1024;
const COLLECTION_WARNING: u64 = COLLECTION_LIMIT / 2;

/// One item collection's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionSize {
    pub partition_key: AttrValue,
    pub items: u64,
    pub bytes: u64,
}

#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    items: u64,
    bytes: u64,
}

/// What the partitions show: their sizes in items and in bytes, the largest collections and the
/// findings.
pub struct PartitionSummary {
    pub items: Histogram,
    pub bytes: Histogram,
    pub largest: Vec<CollectionSize>,
    pub findings: Vec<Finding>,
}

#[derive(Clone, Debug, Default)]
pub struct PartitionStats {
    by_key: HashMap<AttrValue, Usage>,
}

impl PartitionStats {
    pub fn add(&mut self, partition_key: &AttrValue, size: u64) {
        let added = Usage {
            items: 1,
            bytes: size,
        };
        if let Some(usage) = self.by_key.get_mut(partition_key) {
            usage.items += added.items;
            usage.bytes += added.bytes;
        } else {
            self.by_key.insert(partition_key.clone(), added);
        }
    }

    pub fn len(&self) -> u64 {
        self.by_key.len() as u64
    }

    pub fn summary(&self, table: &TableDescription, items: u64) -> PartitionSummary {
        let mut items_histogram = Histogram::default();
        let mut bytes_histogram = Histogram::default();
        for usage in self.by_key.values() {
            items_histogram.add(usage.items);
            bytes_histogram.add(usage.bytes);
        }
        let mut by_bytes: Vec<(&AttrValue, Usage)> = self
            .by_key
            .iter()
            .map(|(key, usage)| (key, *usage))
            .collect();
        by_bytes.sort_by(|a, b| {
            b.1.bytes
                .cmp(&a.1.bytes)
                .then_with(|| compare_key_values(a.0, b.0).unwrap_or(Ordering::Equal))
        });
        let mut findings = Vec::new();
        findings.extend(outsized(table, &by_bytes, items));
        findings.extend(near_collection_limit(table, &by_bytes));
        PartitionSummary {
            items: items_histogram,
            bytes: bytes_histogram,
            largest: largest(&by_bytes),
            findings,
        }
    }
}

fn partition_key_item(table: &TableDescription, value: &AttrValue) -> Item {
    Item::from([(table.key.partition.name.clone(), value.clone())])
}

fn describe(value: &AttrValue, usage: Usage) -> String {
    format!(
        "{}: {}, {}",
        key_text(value),
        counted(usage.items, "item", "items"),
        bytes(usage.bytes)
    )
}

fn largest(by_bytes: &[(&AttrValue, Usage)]) -> Vec<CollectionSize> {
    by_bytes
        .iter()
        .take(LARGEST)
        .map(|(value, usage)| CollectionSize {
            partition_key: (*value).clone(),
            items: usage.items,
            bytes: usage.bytes,
        })
        .collect()
}

fn outsized(
    table: &TableDescription,
    by_bytes: &[(&AttrValue, Usage)],
    items: u64,
) -> Option<Finding> {
    if by_bytes.len() < MIN_PARTITIONS || items == 0 {
        return None;
    }
    let mut counts: Vec<u64> = by_bytes.iter().map(|(_, usage)| usage.items).collect();
    counts.sort_unstable();
    let median = counts[counts.len() / 2].max(1);
    let mut standing_out: Vec<&(&AttrValue, Usage)> = by_bytes
        .iter()
        .filter(|(_, usage)| {
            let share = usage.items as f64 / items as f64;
            usage.items >= OUTSIZED_MIN_ITEMS
                && (usage.items >= OUTSIZED_FACTOR * median || share >= OUTSIZED_SHARE)
        })
        .collect();
    standing_out.sort_by_key(|entry| std::cmp::Reverse(entry.1.items));
    let (first, usage) = standing_out.first()?;
    let share = usage.items as f64 * 100.0 / items as f64;
    Some(
        Finding::new(
            Rule::OutsizedPartition,
            Severity::Warning,
            format!(
                "{} out: {} holds {} items ({share:.1}% of the items read), the median partition {}",
                if standing_out.len() == 1 {
                    "1 partition stands".to_owned()
                } else {
                    format!("{} partitions stand", count(standing_out.len() as u64))
                },
                key_text(first),
                count(usage.items),
                count(median),
            ),
        )
        .with_evidence(standing_out.iter().take(LARGEST).map(|(value, usage)| describe(value, *usage)))
        .with_items(standing_out.iter().take(LARGEST).map(|(value, _)| partition_key_item(table, value))),
    )
}

fn near_collection_limit(
    table: &TableDescription,
    by_bytes: &[(&AttrValue, Usage)],
) -> Option<Finding> {
    if !table
        .indexes
        .iter()
        .any(|index| index.kind == IndexKind::Local)
    {
        return None;
    }
    let near: Vec<&(&AttrValue, Usage)> = by_bytes
        .iter()
        .filter(|(_, usage)| usage.bytes >= COLLECTION_WARNING)
        .collect();
    let (first, usage) = near.first()?;
    let severity = if usage.bytes >= COLLECTION_LIMIT * 8 / 10 {
        Severity::Critical
    } else {
        Severity::Warning
    };
    Some(
        Finding::new(
            Rule::LargeItemCollection,
            severity,
            format!(
                "item collection {} holds {} of the 10 GB a table with a local secondary index allows",
                key_text(first),
                bytes(usage.bytes)
            ),
        )
        .with_evidence(near.iter().take(LARGEST).map(|(value, usage)| describe(value, *usage)))
        .with_items(near.iter().take(LARGEST).map(|(value, _)| partition_key_item(table, value))),
    )
}
