//! Key grammars: how the single-table libraries and hand-rolled designs write their keys, read
//! from the keys themselves without configuration.
//!
//! A [`KeyDecode`] splits one key into [`Segment`]s that rejoin to the key byte for byte, and
//! says which grammar read it and why. [`decode_key`] tries the grammars from the most specific:
//! ElectroDB's `$service#attr_value` / `$entity_version#attr_value` / `$collection#entity_version`
//! shapes, then hand-rolled separators. Item markers (`__edb_e__`, `_et`, `_type`, `__typename`)
//! are read by [`markers`].

mod decode;
pub mod electrodb;
pub mod markers;
pub mod onetable;
pub mod separators;
pub mod values;

pub use decode::{Grammar, KeyDecode, Levels, Role, Segment, part_kind};

use crate::domain::value::Item;

/// Reads `key` with the first grammar that fits it. `sort` says whether it is a sort key
/// (ElectroDB writes partition and sort keys differently).
#[must_use]
pub fn decode_key(key: &str, sort: bool) -> KeyDecode<'_> {
    let electrodb = if sort {
        electrodb::decode_sort_key(key)
    } else {
        electrodb::decode_partition_key(key)
    };
    electrodb.unwrap_or_else(|| separators::decode(key))
}

/// The collection levels of a partition key, outermost first: `$taskapp`, `employee` for
/// `$taskapp#employee_e001`; `TENANT`, `USER` for `TENANT#t1#USER#u9`; `USER` for `USER#u1`;
/// none when the key starts with a value (a bare id, a date). Allocation-free: it runs for every
/// scanned item.
#[must_use]
pub fn collection_levels(key: &str) -> Levels<'_> {
    electrodb::partition_levels(key, None).unwrap_or_else(|| separators::partition_levels(key))
}

/// [`collection_levels`] of `item`'s partition key `key`, an ElectroDB label read against the
/// item's attribute names (`employee_id`, not `employee`, for `$taskapp#employee_id_e1`).
#[must_use]
pub fn item_collection_levels<'k>(key: &'k str, item: &Item) -> Levels<'k> {
    electrodb::partition_levels(key, Some(item))
        .unwrap_or_else(|| separators::partition_levels(key))
}

/// [`decode_key`] of one of `item`'s keys, ElectroDB labels read against its attribute names.
#[must_use]
pub fn decode_item_key<'k>(key: &'k str, sort: bool, item: &Item) -> KeyDecode<'k> {
    let mut decode = decode_key(key, sort);
    electrodb::relabel_from_item(&mut decode, item);
    decode
}

#[cfg(test)]
mod tests;
