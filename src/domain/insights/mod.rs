//! Table insights: the single-table pitfalls, measured on the items a scan read. Feed every item
//! read to [`InsightScan::add`], then ask for the [`Report`]. Each finding carries its evidence,
//! the items that show it and the rule it applies, and never claims more than the items read show:
//! a sampled scan says so in [`Coverage`].

mod entity_names;
mod finding;
mod histogram;
mod index_findings;
mod indexes;
mod item_sizes;
mod key_shapes;
mod outsized;
mod partitions;
mod patterns;
mod tally;

pub use finding::{Finding, Rule, Severity};
pub use histogram::Histogram;
pub use indexes::IndexSizes;
pub use item_sizes::{EntitySize, WHOLE_ITEM_FROM};
pub use partitions::EntityPartitions;
pub use tally::CollectionSize;

use self::entity_names::EntityNames;
use self::indexes::IndexStats;
use self::item_sizes::ItemSizes;
use self::key_shapes::KeyShapes;
use self::partitions::PartitionStats;
use super::access_pattern::AccessPattern;
use super::entity::{EntityDecoder, TYPE_ATTRIBUTES};
use super::request::QueryRequest;
use super::schema::{Projection, TableDescription};
use super::value::{Item, item_size};

/// How much of the table the insights saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Every item of the table was read.
    Complete,
    /// Only part of the table was read; `table_items` is the service's (approximate) count.
    Sampled { table_items: Option<u64> },
}

/// What the insights found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub coverage: Coverage,
    pub items: u64,
    pub bytes: u64,
    pub partitions: u64,
    /// Items per partition key value.
    pub partition_sizes: Histogram,
    /// Bytes per partition key value (the item collection's size).
    pub partition_bytes: Histogram,
    /// Items and bytes of each index (GSIs and LSIs) and of its partitions, in the table's
    /// index order.
    pub index_sizes: Vec<IndexSizes>,
    /// Items and bytes of every entity, in all and per partition, most bytes first.
    pub entity_sizes: Vec<EntitySize>,
    /// The largest item collections by bytes, largest first.
    pub largest_collections: Vec<CollectionSize>,
    /// One line per access pattern of the model (and per target of the query history, when
    /// added): what serves it.
    pub access_patterns: Vec<String>,
    /// Most severe first.
    pub findings: Vec<Finding>,
}

/// The running census of a scan.
#[derive(Clone, Debug)]
pub struct InsightScan {
    table: TableDescription,
    decoder: EntityDecoder,
    entities: EntityNames,
    items: u64,
    bytes: u64,
    partitions: PartitionStats,
    sizes: ItemSizes,
    indexes: Vec<IndexStats>,
    shapes: KeyShapes,
    /// The table's key attributes, each once: their bytes are counted once per item for every
    /// index, which stores them all.
    key_names: Vec<String>,
}

impl InsightScan {
    #[must_use]
    pub fn new(table: TableDescription, decoder: EntityDecoder) -> Self {
        let indexes = (0..table.indexes.len())
            .filter_map(|position| IndexStats::new(&table, position))
            .collect();
        let mut key_names: Vec<String> = table.key.names().map(str::to_owned).collect();
        key_names.sort_unstable();
        key_names.dedup();
        Self {
            key_names,
            table,
            decoder,
            entities: EntityNames::default(),
            items: 0,
            bytes: 0,
            partitions: PartitionStats::default(),
            sizes: ItemSizes::default(),
            indexes,
            shapes: KeyShapes::default(),
        }
    }

    /// Counts one item read by the scan.
    pub fn add(&mut self, item: &Item) {
        self.add_sized(item, item_size(item) as u64);
    }

    /// Counts one item whose DynamoDB size is known already (the embedded engine stores it with
    /// the item). Below [`WHOLE_ITEM_FROM`] bytes the item may hold only the attributes
    /// [`Self::attributes_read`] names: the census reads no other.
    pub fn add_sized(&mut self, item: &Item, size: u64) {
        let Some(partition_key) = item.get(&self.table.key.partition.name) else {
            return;
        };
        let entity = self
            .entities
            .intern_clue(&self.decoder.clue(item, &self.table.key));
        self.items += 1;
        self.bytes += size;
        let table = &self.table;
        let key = || table.primary_key_of(item).unwrap_or_default();
        self.partitions.add(partition_key, entity, size);
        self.sizes.add(entity, item, size, &key);
        let key_bytes = indexes::attributes_size(item, &self.key_names);
        for stats in &mut self.indexes {
            stats.add(table, entity, item, (size, key_bytes), &key);
        }
        self.shapes.add(entity, item, &table.key, &key);
    }

    /// Every attribute the census reads of an item smaller than [`WHOLE_ITEM_FROM`] bytes: the
    /// table's and the indexes' keys, the attributes an index projects, the attributes that name
    /// an entity (a type attribute, a model's marker). Sorted, each once.
    #[must_use]
    pub fn attributes_read(&self) -> Vec<String> {
        let table = &self.table;
        let mut names: Vec<String> = table.key.names().map(str::to_owned).collect();
        for index in &table.indexes {
            names.extend(index.key.names().map(str::to_owned));
            if let Projection::Include(included) = &index.projection {
                names.extend(included.iter().cloned());
            }
        }
        names.extend(TYPE_ATTRIBUTES.iter().map(|&name| name.to_owned()));
        if let Some(model) = self.decoder.model() {
            let markers = model.entities.iter().filter_map(|e| e.marker.as_ref());
            names.extend(markers.map(|marker| marker.attribute.clone()));
        }
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The table the census counts items of.
    #[must_use]
    pub fn table(&self) -> &TableDescription {
        &self.table
    }

    /// Adds to `report` what the earlier queries (`history`, newest first or in any order) show:
    /// the target of each and those on an index the table does not have.
    pub fn add_query_history(&self, report: &mut Report, history: &[QueryRequest]) {
        let (lines, finding) = patterns::review_history(&self.table, history);
        report.access_patterns.extend(lines);
        report.findings.extend(finding);
        report
            .findings
            .sort_by(|a, b| b.severity.cmp(&a.severity).then(a.rule.cmp(&b.rule)));
    }

    /// The findings so far, most severe first, then in the order of the rules.
    #[must_use]
    pub fn report(&self, coverage: Coverage, patterns: &[AccessPattern]) -> Report {
        let mut partitions = self.partitions.summary(&self.table, self.entities.len());
        let mut findings = std::mem::take(&mut partitions.findings);
        findings.extend(self.sizes.findings(&self.entities));
        for stats in &self.indexes {
            findings.extend(stats.findings(&self.entities, self.items, self.bytes));
        }
        findings.extend(self.shapes.findings(&self.entities, &self.table.key));
        let (access_patterns, unserved) = patterns::review(&self.table, patterns);
        findings.extend(unserved);
        findings.sort_by(|a, b| b.severity.cmp(&a.severity).then(a.rule.cmp(&b.rule)));
        Report {
            coverage,
            items: self.items,
            bytes: self.bytes,
            partitions: self.partitions.len(),
            partition_sizes: partitions.items,
            partition_bytes: partitions.bytes,
            index_sizes: self.indexes.iter().map(IndexStats::sizes).collect(),
            entity_sizes: self
                .sizes
                .entity_sizes(&self.entities, &mut partitions.by_entity),
            largest_collections: partitions.largest,
            access_patterns,
            findings,
        }
    }
}

#[cfg(test)]
mod tests;
