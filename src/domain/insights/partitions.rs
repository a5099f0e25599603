//! Items and bytes per partition key value: the size histograms of the table and of each
//! entity, the largest collections, the outsized ones and those near the collection limit.

use super::finding::{Finding, Rule, Severity};
use super::histogram::Histogram;
use super::outsized::outsized;
use super::tally::{
    CollectionSize, FastMap, Largest, Usage, histograms, larger_first, largest, update,
};
use crate::domain::figures::{bytes, counted};
use crate::domain::key_value::key_text;
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::value::{AttrValue, Item};

/// How many of the largest collections the report lists.
pub const LARGEST: usize = 5;
/// The item collection limit of a table with a local secondary index, and when to warn.
const COLLECTION_LIMIT: u64 = 10 * 1024 * 1024 * 1024;
const COLLECTION_WARNING: u64 = COLLECTION_LIMIT / 2;

/// One partition: its items and bytes, and those of each entity under it (most partitions hold
/// one or two entities, so a short list beats a map).
#[derive(Clone, Debug, Default)]
struct PartitionUsage {
    total: Usage,
    entities: Vec<(usize, Usage)>,
}

/// The items and bytes of one entity per partition key value it is found under, and its
/// largest collection.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntityPartitions {
    pub items: Histogram,
    pub bytes: Histogram,
    pub largest: Option<CollectionSize>,
}

/// What the partitions show: their sizes in items and in bytes, the largest collections, each
/// entity's sizes per partition (by entity id) and the findings.
pub struct PartitionSummary {
    pub items: Histogram,
    pub bytes: Histogram,
    pub largest: Vec<CollectionSize>,
    pub by_entity: Vec<EntityPartitions>,
    pub findings: Vec<Finding>,
}

#[derive(Clone, Debug, Default)]
pub struct PartitionStats {
    by_key: FastMap<AttrValue, PartitionUsage>,
}

impl PartitionStats {
    pub fn add(&mut self, partition_key: &AttrValue, entity: usize, size: u64) {
        update(&mut self.by_key, partition_key, |usage| {
            usage.total.add(size);
            match usage.entities.iter_mut().find(|(id, _)| *id == entity) {
                Some((_, of_entity)) => of_entity.add(size),
                None => usage.entities.push((
                    entity,
                    Usage {
                        items: 1,
                        bytes: size,
                    },
                )),
            }
        });
    }

    pub fn len(&self) -> u64 {
        self.by_key.len() as u64
    }

    pub fn summary(&self, table: &TableDescription, entities: usize) -> PartitionSummary {
        let totals = || self.by_key.iter().map(|(key, usage)| (key, usage.total));
        let (items_histogram, bytes_histogram) = histograms(totals().map(|(_, usage)| usage));
        let mut findings = Vec::new();
        findings.extend(outsized(table, totals()));
        findings.extend(near_collection_limit(table, totals()));
        PartitionSummary {
            items: items_histogram,
            bytes: bytes_histogram,
            largest: largest(totals(), LARGEST, Largest::Bytes),
            by_entity: self.by_entity(entities),
            findings,
        }
    }

    fn by_entity(&self, entities: usize) -> Vec<EntityPartitions> {
        let mut by_entity = vec![EntityPartitions::default(); entities];
        let mut largest: Vec<Option<(&AttrValue, Usage)>> = vec![None; entities];
        for (key, usage) in &self.by_key {
            for &(entity, of_entity) in &usage.entities {
                let (Some(sizes), Some(top)) = (by_entity.get_mut(entity), largest.get_mut(entity))
                else {
                    continue;
                };
                sizes.items.add(of_entity.items);
                sizes.bytes.add(of_entity.bytes);
                let candidate = (key, of_entity);
                if top.is_none_or(|top| larger_first(Largest::Bytes, candidate, top).is_lt()) {
                    *top = Some(candidate);
                }
            }
        }
        for (sizes, top) in by_entity.iter_mut().zip(largest) {
            sizes.largest = top.map(|(key, usage)| CollectionSize {
                partition_key: key.clone(),
                items: usage.items,
                bytes: usage.bytes,
            });
        }
        by_entity
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

fn near_collection_limit<'a>(
    table: &TableDescription,
    partitions: impl Iterator<Item = (&'a AttrValue, Usage)>,
) -> Option<Finding> {
    if !table
        .indexes
        .iter()
        .any(|index| index.kind == IndexKind::Local)
    {
        return None;
    }
    let mut near: Vec<(&AttrValue, Usage)> = partitions
        .filter(|(_, usage)| usage.bytes >= COLLECTION_WARNING)
        .collect();
    near.sort_by(|a, b| larger_first(Largest::Bytes, *a, *b));
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
