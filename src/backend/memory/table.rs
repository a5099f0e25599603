//! One table's storage: the rows of the table and of each secondary index, kept in step on every
//! write. Index rows share the table's encoded item (`StoredItem` is reference counted), so an
//! `ALL` index costs only its keys.

mod stream;

use std::collections::BTreeMap;

use crate::domain::schema::{IndexSchema, TableDescription};
use crate::domain::value::{Item, item_size};

use super::codec::StoredItem;
use super::index_keys::{Membership, membership};
use super::map_builder::MapBuilder;
use super::rows::{IndexRow, PrimaryKey, TableRow};
use super::stream::StreamLog;
use crate::domain::compact::AttributeNames;

/// The rows of one secondary index, with their total size kept up to date (DescribeTable is
/// asked often and must not walk a million rows).
#[derive(Debug, Default)]
pub struct IndexData {
    pub rows: BTreeMap<IndexRow, StoredItem>,
    pub size_bytes: u64,
}

impl IndexData {
    fn from_rows(rows: BTreeMap<IndexRow, StoredItem>) -> Self {
        let size_bytes = rows.values().map(|s| s.size() as u64).sum();
        Self { rows, size_bytes }
    }

    fn insert(&mut self, row: IndexRow, stored: StoredItem) {
        self.size_bytes += stored.size() as u64;
        if let Some(old) = self.rows.insert(row, stored) {
            self.size_bytes = self.size_bytes.saturating_sub(old.size() as u64);
        }
    }

    fn remove(&mut self, row: &IndexRow) {
        if let Some(old) = self.rows.remove(row) {
            self.size_bytes = self.size_bytes.saturating_sub(old.size() as u64);
        }
    }
}

/// A table: its description, its rows and its indexes (in the description's index order).
#[derive(Debug)]
pub struct TableData {
    pub description: TableDescription,
    pub rows: BTreeMap<TableRow, StoredItem>,
    pub indexes: Vec<IndexData>,
    /// Sum of the stored items' sizes, for DescribeTable.
    pub size_bytes: u64,
    /// The dictionary the stored items' attribute names are numbered in.
    pub names: AttributeNames,
    /// The table's stream, when it has (or had) one.
    pub stream: Option<StreamLog>,
    /// Set once DeleteTable removed the table: a write still holding it must not change it.
    pub dropped: bool,
}

/// An item kept in the table but left out of an index because its index key is invalid
/// (only on import; writes refuse such items).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexViolation {
    pub index: String,
    pub key: PrimaryKey,
    pub message: String,
}

/// Builds a table from a stream of items by sorted bulk builds (much faster than inserting item
/// by item, see [`MapBuilder`]). Only encoded items and keys are kept, so a caller that streams
/// its input never holds the decoded items of the whole table. A later item with the same key
/// replaces an earlier one, as a sequence of PutItems would.
pub struct TableLoader {
    description: TableDescription,
    table_rows: MapBuilder<TableRow, StoredItem>,
    index_rows: Vec<MapBuilder<IndexRow, StoredItem>>,
    violations: Vec<IndexViolation>,
    names: AttributeNames,
}

impl TableLoader {
    #[must_use]
    pub fn new(description: TableDescription) -> Self {
        let index_rows = description
            .indexes
            .iter()
            .map(|_| MapBuilder::default())
            .collect();
        Self {
            description,
            table_rows: MapBuilder::default(),
            index_rows,
            violations: Vec::new(),
            names: AttributeNames::default(),
        }
    }

    pub fn description(&self) -> &TableDescription {
        &self.description
    }

    /// Adds an item that already passed [`super::limits::check_item`] under `key`.
    pub fn push(&mut self, key: PrimaryKey, item: &Item) {
        self.push_sized(key, item_size(item), item);
    }

    /// [`Self::push`] of an item whose size the check already computed.
    pub fn push_sized(&mut self, key: PrimaryKey, size: usize, item: &Item) {
        let stored = StoredItem::encode_sized(item, size, &self.description.key, &mut self.names);
        for (index, rows) in self
            .description
            .indexes
            .iter()
            .zip(self.index_rows.iter_mut())
        {
            match membership(index, item) {
                Membership::Member(partition, sort) => {
                    let row = IndexRow::of(index.kind, partition, sort, key.clone());
                    rows.push(row, stored.clone());
                }
                Membership::Absent => {}
                Membership::Violation(message) => self.violations.push(IndexViolation {
                    index: index.name.clone(),
                    key: key.clone(),
                    message,
                }),
            }
        }
        self.table_rows.push(TableRow::owning(key), stored);
    }

    pub fn finish(self) -> (TableData, Vec<IndexViolation>) {
        let Self {
            description,
            table_rows,
            index_rows,
            violations,
            names,
        } = self;
        let pushed = table_rows.pushed();
        let rows = table_rows.finish();
        let replaced = rows.len() < pushed;
        let size_bytes = rows.values().map(|s| s.size() as u64).sum();
        let indexes = index_rows
            .into_iter()
            .map(|index| {
                let mut index = index.finish();
                if replaced {
                    // A replaced item's index rows must go too: keep only rows that hold the
                    // surviving item of their table key.
                    index.retain(|row, stored| {
                        row.table_key().is_some_and(|key| {
                            rows.get(&TableRow::of(key))
                                .is_some_and(|kept| kept.same_as(stored))
                        })
                    });
                }
                IndexData::from_rows(index)
            })
            .collect();
        let mut table = TableData {
            description,
            rows,
            indexes,
            size_bytes,
            names,
            stream: None,
            dropped: false,
        };
        table.open_described_stream();
        (table, violations)
    }
}

impl TableData {
    /// Builds a table from items that already passed [`super::limits::check_item`]; see
    /// [`TableLoader`].
    pub fn load(
        description: TableDescription,
        items: impl IntoIterator<Item = (PrimaryKey, Item)>,
    ) -> (Self, Vec<IndexViolation>) {
        let mut loader = TableLoader::new(description);
        for (key, item) in items {
            loader.push(key, &item);
        }
        loader.finish()
    }

    pub fn get(&self, key: &PrimaryKey) -> Option<&StoredItem> {
        self.rows.get(&TableRow::of(key))
    }

    /// Checks that `item` can enter every index; the first violation is the service's error text.
    pub fn check_index_keys(&self, item: &Item) -> Result<(), String> {
        for index in &self.description.indexes {
            if let Membership::Violation(message) = membership(index, item) {
                return Err(message);
            }
        }
        Ok(())
    }

    /// Stores `item` under `key` (already validated), replacing any previous item and moving its
    /// index rows; the stream records the change. Returns the previous item.
    pub fn put(&mut self, key: &PrimaryKey, item: &Item) -> Option<Item> {
        let previous = self.remove(key);
        if let Some(stream) = &mut self.stream {
            stream.record(&self.description.key, previous.as_ref(), Some(item));
        }
        let stored = StoredItem::encode(item, &self.description.key, &mut self.names);
        self.size_bytes += stored.size() as u64;
        for (schema, index) in self.description.indexes.iter().zip(&mut self.indexes) {
            if let Membership::Member(partition, sort) = membership(schema, item) {
                let row = IndexRow::of(schema.kind, partition, sort, key.clone());
                index.insert(row, stored.clone());
            }
        }
        self.rows.insert(TableRow::of(key), stored);
        previous
    }

    /// Removes the item under `key` and its index rows, the stream recording the change;
    /// returns it.
    pub fn delete(&mut self, key: &PrimaryKey) -> Option<Item> {
        let previous = self.remove(key);
        if let Some(stream) = &mut self.stream {
            stream.record(&self.description.key, previous.as_ref(), None);
        }
        previous
    }

    /// Removes the item under `key` and its index rows; returns it.
    fn remove(&mut self, key: &PrimaryKey) -> Option<Item> {
        let stored = self.rows.remove(&TableRow::of(key))?;
        self.size_bytes = self.size_bytes.saturating_sub(stored.size() as u64);
        // A stored item always decodes (we encoded it); if it somehow did not, its index rows
        // would be unreachable by key, so fall back to dropping them by identity.
        let Ok(item) = stored.decode(key.parts(&self.description.key), &self.names) else {
            for index in &mut self.indexes {
                index
                    .rows
                    .retain(|_, candidate| !candidate.same_as(&stored));
                index.size_bytes = index.rows.values().map(|s| s.size() as u64).sum();
            }
            return None;
        };
        for (schema, index) in self.description.indexes.iter().zip(&mut self.indexes) {
            if let Membership::Member(partition, sort) = membership(schema, &item) {
                index.remove(&IndexRow::of(schema.kind, partition, sort, key.clone()));
            }
        }
        Some(item)
    }

    /// Adds an index and fills it from the stored items, as DynamoDB backfills a new GSI: items
    /// whose index key is invalid stay out of it and are reported.
    pub fn add_index(&mut self, schema: IndexSchema) -> Vec<IndexViolation> {
        let mut rows = Vec::new();
        let mut violations = Vec::new();
        for (row, stored) in &self.rows {
            let Some(key) = row.primary_key() else {
                continue;
            };
            let Ok(item) = stored.decode(key.parts(&self.description.key), &self.names) else {
                continue;
            };
            match membership(&schema, &item) {
                Membership::Member(partition, sort) => {
                    rows.push((
                        IndexRow::of(schema.kind, partition, sort, key),
                        stored.clone(),
                    ));
                }
                Membership::Absent => {}
                Membership::Violation(message) => violations.push(IndexViolation {
                    index: schema.name.clone(),
                    key,
                    message,
                }),
            }
        }
        self.indexes
            .push(IndexData::from_rows(rows.into_iter().collect()));
        self.description.indexes.push(schema);
        violations
    }

    /// Drops a named index; false when the table has none by that name.
    pub fn remove_index(&mut self, name: &str) -> bool {
        let Some(position) = self
            .description
            .indexes
            .iter()
            .position(|index| index.name == name)
        else {
            return false;
        };
        self.indexes.remove(position);
        self.description.indexes.remove(position);
        true
    }

    /// The schema and rows of a named index.
    pub fn index(&self, name: &str) -> Option<(&IndexSchema, &IndexData)> {
        let position = self
            .description
            .indexes
            .iter()
            .position(|index| index.name == name)?;
        Some((&self.description.indexes[position], &self.indexes[position]))
    }

    pub fn item_count(&self) -> usize {
        self.rows.len()
    }

    /// The description with live counts filled in, as DescribeTable reports it.
    pub fn describe(&self) -> TableDescription {
        let mut description = self.description.clone();
        description.item_count = Some(self.rows.len() as u64);
        description.size_bytes = Some(self.size_bytes);
        description
            .status
            .get_or_insert_with(|| "ACTIVE".to_owned());
        for (schema, index) in description.indexes.iter_mut().zip(&self.indexes) {
            schema.item_count = Some(index.rows.len() as u64);
            schema.size_bytes = Some(index.size_bytes);
        }
        description
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::memory::key::ScalarKey;
    use crate::domain::schema::Projection;
    use crate::domain::value::AttrValue;

    /// The engine tests' shared table: PK/SK with a GSI1 that projects everything.
    fn description() -> TableDescription {
        crate::backend::memory::read_tests::description(Projection::All)
    }

    fn item(pk: &str, sk: &str, gsi: Option<(&str, AttrValue)>) -> (PrimaryKey, Item) {
        let mut item = Item::new();
        item.insert("PK".into(), AttrValue::s(pk));
        item.insert("SK".into(), AttrValue::s(sk));
        if let Some((gsi_pk, gsi_sk)) = gsi {
            item.insert("GSI1PK".into(), AttrValue::s(gsi_pk));
            item.insert("GSI1SK".into(), gsi_sk);
        }
        let key = PrimaryKey {
            partition: ScalarKey::S(pk.into()),
            sort: Some(ScalarKey::S(sk.into())),
        };
        (key, item)
    }

    #[test]
    fn load_keeps_index_violations_in_the_table_but_out_of_the_index() {
        let items = vec![
            item("U#1", "A", Some(("G#1", AttrValue::s("U#1")))),
            item("U#2", "A", Some(("G#1", AttrValue::n(7)))),
            item("U#3", "A", None),
        ];
        let (table, violations) = TableData::load(description(), items);
        assert_eq!(table.item_count(), 3);
        assert_eq!(table.indexes[0].rows.len(), 1);
        assert_eq!(violations.len(), 1);
        assert_eq!(violations[0].index, "GSI1");
    }

    #[test]
    fn load_keeps_the_last_of_duplicate_keys_and_only_its_index_rows() {
        let items = vec![
            item("U#1", "A", Some(("G#old", AttrValue::s("x")))),
            item("U#1", "A", Some(("G#new", AttrValue::s("x")))),
        ];
        let (table, _) = TableData::load(description(), items);
        assert_eq!(table.item_count(), 1);
        assert_eq!(table.indexes[0].rows.len(), 1);
        let row = table.indexes[0].rows.keys().next().expect("one index row");
        assert_eq!(row.partition_value(), Some(&ScalarKey::S("G#new".into())));
    }

    #[test]
    fn put_moves_index_rows_and_delete_removes_them() {
        let (mut table, _) = TableData::load(description(), Vec::new());
        let (key, first) = item("U#1", "A", Some(("G#1", AttrValue::s("x"))));
        assert_eq!(table.put(&key, &first), None);
        let (_, moved) = item("U#1", "A", Some(("G#2", AttrValue::s("x"))));
        assert_eq!(table.put(&key, &moved), Some(first));
        assert_eq!(table.indexes[0].rows.len(), 1);
        let recomputed: u64 = table.indexes[0]
            .rows
            .values()
            .map(|s| s.size() as u64)
            .sum();
        assert_eq!(table.indexes[0].size_bytes, recomputed);
        assert!(recomputed > 0);
        let (_, sparse) = item("U#1", "A", None);
        table.put(&key, &sparse);
        assert_eq!(table.indexes[0].size_bytes, 0);
        assert!(table.indexes[0].rows.is_empty());
        assert_eq!(table.delete(&key), Some(sparse));
        assert_eq!(table.item_count(), 0);
        assert_eq!(table.size_bytes, 0);
    }

    #[test]
    fn an_index_added_later_is_backfilled_and_skips_items_with_invalid_keys() {
        let mut bare = description();
        let index = bare.indexes.remove(0);
        let items = vec![
            item("U#1", "A", Some(("G#1", AttrValue::s("x")))),
            item("U#2", "A", Some(("G#1", AttrValue::n(5)))),
            item("U#3", "A", None),
        ];
        let (mut table, _) = TableData::load(bare, items);
        let violations = table.add_index(index);
        assert_eq!(violations.len(), 1);
        assert_eq!(violations[0].key.partition, ScalarKey::S("U#2".into()));
        let (_, rows) = table.index("GSI1").expect("index added");
        assert_eq!(rows.rows.len(), 1);
    }
}
