//! Per index: the bytes its projection stores, the index partitions that hold a large share of
//! it, whether an index meant to be sparse is, and the items whose index keys are half written.

use std::collections::{BTreeMap, HashMap};

use super::entity_names::EntityNames;
use super::finding::{Finding, Rule, Severity};
use super::histogram::Histogram;
use crate::domain::figures::{bytes, count, counted};
use crate::domain::index_membership::{Exclusion, Membership, Projected, membership};
use crate::domain::key_value::key_text;
use crate::domain::schema::{IndexKind, IndexSchema, Projection, TableDescription};
use crate::domain::value::{AttrValue, Item};

/// Shares of an index are only meaningful over this many of its items.
const MIN_INDEX_ITEMS: u64 = 100;
/// One index partition holding this share of the index is a hot spot.
const HOT_SHARE: f64 = 0.20;
/// An index holding this share of the table's items is not sparse.
const NOT_SPARSE_SHARE: f64 = 0.90;
/// Above this share of the table's bytes, an `ALL` projection is a cost worth a warning.
const COSTLY_PROJECTION_SHARE: f64 = 0.50;
/// Below this share the duplicated bytes are not worth a line.
const NOTABLE_PROJECTION_SHARE: f64 = 0.20;
const EXAMPLES: usize = 5;

#[derive(Clone, Debug)]
pub struct IndexStats {
    name: String,
    kind: IndexKind,
    projection: Projection,
    partition_attribute: String,
    items: u64,
    projected_bytes: u64,
    key_bytes: u64,
    partitions: HashMap<AttrValue, u64>,
    by_entity: BTreeMap<usize, (u64, u64)>,
    /// Items with some but not all of the index's own key attributes, per entity.
    partial: BTreeMap<usize, u64>,
    partial_examples: Vec<(usize, Item, String)>,
    /// More than one attribute in a key part: such keys are the items' own attributes
    /// (`status`, `region`), which other entities may have without being meant for the index.
    multi_attribute: bool,
}

impl IndexStats {
    pub fn new(index: &IndexSchema) -> Self {
        Self {
            name: index.name.clone(),
            kind: index.kind,
            projection: index.projection.clone(),
            partition_attribute: index.key.partition.name.clone(),
            items: 0,
            projected_bytes: 0,
            key_bytes: 0,
            partitions: HashMap::new(),
            by_entity: BTreeMap::new(),
            partial: BTreeMap::new(),
            partial_examples: Vec::new(),
            multi_attribute: index.key.names().count() > 2,
        }
    }

    pub fn add(
        &mut self,
        table: &TableDescription,
        entity: usize,
        item: &Item,
        size: u64,
        key: &dyn Fn() -> Item,
    ) {
        let Some(index) = table.index(&self.name) else {
            return;
        };
        let counts = self.by_entity.entry(entity).or_default();
        counts.1 += 1;
        match membership(item, table, index) {
            Membership::In {
                keys, projected, ..
            } => {
                counts.0 += 1;
                self.items += 1;
                self.projected_bytes += match projected {
                    Projected::All => size,
                    Projected::Some { held, .. } => attributes_size(item, &held),
                };
                self.key_bytes += attributes_size(item, &key_names(table, index));
                if let Some((_, value)) = keys.first() {
                    count_partition(&mut self.partitions, value);
                }
            }
            Membership::NotIn { reasons, .. } => {
                // An LSI shares the table's partition key, which every item has: only the
                // attributes the index adds say whether the application meant to write them.
                let own: Vec<&str> = index
                    .key
                    .names()
                    .filter(|name| !table.key.contains(name))
                    .collect();
                let missing = reasons
                    .iter()
                    .filter(
                        |reason| matches!(reason, Exclusion::Missing(name) if own.contains(name)),
                    )
                    .count();
                if missing < own.len() {
                    *self.partial.entry(entity).or_default() += 1;
                    let kept = self
                        .partial_examples
                        .iter()
                        .filter(|e| e.0 == entity)
                        .count();
                    if kept < EXAMPLES {
                        let why: Vec<String> = reasons.iter().map(ToString::to_string).collect();
                        self.partial_examples.push((entity, key(), why.join(", ")));
                    }
                }
            }
        }
    }

    /// The index's name and how many items each of its partition key values holds.
    pub fn partition_sizes(&self) -> (String, Histogram) {
        let mut histogram = Histogram::default();
        for &items in self.partitions.values() {
            histogram.add(items);
        }
        (self.name.clone(), histogram)
    }

    pub fn findings(
        &self,
        names: &EntityNames,
        table_items: u64,
        table_bytes: u64,
    ) -> Vec<Finding> {
        [
            self.partition_share(),
            self.projection_cost(table_bytes),
            self.not_sparse(table_items),
            self.partial_keys(),
            self.coverage_by_entity(names),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn partition_share(&self) -> Option<Finding> {
        if self.kind != IndexKind::Global || self.items < MIN_INDEX_ITEMS {
            return None;
        }
        let mut largest: Vec<(&AttrValue, u64)> = self
            .partitions
            .iter()
            .map(|(value, &items)| (value, items))
            .collect();
        largest.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        let &(value, items) = largest.first()?;
        let share = items as f64 / self.items as f64;
        if share < HOT_SHARE {
            return None;
        }
        Some(
            Finding::new(
                Rule::IndexPartitionShare,
                Severity::Warning,
                format!(
                    "{}: {} = {} holds {} of its {} items ({:.0}%), all in one index partition",
                    self.name,
                    self.partition_attribute,
                    key_text(value),
                    count(items),
                    count(self.items),
                    share * 100.0
                ),
            )
            .with_evidence(largest.iter().take(EXAMPLES).map(|(value, items)| {
                format!(
                    "{} = {}: {}",
                    self.partition_attribute,
                    key_text(value),
                    counted(*items, "item", "items")
                )
            }))
            .with_evidence([format!(
                "{} distinct {} values among the items read",
                count(largest.len() as u64),
                self.partition_attribute
            )]),
        )
    }

    fn projection_cost(&self, table_bytes: u64) -> Option<Finding> {
        if self.kind != IndexKind::Global || self.items == 0 || self.projection != Projection::All {
            return None;
        }
        let share = self.projected_bytes as f64 / table_bytes.max(1) as f64;
        let severity = if share >= COSTLY_PROJECTION_SHARE && self.items >= MIN_INDEX_ITEMS {
            Severity::Warning
        } else if share >= NOTABLE_PROJECTION_SHARE {
            Severity::Info
        } else {
            return None;
        };
        Some(
            Finding::new(
                Rule::ProjectionCost,
                severity,
                format!(
                    "{} projects ALL: it stores {} ({:.0}% of the table's bytes) where its keys alone take {}",
                    self.name,
                    bytes(self.projected_bytes),
                    share * 100.0,
                    bytes(self.key_bytes)
                ),
            )
            .with_evidence([format!(
                "every write of one of its {} items is written again, whole, to {}",
                count(self.items),
                self.name
            )]),
        )
    }

    fn not_sparse(&self, table_items: u64) -> Option<Finding> {
        if table_items < MIN_INDEX_ITEMS {
            return None;
        }
        let share = self.items as f64 / table_items as f64;
        (share >= NOT_SPARSE_SHARE).then(|| {
            Finding::new(
                Rule::IndexNotSparse,
                Severity::Info,
                format!(
                    "{} holds {} of the {} items read ({:.0}%): it is not sparse",
                    self.name,
                    count(self.items),
                    count(table_items),
                    share * 100.0
                ),
            )
        })
    }

    /// An entity none of whose items is in a multi-attribute index is not meant for it, however
    /// many of its attributes the index's key shares.
    fn meant_for_the_index(&self, entity: usize) -> bool {
        !self.multi_attribute
            || self
                .by_entity
                .get(&entity)
                .is_some_and(|counts| counts.0 > 0)
    }

    fn partial_keys(&self) -> Option<Finding> {
        let partial: u64 = self
            .partial
            .iter()
            .filter(|(entity, _)| self.meant_for_the_index(**entity))
            .map(|(_, items)| items)
            .sum();
        if partial == 0 {
            return None;
        }
        let examples = || {
            self.partial_examples
                .iter()
                .filter(|(entity, _, _)| self.meant_for_the_index(*entity))
                .take(EXAMPLES)
        };
        Some(
            Finding::new(
                Rule::PartialIndexKeys,
                Severity::Warning,
                format!(
                    "{} some of {}'s own key attributes but {} not in it",
                    counted(partial, "item has", "items have"),
                    self.name,
                    if partial == 1 { "is" } else { "are" }
                ),
            )
            .with_evidence(examples().map(|(_, _, why)| why.clone()))
            .with_items(examples().map(|(_, key, _)| key.clone())),
        )
    }

    fn coverage_by_entity(&self, names: &EntityNames) -> Option<Finding> {
        let partly: Vec<String> = self
            .by_entity
            .iter()
            .filter(|(entity, (inside, total))| {
                !names.is_unnamed(**entity) && *inside > 0 && inside < total
            })
            .map(|(&entity, &(inside, total))| {
                format!(
                    "{}: {} of {} in {}",
                    names.name(entity),
                    count(inside),
                    count(total),
                    self.name
                )
            })
            .collect();
        if partly.is_empty() {
            return None;
        }
        Some(
            Finding::new(
                Rule::IndexCoverageByEntity,
                Severity::Info,
                format!(
                    "{} entit{} only partly in {}: intended if {} is sparse by design, a missed write otherwise",
                    partly.len(),
                    if partly.len() == 1 { "y is" } else { "ies are" },
                    self.name,
                    self.name
                ),
            )
            .with_evidence(partly),
        )
    }
}

fn count_partition(partitions: &mut HashMap<AttrValue, u64>, value: &AttrValue) {
    if let Some(items) = partitions.get_mut(value) {
        *items += 1;
    } else {
        partitions.insert(value.clone(), 1);
    }
}

fn key_names<'a>(table: &'a TableDescription, index: &'a IndexSchema) -> Vec<&'a str> {
    let mut names: Vec<&str> = table.key.names().chain(index.key.names()).collect();
    names.sort_unstable();
    names.dedup();
    names
}

fn attributes_size(item: &Item, names: &[&str]) -> u64 {
    names
        .iter()
        .filter_map(|name| {
            item.get(*name)
                .map(|value| (name.len() + value.size()) as u64)
        })
        .sum()
}
