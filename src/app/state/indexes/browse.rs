//! Browsing one secondary index: its items (as the index holds them, possibly a partial
//! projection) read by a streamed Scan on the index and grouped by the index partition key.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::app::state::grid::columns::{ColumnContext, Columns};
use crate::app::state::indexes::streamed_scan::StreamedScan;
use crate::app::state::stale::{Kept, Refreshable, Stale};
use crate::domain::compact::CompactItems;
use crate::domain::entity::EntityDecoder;
use crate::domain::expr::order::key_order;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// The items of one index partition.
#[derive(Clone, Debug)]
pub struct IndexGroup {
    /// The index partition key value; for a multi-attribute partition key, the list of its
    /// attributes' values in key order (the tuple that names the partition).
    pub pk: AttrValue,
    /// Kept compact, as query results are: a large sparse index can hold many of them.
    pub items: CompactItems,
    /// Column state, made when the group is first opened.
    pub columns: Option<Columns>,
    /// Display order of `items` under the columns' sort (kept current as pages land).
    pub order: Vec<usize>,
}

impl IndexGroup {
    /// The item at display row `row`, decoded.
    #[must_use]
    pub fn item_at(&self, row: usize) -> Option<Item> {
        let index = if self.columns.is_some() {
            *self.order.get(row)?
        } else {
            row
        };
        self.items.get(index)
    }

    /// Creates or refreshes the columns and the display order from the items read so far.
    pub fn refresh_columns(&mut self, context: ColumnContext<'_>) {
        Columns::choose_or_refresh(&mut self.columns, &self.items, context);
        self.reorder();
    }

    /// Recomputes the display order after a sort change.
    pub fn reorder(&mut self) {
        self.order = Columns::display_order(self.columns.as_ref(), &self.items);
    }
}

/// The index partition an item is filed under: its partition key value, or the list of the
/// values of a multi-attribute partition key; `None` when one is missing.
fn partition_of(item: &Item, key: &KeySchema) -> Option<AttrValue> {
    if key.more_partition.is_empty() {
        return item.get(&key.partition.name).cloned();
    }
    key.partition_attributes()
        .map(|attribute| item.get(&attribute.name).cloned())
        .collect::<Option<Vec<_>>>()
        .map(AttrValue::L)
}

/// DynamoDB's key order, attribute by attribute for the lists of multi-attribute keys.
fn tuple_order(a: &AttrValue, b: &AttrValue) -> Ordering {
    match (a, b) {
        (AttrValue::L(a), AttrValue::L(b)) => a
            .iter()
            .zip(b)
            .map(|(a, b)| key_order(a, b))
            .find(|order| order.is_ne())
            .unwrap_or_else(|| a.len().cmp(&b.len())),
        _ => key_order(a, b),
    }
}

/// The scan of one index and what it found.
#[derive(Clone, Debug)]
pub struct IndexBrowse {
    pub index: String,
    pub scan: StreamedScan,
    /// Groups ordered by the index partition key in DynamoDB's order.
    pub groups: Vec<IndexGroup>,
    /// Index items read.
    pub items: u64,
    /// Entity types of the index items read (decoded with the table key, which every index
    /// item carries), with counts.
    pub entities: BTreeMap<String, u64>,
    /// The browse read before, while the index is scanned again.
    pub kept: Option<Kept<Self>>,
    /// Set when this browse was put back after scanning the index again failed.
    pub stale: Option<Stale>,
}

impl Refreshable for IndexBrowse {
    fn kept(&mut self) -> &mut Option<Kept<Self>> {
        &mut self.kept
    }
    fn stale(&mut self) -> &mut Option<Stale> {
        &mut self.stale
    }
    fn has_data(&self) -> bool {
        self.scan.stopped_well()
    }
}

impl IndexBrowse {
    #[must_use]
    pub fn new(index: impl Into<String>, scan: StreamedScan) -> Self {
        Self {
            index: index.into(),
            scan,
            groups: Vec::new(),
            items: 0,
            entities: BTreeMap::new(),
            kept: None,
            stale: None,
        }
    }

    /// Files a page of index items under their index partition key.
    pub fn add_page(
        &mut self,
        items: Vec<Item>,
        index_key: &KeySchema,
        table_key: &KeySchema,
        decoder: &EntityDecoder,
    ) {
        for item in items {
            self.items += 1;
            let entity = decoder
                .decode(&item, table_key)
                .map_or_else(|| "(unknown)".to_owned(), |entity| entity.name);
            *self.entities.entry(entity).or_default() += 1;
            // An index only holds items that have its partition key.
            let Some(pk) = partition_of(&item, index_key) else {
                continue;
            };
            match self.position(&pk) {
                Ok(position) => self.groups[position].items.push(&item),
                Err(position) => self.groups.insert(
                    position,
                    IndexGroup {
                        pk,
                        items: CompactItems::from(vec![item]),
                        columns: None,
                        order: Vec::new(),
                    },
                ),
            }
        }
    }

    fn position(&self, pk: &AttrValue) -> Result<usize, usize> {
        self.groups
            .binary_search_by(|group| tuple_order(&group.pk, pk).then(Ordering::Equal))
    }

    #[must_use]
    pub fn group(&self, pk: &AttrValue) -> Option<&IndexGroup> {
        self.position(pk)
            .ok()
            .map(|position| &self.groups[position])
    }

    pub fn group_mut(&mut self, pk: &AttrValue) -> Option<&mut IndexGroup> {
        self.position(pk)
            .ok()
            .map(|position| &mut self.groups[position])
    }

    /// Entity types, most items first.
    #[must_use]
    pub fn entity_mix(&self) -> Vec<(&str, u64)> {
        let mut mix: Vec<(&str, u64)> = self
            .entities
            .iter()
            .map(|(name, count)| (name.as_str(), *count))
            .collect();
        mix.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        mix
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::app::state::indexes::streamed_scan::StreamedScan;
    use crate::backend::ScanRequest;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    #[test]
    fn items_are_grouped_by_index_partition_key_in_dynamodb_order() {
        let table_key = KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        );
        let index_key = KeySchema::new(KeyAttribute::new("score", ValueType::N), None);
        let item = |pk: &str, score: Option<i64>| -> Item {
            let mut item: Item = [
                ("PK".to_owned(), AttrValue::s(pk)),
                ("SK".to_owned(), AttrValue::s("METADATA")),
            ]
            .into_iter()
            .collect();
            if let Some(score) = score {
                item.insert("score".to_owned(), AttrValue::n(score));
            }
            item
        };
        let scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        let mut browse = IndexBrowse::new("ByScore", scan);
        let decoder = EntityDecoder::new();
        browse.add_page(
            vec![item("USER#1", Some(10)), item("USER#2", Some(9))],
            &index_key,
            &table_key,
            &decoder,
        );
        browse.add_page(
            vec![item("USER#3", Some(10)), item("STORE#1", None)],
            &index_key,
            &table_key,
            &decoder,
        );
        let groups: Vec<(AttrValue, usize)> = browse
            .groups
            .iter()
            .map(|group| (group.pk.clone(), group.items.len()))
            .collect();
        assert_eq!(
            groups,
            [(AttrValue::n(9), 1), (AttrValue::n(10), 2)],
            "9 before 10"
        );
        assert_eq!(browse.items, 4);
        assert_eq!(browse.entity_mix(), [("User", 3), ("Store", 1)]);
        let ten = browse.group(&AttrValue::n(10)).expect("group 10");
        assert_eq!(
            ten.items.attribute(1, "PK"),
            Some(AttrValue::s("USER#3")),
            "page order kept"
        );
    }

    #[test]
    fn a_multi_attribute_partition_key_groups_by_the_tuple_of_its_values_in_key_order() {
        let table_key = KeySchema::new(KeyAttribute::new("PK", ValueType::S), None);
        let index_key = KeySchema::from_parts(
            vec![
                KeyAttribute::new("status", ValueType::S),
                KeyAttribute::new("n", ValueType::N),
            ],
            Vec::new(),
        )
        .expect("two partition attributes");
        let item = |pk: &str, status: &str, n: Option<i64>| -> Item {
            let mut item: Item = [
                ("PK".to_owned(), AttrValue::s(pk)),
                ("status".to_owned(), AttrValue::s(status)),
            ]
            .into_iter()
            .collect();
            if let Some(n) = n {
                item.insert("n".to_owned(), AttrValue::n(n));
            }
            item
        };
        let scan = StreamedScan::start(ScanRequest::new("T"), None, Duration::ZERO);
        let mut browse = IndexBrowse::new("ByStatus", scan);
        browse.add_page(
            vec![
                item("A", "OPEN", Some(10)),
                item("B", "OPEN", Some(9)),
                item("C", "CLOSED", Some(10)),
                item("D", "OPEN", Some(10)),
                item("E", "OPEN", None),
            ],
            &index_key,
            &table_key,
            &EntityDecoder::new(),
        );
        let groups: Vec<(String, usize)> = browse
            .groups
            .iter()
            .map(|group| {
                (
                    crate::domain::key_value::key_text(&group.pk),
                    group.items.len(),
                )
            })
            .collect();
        assert_eq!(
            groups,
            [
                ("CLOSED · 10".to_owned(), 1),
                ("OPEN · 9".to_owned(), 1),
                ("OPEN · 10".to_owned(), 2),
            ],
            "first attribute first, numbers numerically; E lacks `n` and is in no group"
        );
    }
}
