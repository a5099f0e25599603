//! Compact binary form of a stored item. A `BTreeMap` item costs several hundred bytes of node
//! overhead; this encoding costs roughly the item's DynamoDB size plus a few bytes per attribute,
//! which is what keeps a million-item table within twice its DynamoDB-JSON size. The table key
//! attributes are left out (the row key already holds them) and given back on decode, and the
//! top-level attribute names are numbers in the table's [`AttributeNames`]. Items are decoded on
//! read; the encoding is private to the engine and never leaves the process.

use std::sync::Arc;

use crate::domain::compact::AttributeNames;
use crate::domain::compact::wire::{Reader, write_len, write_name, write_value};
use crate::domain::schema::KeySchema;
use crate::domain::value::{Item, item_size};

use super::key::ScalarKey;

/// The table key of a stored item, given back to [`StoredItem::decode`].
#[derive(Clone, Copy, Debug)]
pub struct KeyParts<'a> {
    pub schema: &'a KeySchema,
    pub partition: &'a ScalarKey,
    pub sort: Option<&'a ScalarKey>,
}

/// An immutable encoded item, shared between the table and the index entries that hold it.
/// The first four bytes hold the item's DynamoDB size, so paging and capacity never decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredItem(Arc<[u8]>);

/// The stored bytes could not be decoded; only possible through a bug in this module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CorruptItem;

impl StoredItem {
    /// Encodes `item` without its table key attributes (named by `key`), numbering its names
    /// in `names`.
    #[must_use]
    pub fn encode(item: &Item, key: &KeySchema, names: &mut AttributeNames) -> Self {
        Self::encode_sized(item, item_size(item), key, names)
    }

    /// [`Self::encode`] of an item whose size (`item_size`) is already known.
    pub fn encode_sized(
        item: &Item,
        size: usize,
        key: &KeySchema,
        names: &mut AttributeNames,
    ) -> Self {
        let size = u32::try_from(size).unwrap_or(u32::MAX);
        let mut out = Vec::with_capacity(16 + item.len() * 16);
        out.extend_from_slice(&size.to_le_bytes());
        let stored = item.iter().filter(|(name, _)| !key.contains(name));
        write_len(&mut out, stored.clone().count());
        for (name, value) in stored {
            write_name(&mut out, name, names);
            write_value(&mut out, value);
        }
        Self(out.into())
    }

    /// The item's size as the service counts it.
    #[must_use]
    pub fn size(&self) -> usize {
        match self.0.get(..4) {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]) as usize,
            _ => 0,
        }
    }

    /// The item, with its table key attributes put back from `key`; `names` is the dictionary
    /// it was encoded with.
    pub fn decode(&self, key: KeyParts<'_>, names: &AttributeNames) -> Result<Item, CorruptItem> {
        self.decode_only(key, names, |_| true)
    }

    /// The item with only the attributes `keep` accepts (plus the table key), skipping the
    /// others without building them: an index with a KEYS_ONLY or INCLUDE projection reads
    /// a few attributes of a larger item.
    pub fn decode_only(
        &self,
        key: KeyParts<'_>,
        names: &AttributeNames,
        keep: impl Fn(&str) -> bool,
    ) -> Result<Item, CorruptItem> {
        let mut reader = Reader::new(self.0.get(4..).ok_or(CorruptItem)?);
        let mut entries = reader.entries(Some(names), &keep).ok_or(CorruptItem)?;
        if !reader.is_empty() {
            return Err(CorruptItem);
        }
        entries.push((key.schema.partition.name.clone(), key.partition.to_value()));
        if let (Some(attribute), Some(sort)) = (&key.schema.sort, key.sort) {
            entries.push((attribute.name.clone(), sort.to_value()));
        }
        // Collecting builds the map in bulk (the entries are nearly sorted), which is cheaper
        // than inserting one by one.
        Ok(entries.into_iter().collect())
    }

    /// True when both are the very same stored item (not merely equal bytes).
    #[must_use]
    pub fn same_as(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Bytes held in memory for this item (for memory accounting in benches).
    #[must_use]
    pub fn encoded_len(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
#[path = "codec_tests.rs"]
mod tests;
