//! Loaded items kept compact: one boxed byte slice per item in the [`wire`] form, with the
//! attribute names numbered in one dictionary for all of them. A `BTreeMap` item costs a B-tree
//! node, a heap string per name and 32 bytes per value on top of its data, several times its
//! DynamoDB JSON; this costs about its DynamoDB size plus a byte or two per attribute.
//!
//! Items are decoded when asked for: a whole one for the inspector or an edit, a single
//! attribute for the columns, the sort and the search, which never build the rest.

use std::borrow::Cow;
use std::fmt;

use crate::domain::compact::AttributeNames;
use crate::domain::compact::rows::ItemRows;
use crate::domain::compact::wire::{self, Reader};
use crate::domain::value::{AttrValue, Item};

/// Items read from DynamoDB, in the order they were added.
#[derive(Clone, Default)]
pub struct CompactItems {
    names: AttributeNames,
    items: Vec<Box<[u8]>>,
}

impl CompactItems {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Appends `item`.
    pub fn push(&mut self, item: &Item) {
        let encoded = self.encode(item);
        self.items.push(encoded);
    }

    /// The item at `index`, decoded.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Item> {
        let mut reader = Reader::new(self.items.get(index)?);
        let entries = reader.entries(Some(&self.names), &|_| true)?;
        reader.is_empty().then(|| entries.into_iter().collect())
    }

    /// One attribute of the item at `index`, decoding nothing else.
    #[must_use]
    pub fn attribute(&self, index: usize, name: &str) -> Option<AttrValue> {
        let mut reader = Reader::new(self.items.get(index)?);
        for _ in 0..reader.len()? {
            if reader.name(Some(&self.names))? == name {
                return reader.value();
            }
            reader.skip_value()?;
        }
        None
    }

    /// Puts `item` in place of the item at `index`; false when there is none.
    pub fn replace(&mut self, index: usize, item: &Item) -> bool {
        if index >= self.items.len() {
            return false;
        }
        self.items[index] = self.encode(item);
        true
    }

    /// Removes the item at `index`, moving the later ones up.
    pub fn remove(&mut self, index: usize) {
        if index < self.items.len() {
            self.items.remove(index);
        }
    }

    /// Every item in order, each decoded as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = Item> + Clone + '_ {
        (0..self.items.len()).filter_map(|index| self.get(index))
    }

    /// Every item decoded, for code that needs them all at once (tests, exports).
    #[must_use]
    pub fn to_vec(&self) -> Vec<Item> {
        self.iter().collect()
    }

    /// Bytes the encoded items take (not counting the slice headers or the dictionary).
    #[must_use]
    pub fn encoded_bytes(&self) -> usize {
        self.items.iter().map(|item| item.len()).sum()
    }

    fn encode(&mut self, item: &Item) -> Box<[u8]> {
        let mut out = Vec::with_capacity(8 + item.len() * 16);
        wire::write_len(&mut out, item.len());
        for (name, value) in item {
            wire::write_name(&mut out, name, &mut self.names);
            wire::write_value(&mut out, value);
        }
        out.into_boxed_slice()
    }
}

impl From<Vec<Item>> for CompactItems {
    fn from(items: Vec<Item>) -> Self {
        let mut compact = Self::new();
        compact.extend(items);
        compact
    }
}

impl Extend<Item> for CompactItems {
    fn extend<I: IntoIterator<Item = Item>>(&mut self, items: I) {
        let items = items.into_iter();
        self.items.reserve(items.size_hint().0);
        for item in items {
            self.push(&item);
        }
    }
}

impl<'a> IntoIterator for &'a CompactItems {
    type Item = Item;
    type IntoIter = Box<dyn Iterator<Item = Item> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl fmt::Debug for CompactItems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl ItemRows for CompactItems {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn item(&self, index: usize) -> Option<Cow<'_, Item>> {
        self.get(index).map(Cow::Owned)
    }

    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>> {
        CompactItems::attribute(self, index, name).map(Cow::Owned)
    }
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
