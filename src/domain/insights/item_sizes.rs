//! Items growing toward the 400 KB limit: how many per entity pass 100, 300 and 380 KB, the
//! attributes that make them large, and what reading and writing them costs.

use std::collections::BTreeMap;

use super::entity_names::EntityNames;
use super::finding::{Finding, Rule, Severity};
use super::partitions::EntityPartitions;
use crate::domain::figures::{bytes, count, counted};
use crate::domain::value::{AttrValue, Item};

const KB: u64 = 1024;
/// Items of this size or more are read whole: the census names their largest attribute.
pub const WHOLE_ITEM_FROM: u64 = TIERS[0].0;

/// The tiers reported, and the severity of an item past each.
const TIERS: [(u64, Severity); 3] = [
    (100 * KB, Severity::Info),
    (300 * KB, Severity::Warning),
    (380 * KB, Severity::Critical),
];
/// How many of the largest items the finding lists.
const EXAMPLES: usize = 5;

#[derive(Clone, Debug, Default)]
struct EntitySizes {
    past: [u64; TIERS.len()],
    largest: u64,
}

#[derive(Clone, Debug)]
struct LargeItem {
    size: u64,
    entity: usize,
    key: Item,
    attribute: String,
    attribute_type: &'static str,
    attribute_size: u64,
}

/// Items and bytes of one entity, in all and per partition key value it is found under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntitySize {
    pub entity: String,
    pub items: u64,
    pub bytes: u64,
    /// The entity's largest item.
    pub largest: u64,
    /// The entity's items and bytes per partition, and its largest collection there.
    pub partitions: EntityPartitions,
}

#[derive(Clone, Debug, Default)]
pub struct ItemSizes {
    /// Items, bytes and the largest item of every entity, by entity id.
    totals: Vec<(u64, u64, u64)>,
    by_entity: BTreeMap<usize, EntitySizes>,
    largest: Vec<LargeItem>,
}

impl ItemSizes {
    pub fn add(&mut self, entity: usize, item: &Item, size: u64, key: &dyn Fn() -> Item) {
        if self.totals.len() <= entity {
            self.totals.resize(entity + 1, (0, 0, 0));
        }
        let totals = &mut self.totals[entity];
        totals.0 += 1;
        totals.1 += size;
        totals.2 = totals.2.max(size);
        if size < TIERS[0].0 {
            return;
        }
        let sizes = self.by_entity.entry(entity).or_default();
        for (tier, (threshold, _)) in TIERS.iter().enumerate() {
            if size >= *threshold {
                sizes.past[tier] += 1;
            }
        }
        sizes.largest = sizes.largest.max(size);
        let full = self.largest.len() >= EXAMPLES;
        if full && self.largest.last().is_some_and(|last| last.size >= size) {
            return;
        }
        let (attribute, value) = largest_attribute(item);
        let example = LargeItem {
            size,
            entity,
            key: key(),
            attribute: attribute.to_owned(),
            attribute_type: value.value_type().descriptor(),
            attribute_size: (attribute.len() + value.size()) as u64,
        };
        let at = self.largest.partition_point(|other| other.size >= size);
        self.largest.insert(at, example);
        self.largest.truncate(EXAMPLES);
    }

    /// Every entity's size, most bytes first; `partitions` by entity id.
    pub fn entity_sizes(
        &self,
        names: &EntityNames,
        partitions: &mut [EntityPartitions],
    ) -> Vec<EntitySize> {
        let mut sizes: Vec<EntitySize> = self
            .totals
            .iter()
            .enumerate()
            .filter(|(_, totals)| totals.0 > 0)
            .map(|(entity, &(items, bytes, largest))| EntitySize {
                entity: names.name(entity).to_owned(),
                items,
                bytes,
                largest,
                partitions: partitions
                    .get_mut(entity)
                    .map(std::mem::take)
                    .unwrap_or_default(),
            })
            .collect();
        sizes.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.entity.cmp(&b.entity)));
        sizes
    }

    pub fn findings(&self, names: &EntityNames) -> Option<Finding> {
        let top = self.largest.first()?;
        let severity = TIERS
            .iter()
            .rev()
            .find(|(threshold, _)| top.size >= *threshold)
            .map_or(Severity::Info, |(_, severity)| *severity);
        let total: u64 = self.by_entity.values().map(|sizes| sizes.past[0]).sum();
        let mut evidence: Vec<String> = self
            .by_entity
            .iter()
            .map(|(&entity, sizes)| {
                format!(
                    "{}: {} over 100 KB, {} over 300 KB, {} over 380 KB; largest {}",
                    names.name(entity),
                    count(sizes.past[0]),
                    count(sizes.past[1]),
                    count(sizes.past[2]),
                    bytes(sizes.largest)
                )
            })
            .collect();
        evidence.extend(self.largest.iter().map(|item| {
            format!(
                "{} item of {}: largest attribute {} ({}, {}); a read costs {} read units ({:.1} eventually consistent), a write {} write units",
                names.name(item.entity),
                bytes(item.size),
                item.attribute,
                item.attribute_type,
                bytes(item.attribute_size),
                read_units(item.size),
                read_units(item.size) as f64 / 2.0,
                write_units(item.size),
            )
        }));
        Some(
            Finding::new(
                Rule::LargeItems,
                severity,
                format!(
                    "{} over 100 KB; the largest is {} of the 400 KB limit",
                    counted(total, "item", "items"),
                    bytes(top.size)
                ),
            )
            .with_evidence(evidence)
            .with_items(self.largest.iter().map(|item| item.key.clone())),
        )
    }
}

/// Read units of one strongly consistent read of an item of `size` bytes (4 KB each).
#[must_use]
pub fn read_units(size: u64) -> u64 {
    size.div_ceil(4 * KB).max(1)
}

/// Write units of one write of an item of `size` bytes (1 KB each).
#[must_use]
pub fn write_units(size: u64) -> u64 {
    size.div_ceil(KB).max(1)
}

fn largest_attribute(item: &Item) -> (&str, &AttrValue) {
    item.iter()
        .max_by_key(|(name, value)| name.len() + value.size())
        .map(|(name, value)| (name.as_str(), value))
        .unwrap_or(("", &AttrValue::Null))
}
