//! Level 3 of the explorer: one partition's items, fetched by a Query (page by page), grouped by
//! sort-key prefix (`METADATA`, `ORDER#`, `GROUP#`) in the order the groups first appear, which for
//! a Query is sort-key order. Unlike the level 1–2 counts, this keeps the items: the inspector
//! needs them. They are kept compact, since a partition can hold millions of items.

use std::collections::HashMap;

use super::compact::CompactItems;
use super::composite_key::{key_prefix, separator_of};
use super::entity::{Entity, EntityDecoder};
use super::schema::KeySchema;
use super::value::{AttrValue, Item};

/// Items sharing an SK prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkGroup {
    /// `ORDER#` (prefix plus separator), `METADATA`, or `None` for sort keys with no prefix
    /// (and for a table without sort key).
    pub label: Option<String>,
    /// Indexes into [`PartitionItems::items`], in arrival order.
    pub items: Vec<usize>,
}

/// One partition's items and their grouping.
#[derive(Clone, Debug)]
pub struct PartitionItems {
    key: KeySchema,
    decoder: EntityDecoder,
    items: CompactItems,
    entities: Vec<Option<Entity>>,
    groups: Vec<SkGroup>,
    group_by_label: HashMap<Option<String>, usize>,
}

/// The SK group label of a sort-key value.
#[must_use]
pub fn sk_group_label(sort_key: Option<&AttrValue>) -> Option<String> {
    let text = sort_key?.as_s()?;
    let prefix = key_prefix(text)?;
    Some(match separator_of(text) {
        Some(separator) => format!("{prefix}{}", separator.as_char()),
        None => prefix.to_owned(),
    })
}

impl PartitionItems {
    #[must_use]
    pub fn new(key: KeySchema, decoder: EntityDecoder) -> Self {
        Self {
            key,
            decoder,
            items: CompactItems::new(),
            entities: Vec::new(),
            groups: Vec::new(),
            group_by_label: HashMap::new(),
        }
    }

    /// Adds one Query page.
    pub fn add_page(&mut self, page: impl IntoIterator<Item = Item>) {
        for item in page {
            let sort_key = self.key.sort.as_ref().and_then(|sort| item.get(&sort.name));
            let label = sk_group_label(sort_key);
            let index = self.items.len();
            let group = match self.group_by_label.get(&label) {
                Some(group) => *group,
                None => {
                    self.groups.push(SkGroup {
                        label: label.clone(),
                        items: Vec::new(),
                    });
                    self.group_by_label.insert(label, self.groups.len() - 1);
                    self.groups.len() - 1
                }
            };
            self.groups[group].items.push(index);
            self.entities.push(self.decoder.decode(&item, &self.key));
            self.items.push(&item);
        }
    }

    #[must_use]
    pub fn groups(&self) -> &[SkGroup] {
        &self.groups
    }

    /// All items in arrival (sort-key) order.
    #[must_use]
    pub fn items(&self) -> &CompactItems {
        &self.items
    }

    /// Item `index`, decoded.
    #[must_use]
    pub fn item(&self, index: usize) -> Option<Item> {
        self.items.get(index)
    }

    /// The decoded entity of item `index`.
    #[must_use]
    pub fn entity(&self, index: usize) -> Option<&Entity> {
        self.entities.get(index)?.as_ref()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    fn keyed(pk: &str, sk: &str) -> Item {
        [("PK", pk), ("SK", sk)]
            .into_iter()
            .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
            .collect()
    }

    fn table_key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    #[test]
    fn items_are_grouped_by_sort_key_prefix_in_order_of_first_appearance() {
        let mut partition = PartitionItems::new(table_key(), EntityDecoder::new());
        partition.add_page(vec![
            keyed("USER#u1", "GROUP#g1"),
            keyed("USER#u1", "METADATA"),
            keyed("USER#u1", "ORDER#2026-07-01#o1"),
        ]);
        partition.add_page(vec![
            keyed("USER#u1", "ORDER#2026-07-02#o2"),
            keyed("USER#u1", "x1"),
        ]);
        let groups: Vec<(Option<&str>, &[usize])> = partition
            .groups()
            .iter()
            .map(|group| (group.label.as_deref(), group.items.as_slice()))
            .collect();
        assert_eq!(
            groups,
            [
                (Some("GROUP#"), &[0][..]),
                (Some("METADATA"), &[1][..]),
                (Some("ORDER#"), &[2, 3][..]),
                (None, &[4][..]),
            ]
        );
        assert_eq!(partition.len(), 5);
        assert_eq!(
            partition.entity(2).map(|e| e.name.as_str()),
            Some("User›Order")
        );
        assert_eq!(partition.entity(1).map(|e| e.name.as_str()), Some("User"));
        assert_eq!(partition.entity(9), None);
    }

    #[test]
    fn labels_keep_the_separator_the_key_uses() {
        let cases = [
            (Some(AttrValue::s("ORDER|o1")), Some("ORDER|")),
            (Some(AttrValue::s("order:o1")), Some("order:")),
            (Some(AttrValue::s("PROFILE")), Some("PROFILE")),
            (Some(AttrValue::n(5)), None),
            (None, None),
        ];
        for (sort_key, label) in cases {
            assert_eq!(
                sk_group_label(sort_key.as_ref()).as_deref(),
                label,
                "{sort_key:?}"
            );
        }
    }
}
