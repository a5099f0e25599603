//! Per index, the census of the items read: which items it holds, the bytes its projection
//! stores, its partitions' sizes, and the items whose index keys are half written. The findings
//! drawn from it are in `index_findings`.

use super::histogram::Histogram;
use super::partitions::LARGEST;
use super::tally::{CollectionSize, FastMap, Largest, Usage, histograms, largest, update};
use crate::domain::index_membership::{Membership, membership};
use crate::domain::schema::{IndexKind, IndexSchema, Projection, TableDescription};
use crate::domain::value::{AttrValue, Item, ValueType};

/// Items kept as examples of half-written index keys, per entity.
pub const EXAMPLES: usize = 5;

/// The sizes of one index as the items read show them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexSizes {
    pub index: String,
    /// Items in the index and the bytes its projection stores of them.
    pub items: u64,
    pub bytes: u64,
    /// Distinct index partition key values.
    pub partitions: u64,
    /// Items and projected bytes per index partition key value.
    pub partition_items: Histogram,
    pub partition_bytes: Histogram,
    /// The index partitions holding the most items, largest first.
    pub largest: Vec<CollectionSize>,
}

/// An index's key and projection, resolved once so the census of an item looks each of its
/// attributes up once and allocates nothing.
#[derive(Clone, Debug)]
struct IndexShape {
    /// Position of the index in the table's indexes.
    position: usize,
    /// The index's key attributes with the type the table declares, partition key first, and
    /// whether each is the index's own (not also a key attribute of the table).
    keys: Vec<(String, ValueType, bool)>,
    /// Whether each of `keys` adds to the key bytes: the index's own, counted once.
    adds_key_bytes: Vec<bool>,
    /// How many of `keys` make the partition key: more than one for a multi-attribute key.
    partition_parts: usize,
    own_keys: usize,
    /// The attributes a projection other than `ALL` holds beyond the keys, each once: the
    /// keys' bytes are known from the census, so only these are looked up again.
    held_beyond_keys: Option<Vec<String>>,
}

impl IndexShape {
    fn new(table: &TableDescription, position: usize, index: &IndexSchema) -> Self {
        let keys: Vec<(String, ValueType, bool)> = index
            .key
            .attributes()
            .map(|attribute| {
                let name = attribute.name.clone();
                let expected = table
                    .attribute_types
                    .get(&name)
                    .copied()
                    .unwrap_or(attribute.value_type);
                let own = !table.key.contains(&name);
                (name, expected, own)
            })
            .collect();
        let own_keys = keys.iter().filter(|key| key.2).count();
        let adds_key_bytes = keys
            .iter()
            .enumerate()
            .map(|(at, (name, _, own))| *own && !keys[..at].iter().any(|key| key.0 == *name))
            .collect();
        let included: &[String] = match &index.projection {
            Projection::All => &[],
            Projection::KeysOnly => &[],
            Projection::Include(names) => names,
        };
        let held_beyond_keys = (index.projection != Projection::All).then(|| {
            let mut held: Vec<String> = included
                .iter()
                .filter(|name| !table.key.contains(name) && !index.key.contains(name))
                .cloned()
                .collect();
            held.sort_unstable();
            held.dedup();
            held
        });
        Self {
            position,
            keys,
            adds_key_bytes,
            partition_parts: index.key.partition_attributes().count(),
            own_keys,
            held_beyond_keys,
        }
    }
}

/// How an index's items fall by entity.
#[derive(Clone, Copy, Debug, Default)]
pub struct EntityCoverage {
    /// Items of the entity in the index, and all its items read.
    pub inside: u64,
    pub total: u64,
    /// Items with some but not all of the index's own key attributes.
    pub partial: u64,
    examples: usize,
}

#[derive(Clone, Debug)]
pub struct IndexStats {
    pub(super) name: String,
    pub(super) kind: IndexKind,
    pub(super) projection: Projection,
    pub(super) partition_attribute: String,
    shape: IndexShape,
    pub(super) items: u64,
    pub(super) projected_bytes: u64,
    pub(super) key_bytes: u64,
    pub(super) partitions: FastMap<AttrValue, Usage>,
    /// By entity id.
    pub(super) by_entity: Vec<EntityCoverage>,
    pub(super) partial_examples: Vec<(usize, Item, String)>,
    /// More than one attribute in a key part: such keys are the items' own attributes
    /// (`status`, `region`), which other entities may have without being meant for the index.
    pub(super) multi_attribute: bool,
}

impl IndexStats {
    pub fn new(table: &TableDescription, position: usize) -> Option<Self> {
        let index = table.indexes.get(position)?;
        Some(Self {
            name: index.name.clone(),
            kind: index.kind,
            projection: index.projection.clone(),
            partition_attribute: index
                .key
                .partition_attributes()
                .map(|attribute| attribute.name.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
            shape: IndexShape::new(table, position, index),
            items: 0,
            projected_bytes: 0,
            key_bytes: 0,
            partitions: FastMap::default(),
            by_entity: Vec::new(),
            partial_examples: Vec::new(),
            multi_attribute: index.key.names().count() > 2,
        })
    }

    /// Counts one item of `size` bytes, `table_key_bytes` of them its table key's: in the index
    /// when it has every key attribute, with the declared type and not empty (as
    /// `index_membership` decides, which names the reasons for an example).
    pub fn add(
        &mut self,
        table: &TableDescription,
        entity: usize,
        item: &Item,
        (size, table_key_bytes): (u64, u64),
        key: &dyn Fn() -> Item,
    ) {
        if self.by_entity.len() <= entity {
            self.by_entity.resize(entity + 1, EntityCoverage::default());
        }
        self.by_entity[entity].total += 1;
        // A one-part key, the usual, needs no list: only a multi-attribute key's parts fill one.
        let mut single: Option<&AttrValue> = None;
        let mut parts: Vec<&AttrValue> = Vec::new();
        let mut key_bytes = table_key_bytes;
        let mut excluded = false;
        let mut own_missing = 0;
        for (position, (name, expected, own)) in self.shape.keys.iter().enumerate() {
            match item.get(name) {
                None => {
                    excluded = true;
                    own_missing += usize::from(*own);
                }
                Some(value) if value.value_type() != *expected || is_empty(value) => {
                    excluded = true
                }
                Some(value) => {
                    if self.shape.adds_key_bytes[position] {
                        key_bytes += (name.len() + value.size()) as u64;
                    }
                    if self.shape.partition_parts == 1 && position == 0 {
                        single = Some(value);
                    } else if position < self.shape.partition_parts {
                        parts.push(value);
                    }
                }
            }
        }
        if excluded {
            // An LSI shares the table's partition key, which every item has: only the
            // attributes the index adds say whether the application meant to write them.
            if own_missing < self.shape.own_keys {
                self.add_partial(table, entity, item, key);
            }
            return;
        }
        self.by_entity[entity].inside += 1;
        self.items += 1;
        let projected = match &self.shape.held_beyond_keys {
            None => size,
            Some(held) => key_bytes + attributes_size(item, held),
        };
        self.projected_bytes += projected;
        self.key_bytes += key_bytes;
        // A multi-attribute partition key is its whole tuple: the index hashes every part, so
        // items that share only the first attribute may sit in different partitions.
        if let Some(value) = single {
            update(&mut self.partitions, value, |usage| usage.add(projected));
        }
        match parts.as_slice() {
            [] => {}
            [value] => update(&mut self.partitions, value, |usage| usage.add(projected)),
            parts => {
                let tuple = AttrValue::L(parts.iter().map(|&value| value.clone()).collect());
                update(&mut self.partitions, &tuple, |usage| usage.add(projected));
            }
        }
    }

    fn add_partial(
        &mut self,
        table: &TableDescription,
        entity: usize,
        item: &Item,
        key: &dyn Fn() -> Item,
    ) {
        let coverage = &mut self.by_entity[entity];
        coverage.partial += 1;
        if coverage.examples >= EXAMPLES {
            return;
        }
        coverage.examples += 1;
        let Some(index) = table.indexes.get(self.shape.position) else {
            return;
        };
        if let Membership::NotIn { reasons, .. } = membership(item, table, index) {
            let why: Vec<String> = reasons.iter().map(ToString::to_string).collect();
            self.partial_examples.push((entity, key(), why.join(", ")));
        }
    }

    /// The index's items and bytes, in all and per partition key value.
    pub fn sizes(&self) -> IndexSizes {
        let (partition_items, partition_bytes) = histograms(self.partitions.values().copied());
        IndexSizes {
            index: self.name.clone(),
            items: self.items,
            bytes: self.projected_bytes,
            partitions: self.partitions.len() as u64,
            partition_items,
            partition_bytes,
            largest: largest(
                self.partitions.iter().map(|(key, usage)| (key, *usage)),
                LARGEST,
                Largest::Items,
            ),
        }
    }
}

fn is_empty(value: &AttrValue) -> bool {
    match value {
        AttrValue::S(text) => text.is_empty(),
        AttrValue::B(bytes) => bytes.is_empty(),
        _ => false,
    }
}

/// The bytes `names` take in `item` (names and values), as the index stores them.
pub fn attributes_size(item: &Item, names: &[String]) -> u64 {
    names
        .iter()
        .filter_map(|name| {
            item.get(name)
                .map(|value| (name.len() + value.size()) as u64)
        })
        .sum()
}
