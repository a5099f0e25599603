//! The write units of each entity's writes, from the items read: the item's own units (1 KB
//! each) and, for each secondary index whose keys the item carries, the units of its index entry
//! (the attributes that index projects). A global index's writes are billed to it; a local
//! index's to the table, but they are written all the same. A transactional write costs twice.

use std::collections::BTreeMap;

use super::units::write_units;
use crate::domain::entity::EntityDecoder;
use crate::domain::index_membership::{Membership, Projected, index_membership};
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::value::{AttrValue, Item, item_size};

/// The units of writing one item as it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteCost {
    /// The item's size by DynamoDB's rules.
    pub bytes: u64,
    /// Units of the table's own write.
    pub table: u64,
    /// Each index the item is written to: its name, whether it is global, and the units.
    pub indexes: Vec<IndexWrite>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexWrite {
    pub index: String,
    pub global: bool,
    /// The index entry's size: the attributes the index projects.
    pub bytes: u64,
    pub units: u64,
}

impl WriteCost {
    /// The units of writing `item` to `table` and its indexes.
    #[must_use]
    pub fn of(item: &Item, table: &TableDescription) -> Self {
        let bytes = item_size(item) as u64;
        let indexes = index_membership(item, table)
            .into_iter()
            .filter_map(|membership| match membership {
                Membership::In {
                    index, projected, ..
                } => {
                    let entry = projected_bytes(item, &projected);
                    Some(IndexWrite {
                        index: index.name.clone(),
                        global: index.kind == IndexKind::Global,
                        bytes: entry,
                        units: write_units(entry),
                    })
                }
                Membership::NotIn { .. } => None,
            })
            .collect();
        Self {
            bytes,
            table: write_units(bytes),
            indexes,
        }
    }

    /// The units of a plain (PutItem, UpdateItem, DeleteItem) write.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.table + self.indexes.iter().map(|index| index.units).sum::<u64>()
    }

    /// The units of the same write in a transaction: twice.
    #[must_use]
    pub fn transactional(&self) -> u64 {
        2 * self.total()
    }
}

fn projected_bytes(item: &Item, projected: &Projected<'_>) -> u64 {
    match projected {
        Projected::All => item_size(item) as u64,
        Projected::Some { held, .. } => held
            .iter()
            .filter_map(|name| item.get(*name).map(|value| attribute_size(name, value)))
            .sum(),
    }
}

fn attribute_size(name: &str, value: &AttrValue) -> u64 {
    (name.len() + value.size()) as u64
}

/// One entity's writes: how many of its items were read, the median write and the costliest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityWrites {
    pub entity: String,
    pub items: u64,
    /// The write of the item in the middle when sorted by units (the lower middle of an even
    /// count): a real item, so its figures are exact.
    pub median: WriteCost,
    pub costliest: WriteCost,
}

/// The writes of the items read, by entity (items no entity claims are `(unnamed)`).
#[derive(Clone, Debug, Default)]
pub struct WriteCensus {
    by_entity: BTreeMap<String, Vec<WriteCost>>,
}

/// The entity name of items no entity claims.
pub const UNNAMED_ENTITY: &str = "(unnamed)";

impl WriteCensus {
    pub fn add(&mut self, item: &Item, table: &TableDescription, entities: &EntityDecoder) {
        let entity = entities
            .decode(item, &table.key)
            .map_or_else(|| UNNAMED_ENTITY.to_owned(), |entity| entity.name);
        self.by_entity
            .entry(entity)
            .or_default()
            .push(WriteCost::of(item, table));
    }

    /// Each entity's writes, by entity name.
    #[must_use]
    pub fn entities(mut self) -> Vec<EntityWrites> {
        self.by_entity
            .iter_mut()
            .filter_map(|(entity, costs)| {
                costs.sort_by_key(|cost| (cost.total(), cost.bytes));
                let median = costs.get((costs.len() - 1) / 2)?.clone();
                let costliest = costs.last()?.clone();
                Some(EntityWrites {
                    entity: entity.clone(),
                    items: costs.len() as u64,
                    median,
                    costliest,
                })
            })
            .collect()
    }
}
