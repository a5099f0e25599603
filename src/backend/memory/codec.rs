//! Compact binary form of a stored item. A `BTreeMap` item costs several hundred bytes of node
//! overhead; this encoding costs roughly the item's DynamoDB size plus a few bytes per attribute,
//! which is what keeps a million-item table within twice its DynamoDB-JSON size. Items are decoded
//! on read; the encoding is private to the engine and never leaves the process.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item, item_size};

const TAG_S: u8 = 0;
const TAG_N: u8 = 1;
const TAG_B: u8 = 2;
const TAG_TRUE: u8 = 3;
const TAG_FALSE: u8 = 4;
const TAG_NULL: u8 = 5;
const TAG_M: u8 = 6;
const TAG_L: u8 = 7;
const TAG_SS: u8 = 8;
const TAG_NS: u8 = 9;
const TAG_BS: u8 = 10;

/// An immutable encoded item, shared between the table and the index entries that hold it.
/// The first four bytes hold the item's DynamoDB size, so paging and capacity never decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredItem(Arc<[u8]>);

/// The stored bytes could not be decoded; only possible through a bug in this module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CorruptItem;

impl StoredItem {
    #[must_use]
    pub fn encode(item: &Item) -> Self {
        let size = u32::try_from(item_size(item)).unwrap_or(u32::MAX);
        let mut out = Vec::with_capacity(16 + item.len() * 16);
        out.extend_from_slice(&size.to_le_bytes());
        write_map(&mut out, item);
        Self(out.into())
    }

    /// The item's size as the service counts it.
    #[must_use]
    pub fn size(&self) -> usize {
        let mut header = [0u8; 4];
        header.copy_from_slice(&self.0[..4]);
        u32::from_le_bytes(header) as usize
    }

    pub fn decode(&self) -> Result<Item, CorruptItem> {
        let mut reader = Reader {
            bytes: &self.0[4..],
        };
        let item = reader.map().ok_or(CorruptItem)?;
        if reader.bytes.is_empty() {
            Ok(item)
        } else {
            Err(CorruptItem)
        }
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

fn write_len(out: &mut Vec<u8>, mut len: usize) {
    // LEB128: one byte for the short names and values that dominate real items.
    loop {
        let low = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

fn write_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    write_len(out, bytes.len());
    out.extend_from_slice(bytes);
}

fn write_map(out: &mut Vec<u8>, map: &BTreeMap<String, AttrValue>) {
    write_len(out, map.len());
    for (name, value) in map {
        write_bytes(out, name.as_bytes());
        write_value(out, value);
    }
}

fn write_value(out: &mut Vec<u8>, value: &AttrValue) {
    match value {
        AttrValue::S(text) => {
            out.push(TAG_S);
            write_bytes(out, text.as_bytes());
        }
        AttrValue::N(number) => {
            out.push(TAG_N);
            write_bytes(out, number.to_string().as_bytes());
        }
        AttrValue::B(bytes) => {
            out.push(TAG_B);
            write_bytes(out, bytes);
        }
        AttrValue::Bool(true) => out.push(TAG_TRUE),
        AttrValue::Bool(false) => out.push(TAG_FALSE),
        AttrValue::Null => out.push(TAG_NULL),
        AttrValue::M(map) => {
            out.push(TAG_M);
            write_map(out, map);
        }
        AttrValue::L(list) => {
            out.push(TAG_L);
            write_len(out, list.len());
            for element in list {
                write_value(out, element);
            }
        }
        AttrValue::Ss(set) => {
            out.push(TAG_SS);
            write_len(out, set.len());
            for text in set {
                write_bytes(out, text.as_bytes());
            }
        }
        AttrValue::Ns(set) => {
            out.push(TAG_NS);
            write_len(out, set.len());
            for number in set {
                write_bytes(out, number.to_string().as_bytes());
            }
        }
        AttrValue::Bs(set) => {
            out.push(TAG_BS);
            write_len(out, set.len());
            for bytes in set {
                write_bytes(out, bytes);
            }
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    fn len(&mut self) -> Option<usize> {
        let mut value = 0usize;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= usize::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }

    fn slice(&mut self) -> Option<&'a [u8]> {
        let len = self.len()?;
        if len > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Some(head)
    }

    fn string(&mut self) -> Option<String> {
        std::str::from_utf8(self.slice()?).ok().map(str::to_owned)
    }

    fn number(&mut self) -> Option<Number> {
        Number::parse(std::str::from_utf8(self.slice()?).ok()?).ok()
    }

    fn map(&mut self) -> Option<BTreeMap<String, AttrValue>> {
        let count = self.len()?;
        let mut map = BTreeMap::new();
        for _ in 0..count {
            let name = self.string()?;
            let value = self.value()?;
            map.insert(name, value);
        }
        Some(map)
    }

    fn value(&mut self) -> Option<AttrValue> {
        Some(match self.byte()? {
            TAG_S => AttrValue::S(self.string()?),
            TAG_N => AttrValue::N(self.number()?),
            TAG_B => AttrValue::B(self.slice()?.to_vec()),
            TAG_TRUE => AttrValue::Bool(true),
            TAG_FALSE => AttrValue::Bool(false),
            TAG_NULL => AttrValue::Null,
            TAG_M => AttrValue::M(self.map()?),
            TAG_L => {
                let count = self.len()?;
                let mut list = Vec::with_capacity(count.min(self.bytes.len()));
                for _ in 0..count {
                    list.push(self.value()?);
                }
                AttrValue::L(list)
            }
            TAG_SS => AttrValue::Ss(self.set(Self::string)?),
            TAG_NS => AttrValue::Ns(self.set(Self::number)?),
            TAG_BS => AttrValue::Bs(self.set(|reader| reader.slice().map(<[u8]>::to_vec))?),
            _ => return None,
        })
    }

    fn set<T: Ord>(&mut self, element: impl Fn(&mut Self) -> Option<T>) -> Option<BTreeSet<T>> {
        let count = self.len()?;
        let mut set = BTreeSet::new();
        for _ in 0..count {
            set.insert(element(self)?);
        }
        Some(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn arb_number() -> impl Strategy<Value = Number> {
        (any::<i64>(), 0u32..40).prop_map(|(mantissa, scale)| {
            let text = format!("{mantissa}e-{scale}");
            Number::parse(&text).expect("an i64 mantissa always fits 38 digits")
        })
    }

    fn arb_value() -> impl Strategy<Value = AttrValue> {
        let leaf = prop_oneof![
            ".{0,12}".prop_map(AttrValue::S),
            arb_number().prop_map(AttrValue::N),
            proptest::collection::vec(any::<u8>(), 0..8).prop_map(AttrValue::B),
            any::<bool>().prop_map(AttrValue::Bool),
            Just(AttrValue::Null),
            proptest::collection::btree_set(".{0,6}", 1..4).prop_map(AttrValue::Ss),
            proptest::collection::btree_set(arb_number(), 1..4).prop_map(AttrValue::Ns),
            proptest::collection::btree_set(proptest::collection::vec(any::<u8>(), 0..4), 1..4)
                .prop_map(AttrValue::Bs),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(AttrValue::L),
                proptest::collection::btree_map(".{0,6}", inner, 0..4).prop_map(AttrValue::M),
            ]
        })
    }

    proptest! {
        #[test]
        fn every_item_decodes_to_exactly_what_was_encoded(
            item in proptest::collection::btree_map(".{1,8}", arb_value(), 0..8)
        ) {
            let stored = StoredItem::encode(&item);
            prop_assert_eq!(stored.decode(), Ok(item.clone()));
            prop_assert_eq!(stored.size(), item_size(&item));
        }
    }

    #[test]
    fn a_38_digit_number_and_an_empty_string_survive_storage() {
        let mut item = Item::new();
        item.insert(
            "big".into(),
            AttrValue::N(Number::parse("12345678901234567890123456789012345678").expect("valid")),
        );
        item.insert("empty".into(), AttrValue::s(""));
        assert_eq!(StoredItem::encode(&item).decode(), Ok(item));
    }

    #[test]
    fn truncated_bytes_are_reported_as_corrupt_instead_of_panicking() {
        let mut item = Item::new();
        item.insert("name".into(), AttrValue::s("value"));
        let stored = StoredItem::encode(&item);
        for cut in 4..stored.0.len() {
            let truncated = StoredItem(stored.0[..cut].into());
            assert_eq!(truncated.decode(), Err(CorruptItem));
        }
    }
}
