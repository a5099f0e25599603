//! The marked items: kept by primary key with the item as read, so every write of a run is
//! conditioned on what the user saw, whichever list it was marked in.

use std::collections::BTreeMap;

use crate::domain::ddb_json::item_to_json;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

use super::lists::ListRef;

/// One marked item.
#[derive(Clone, Debug, PartialEq)]
pub struct Selected {
    pub item: Item,
    /// False for an index's copy that does not hold every attribute, or a stream record's key:
    /// the item is read whole (by its key) before anything is planned on it, since a write must
    /// be conditioned on the whole item.
    pub whole: bool,
}

/// The marked items, in key order, and where a range starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    items: BTreeMap<String, Selected>,
    /// The last row marked by hand: a range runs from here to the cursor.
    pub anchor: Option<(ListRef, usize)>,
}

/// The canonical text of `item`'s primary key (the whole item when the table has no such key).
#[must_use]
pub fn key_of(description: &TableDescription, item: &Item) -> String {
    let key = description
        .primary_key_of(item)
        .unwrap_or_else(|| item.clone());
    item_to_json(&key).to_string()
}

impl Selection {
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    #[must_use]
    pub fn contains(&self, description: &TableDescription, item: &Item) -> bool {
        self.items.contains_key(&key_of(description, item))
    }

    /// Marks `item`; true when it was not marked yet.
    pub fn mark(&mut self, description: &TableDescription, item: &Item, whole: bool) -> bool {
        self.items
            .insert(
                key_of(description, item),
                Selected {
                    item: item.clone(),
                    whole,
                },
            )
            .is_none()
    }

    /// Marks `item` if unmarked, else unmarks it; true when it is marked now.
    pub fn toggle(&mut self, description: &TableDescription, item: &Item, whole: bool) -> bool {
        let key = key_of(description, item);
        if self.items.remove(&key).is_some() {
            return false;
        }
        self.items.insert(
            key,
            Selected {
                item: item.clone(),
                whole,
            },
        );
        true
    }

    pub fn clear(&mut self) {
        self.items.clear();
        self.anchor = None;
    }

    pub fn items(&self) -> impl Iterator<Item = &Selected> {
        self.items.values()
    }

    /// The primary keys of the marked items not held whole.
    pub fn partial_keys(&self, description: &TableDescription) -> Vec<Item> {
        self.items
            .values()
            .filter(|selected| !selected.whole)
            .map(|selected| {
                description
                    .primary_key_of(&selected.item)
                    .unwrap_or_else(|| selected.item.clone())
            })
            .collect()
    }

    /// Puts the whole item read for `key` in place of its partial copy, or unmarks `key` when
    /// the item no longer exists; true when it still exists.
    pub fn resolve(
        &mut self,
        description: &TableDescription,
        key: &Item,
        item: Option<Item>,
    ) -> bool {
        let text = key_of(description, key);
        match item {
            Some(item) => {
                self.items.insert(text, Selected { item, whole: true });
                true
            }
            None => {
                self.items.remove(&text);
                false
            }
        }
    }
}
