//! Related collections: key parts that name another partition become links that open it.
//!
//! `ORDER#ord_9901` inside an SK, or `GSI1PK = GROUP#g1`, name partitions `ORDER#ord_9901` and
//! `GROUP#g1` when `ORDER` and `GROUP` are known partition-key prefixes. In
//! `ORDER#2026-07-01#ord_9` the date is skipped: dates sort items, IDs name partitions. When the
//! discovered partitions are known, a candidate that exists wins and the link is marked confirmed.

use super::collection::Collections;
use super::composite_key::{PartKind, classify_part, key_tokens};
use super::partition_key::PartitionKey;
use super::schema::TableDescription;
use super::value::Item;

/// What is known about the table's partitions.
pub trait PartitionDirectory {
    /// Whether `prefix` is the prefix of some partition key (`USER`, `ORDER`).
    fn is_pk_prefix(&self, prefix: &str) -> bool;
    /// `Some(true)` when `pk` is known to exist; `None` when it is not known either way.
    fn has_partition(&self, pk: &str) -> Option<bool>;
}

impl PartitionDirectory for Collections {
    fn is_pk_prefix(&self, prefix: &str) -> bool {
        self.group(Some(prefix)).is_some()
    }

    fn has_partition(&self, pk: &str) -> Option<bool> {
        // A scan still streaming may not have reached the partition yet: absence proves nothing.
        (self.partition_item_count(PartitionKey::S(pk)) > 0).then_some(true)
    }
}

/// A link from a key attribute of the shown item to another partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelatedLink<'a> {
    /// The attribute holding the reference (`SK`, `GSI1PK`).
    pub attribute: &'a str,
    /// The partition-key value to query.
    pub target: String,
    /// The target was seen among discovered partitions.
    pub confirmed: bool,
}

/// Links from `item`'s sort key and index keys (not its own partition key) to other partitions.
#[must_use]
pub fn related_links<'a>(
    item: &'a Item,
    table: &'a TableDescription,
    directory: &dyn PartitionDirectory,
) -> Vec<RelatedLink<'a>> {
    let own_partition = item.get(&table.key.partition.name).and_then(|v| v.as_s());
    let mut attributes: Vec<&'a str> = table.key.sort.iter().map(|k| k.name.as_str()).collect();
    for index in &table.indexes {
        attributes.extend(index.key.names());
    }
    let mut links: Vec<RelatedLink<'a>> = Vec::new();
    for attribute in attributes {
        if attribute == table.key.partition.name || links.iter().any(|l| l.attribute == attribute) {
            continue;
        }
        let Some(value) = item.get(attribute).and_then(|v| v.as_s()) else {
            continue;
        };
        for (target, confirmed) in targets_in(value, directory) {
            let already = links.iter().any(|link| link.target == target);
            if Some(target.as_str()) != own_partition && !already {
                links.push(RelatedLink {
                    attribute,
                    target,
                    confirmed,
                });
            }
        }
    }
    links
}

/// Partition keys named inside one key value, each with whether it is confirmed.
fn targets_in(value: &str, directory: &dyn PartitionDirectory) -> Vec<(String, bool)> {
    let (Some(separator), tokens) = key_tokens(value) else {
        return Vec::new();
    };
    let separator = separator.as_char();
    let mut targets = Vec::new();
    for (position, prefix) in tokens.iter().enumerate() {
        if prefix.is_empty() || !directory.is_pk_prefix(prefix) {
            continue;
        }
        let candidates: Vec<String> = tokens[position + 1..]
            .iter()
            .filter(|token| !token.is_empty())
            .map(|token| format!("{prefix}{separator}{token}"))
            .collect();
        if let Some(known) = candidates
            .iter()
            .find(|candidate| directory.has_partition(candidate) == Some(true))
        {
            targets.push((known.clone(), true));
            continue;
        }
        // Unconfirmed: the first part after the prefix that looks like an ID, not a date or word.
        let id = tokens[position + 1..]
            .iter()
            .find(|token| !token.is_empty() && classify_part(token) == PartKind::Value);
        if let Some(id) = id {
            targets.push((format!("{prefix}{separator}{id}"), false));
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
    use crate::domain::value::{AttrValue, ValueType};

    /// Known prefixes and, optionally, known partitions.
    struct Known(&'static [&'static str], &'static [&'static str]);

    impl PartitionDirectory for Known {
        fn is_pk_prefix(&self, prefix: &str) -> bool {
            self.0.contains(&prefix)
        }
        fn has_partition(&self, pk: &str) -> Option<bool> {
            self.1.contains(&pk).then_some(true)
        }
    }

    fn table() -> TableDescription {
        let key = |pk: &str, sk: &str| {
            KeySchema::new(
                KeyAttribute::new(pk, ValueType::S),
                Some(KeyAttribute::new(sk, ValueType::S)),
            )
        };
        let mut table = TableDescription::new("T", key("PK", "SK"));
        table.indexes.push(IndexSchema {
            name: "GSI1".into(),
            kind: IndexKind::Global,
            key: key("GSI1PK", "GSI1SK"),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        table
    }

    fn item(pairs: &[(&str, &str)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
            .collect()
    }

    fn targets(item: &Item, known: &Known) -> Vec<(String, String, bool)> {
        let table = table();
        related_links(item, &table, known)
            .into_iter()
            .map(|link| (link.attribute.to_owned(), link.target, link.confirmed))
            .collect()
    }

    fn link(attribute: &str, target: &str, confirmed: bool) -> (String, String, bool) {
        (attribute.to_owned(), target.to_owned(), confirmed)
    }

    #[test]
    fn key_parts_naming_known_prefixes_link_to_their_partitions() {
        let known = Known(&["USER", "ORDER", "GROUP"], &[]);
        let order = item(&[
            ("PK", "USER#u1"),
            ("SK", "ORDER#ord_9901"),
            ("GSI1PK", "GROUP#g1"),
            ("GSI1SK", "USER#u1"),
        ]);
        assert_eq!(
            targets(&order, &known),
            [
                link("SK", "ORDER#ord_9901", false),
                link("GSI1PK", "GROUP#g1", false)
            ]
        );
    }

    #[test]
    fn dates_between_prefix_and_id_are_skipped() {
        let known = Known(&["ORDER"], &[]);
        let order = item(&[("PK", "USER#u1"), ("SK", "ORDER#2026-07-01#ord_9")]);
        assert_eq!(targets(&order, &known), [link("SK", "ORDER#ord_9", false)]);
    }

    #[test]
    fn a_discovered_partition_is_preferred_and_confirmed() {
        let known = Known(&["ORDER"], &["ORDER#2026-07-01"]);
        let order = item(&[("PK", "USER#u1"), ("SK", "ORDER#2026-07-01#ord_9")]);
        assert_eq!(
            targets(&order, &known),
            [link("SK", "ORDER#2026-07-01", true)]
        );
    }

    #[test]
    fn unknown_prefixes_own_partition_and_words_give_no_links() {
        let known = Known(&["USER"], &[]);
        let cases = [
            item(&[("PK", "USER#u1"), ("SK", "METADATA")]),
            item(&[("PK", "USER#u1"), ("SK", "ADDRESS#home")]),
            item(&[("PK", "USER#u1"), ("SK", "USER#u1")]),
            item(&[("PK", "USER#u1"), ("SK", "USER#ACTIVE")]),
            item(&[("PK", "USER#u1"), ("SK", "USER#")]),
        ];
        for case in cases {
            assert!(targets(&case, &known).is_empty(), "{case:?}");
        }
    }

    #[test]
    fn collections_serve_as_the_partition_directory() {
        use crate::domain::entity::EntityDecoder;
        let table = table();
        let mut collections = Collections::new(table.key.clone(), EntityDecoder::new());
        collections.add_item(&item(&[("PK", "ORDER#ord_9"), ("SK", "ITEM#1")]));
        assert!(collections.is_pk_prefix("ORDER"));
        assert!(!collections.is_pk_prefix("USER"));
        assert_eq!(collections.has_partition("ORDER#ord_9"), Some(true));
        assert_eq!(collections.has_partition("ORDER#ord_1"), None);
        let order = item(&[("PK", "USER#u1"), ("SK", "ORDER#2026-07-01#ord_9")]);
        let links = related_links(&order, &table, &collections);
        assert_eq!(links.len(), 1);
        assert_eq!(
            (links[0].target.as_str(), links[0].confirmed),
            ("ORDER#ord_9", true)
        );
    }
}
