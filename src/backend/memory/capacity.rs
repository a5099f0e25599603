//! Consumed capacity by the service's rules (reference §11), so `--demo` and offline tables can
//! show the cost a request would have on DynamoDB.
//!
//! Reads: 4 KB units, the whole page's bytes rounded up once, at least one unit; half for an
//! eventually consistent read, double for a transactional one. Writes: 1 KB units of the larger of
//! the old and new item, at least one; GSIs are charged their own writes (one to add or remove an
//! entry, two when the index key changes).

use std::collections::BTreeMap;

use crate::backend::ConsumedCapacity;
use crate::domain::capacity::units;
use crate::domain::schema::{IndexSchema, KeySchema};
use crate::domain::value::{Item, item_size};

use super::index_keys::{Membership, membership, project};

/// Read units for `bytes` read in one request.
#[must_use]
pub fn read_units(bytes: usize, consistent: bool) -> f64 {
    let units = units::page_strong_read_units(bytes as u64) as f64;
    if consistent { units } else { units / 2.0 }
}

/// Write units for an item of `bytes`.
#[must_use]
pub fn write_units(bytes: usize) -> f64 {
    units::write_units(bytes as u64) as f64
}

/// Capacity of a read of the table (`index = None`) or of an index.
#[must_use]
pub fn read(index: Option<&str>, bytes: usize, consistent: bool) -> ConsumedCapacity {
    let units = read_units(bytes, consistent);
    match index {
        None => ConsumedCapacity {
            total: units,
            table: Some(units),
            indexes: BTreeMap::new(),
        },
        Some(name) => ConsumedCapacity {
            total: units,
            table: Some(0.0),
            indexes: BTreeMap::from([(name.to_owned(), units)]),
        },
    }
}

/// Capacity of a write that turned `old` into `new` (either may be absent). A failed
/// conditional write passes `new = None` and `old` as stored: it is charged for the table only.
#[must_use]
pub fn write(
    table_key: &KeySchema,
    indexes: &[IndexSchema],
    old: Option<&Item>,
    new: Option<&Item>,
) -> ConsumedCapacity {
    let largest = old.map_or(0, item_size).max(new.map_or(0, item_size));
    let table_units = write_units(largest);
    let mut consumed = ConsumedCapacity {
        total: table_units,
        table: Some(table_units),
        indexes: BTreeMap::new(),
    };
    for index in indexes {
        let units = index_write_units(table_key, index, old, new);
        if units > 0.0 {
            consumed.total += units;
            consumed.indexes.insert(index.name.clone(), units);
        }
    }
    consumed
}

fn entry(
    index: &IndexSchema,
    table_key: &KeySchema,
    item: Option<&Item>,
) -> Option<(Membership, Item)> {
    let item = item?;
    match membership(index, item) {
        found @ Membership::Member(..) => Some((found, project(index, table_key, item.clone()))),
        _ => None,
    }
}

fn index_write_units(
    table_key: &KeySchema,
    index: &IndexSchema,
    old: Option<&Item>,
    new: Option<&Item>,
) -> f64 {
    // LSI writes are charged to the table's own capacity, but the service still reports them
    // under LocalSecondaryIndexes; the rule for counting is the same.
    let units = |entry: &Item| write_units(item_size(entry));
    match (entry(index, table_key, old), entry(index, table_key, new)) {
        (None, None) => 0.0,
        (Some((_, before)), None) => units(&before),
        (None, Some((_, after))) => units(&after),
        (Some((old_key, before)), Some((new_key, after))) => {
            if old_key != new_key {
                units(&before) + units(&after)
            } else if before != after {
                units(&after)
            } else {
                0.0
            }
        }
    }
}

/// Doubles every figure: transactional reads and writes cost twice.
#[must_use]
pub fn transactional(mut consumed: ConsumedCapacity) -> ConsumedCapacity {
    consumed.total *= 2.0;
    if let Some(table) = consumed.table.as_mut() {
        *table *= 2.0;
    }
    for units in consumed.indexes.values_mut() {
        *units *= 2.0;
    }
    consumed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{IndexKind, KeyAttribute, Projection};
    use crate::domain::value::{AttrValue, ValueType};

    #[test]
    fn reads_round_up_to_4_kb_and_cost_half_when_eventually_consistent() {
        let cases = [
            (0, true, 1.0),
            (0, false, 0.5),
            (4096, true, 1.0),
            (4097, true, 2.0),
            (4097, false, 1.0),
            (1024 * 1024, false, 128.0),
        ];
        for (bytes, consistent, expected) in cases {
            assert_eq!(read_units(bytes, consistent), expected, "{bytes} bytes");
        }
    }

    #[test]
    fn writes_round_up_to_1_kb_with_a_minimum_of_one() {
        for (bytes, expected) in [(0, 1.0), (1, 1.0), (1024, 1.0), (1025, 2.0)] {
            assert_eq!(write_units(bytes), expected, "{bytes} bytes");
        }
    }

    fn schema() -> (KeySchema, Vec<IndexSchema>) {
        let key = KeySchema::new(KeyAttribute::new("PK", ValueType::S), None);
        let index = IndexSchema {
            name: "GSI1".into(),
            kind: IndexKind::Global,
            key: KeySchema::new(KeyAttribute::new("G", ValueType::S), None),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        };
        (key, vec![index])
    }

    fn item(g: Option<&str>, padding: usize) -> Item {
        let mut item = Item::new();
        item.insert("PK".into(), AttrValue::s("a"));
        item.insert("pad".into(), AttrValue::s("x".repeat(padding)));
        if let Some(g) = g {
            item.insert("G".into(), AttrValue::s(g));
        }
        item
    }

    #[test]
    fn a_put_is_charged_for_the_larger_item_and_each_gsi_entry_it_touches() {
        let (key, indexes) = schema();
        let old = item(Some("one"), 3000);
        let new = item(Some("two"), 10);
        let consumed = write(&key, &indexes, Some(&old), Some(&new));
        assert_eq!(consumed.table, Some(3.0));
        // The index key changed: remove the old entry (3 units) and add the new one (1 unit).
        assert_eq!(consumed.indexes.get("GSI1"), Some(&4.0));
        assert_eq!(consumed.total, 7.0);
    }

    #[test]
    fn a_write_of_an_item_outside_a_sparse_index_costs_that_index_nothing() {
        let (key, indexes) = schema();
        let consumed = write(&key, &indexes, None, Some(&item(None, 10)));
        assert!(consumed.indexes.is_empty());
        assert_eq!(consumed.total, 1.0);
    }

    #[test]
    fn transactional_capacity_is_double() {
        let doubled = transactional(read(None, 5000, true));
        assert_eq!((doubled.total, doubled.table), (4.0, Some(4.0)));
    }
}
