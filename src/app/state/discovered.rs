//! What discovery has found so far: partition keys grouped by prefix, with item counts and the
//! entity mix. Keeps only keys and counts, never whole items, so a million discovered items stay
//! small. (Stopgap until `domain::collection` lands on `single`; the view only needs the
//! accessors below.)

use std::collections::BTreeMap;

use crate::domain::composite_key::key_prefix;
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// One partition: its key and how many items discovery saw in it.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscoveredPartition {
    pub pk: AttrValue,
    pub items: u64,
}

/// One partition key prefix (`USER`, `ORDER`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PrefixGroup {
    pub partitions: BTreeMap<String, DiscoveredPartition>,
    pub items: u64,
    /// Entity name (decoded: model, type attribute or key prefixes) → item count.
    pub entities: BTreeMap<String, u64>,
}

/// All prefixes discovered so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Discovered {
    pub prefixes: BTreeMap<String, PrefixGroup>,
    pub items: u64,
}

impl Discovered {
    /// Adds the items of one scan page under the table's key schema.
    pub fn add_page(&mut self, items: &[Item], key: &KeySchema, entities: &EntityDecoder) {
        for item in items {
            let Some(pk) = item.get(&key.partition.name) else {
                continue;
            };
            let pk_text = partition_text(pk);
            let prefix = partition_prefix(pk);
            let group = self.prefixes.entry(prefix).or_default();
            group.items += 1;
            self.items += 1;
            let clue = entities.clue(item, key);
            let entity = clue.name().unwrap_or_default();
            match group.entities.get_mut(entity.as_ref()) {
                Some(count) => *count += 1,
                None => {
                    group.entities.insert(entity.into_owned(), 1);
                }
            }
            group
                .partitions
                .entry(pk_text)
                .or_insert_with(|| DiscoveredPartition {
                    pk: pk.clone(),
                    items: 0,
                })
                .items += 1;
        }
    }

    /// Whether a partition with this (string) key was discovered.
    #[must_use]
    pub fn knows_partition(&self, pk: &str) -> bool {
        self.prefixes
            .get(&partition_prefix(&AttrValue::S(pk.to_owned())))
            .is_some_and(|group| group.partitions.contains_key(pk))
    }

    /// Discovered partition keys starting with `text`, for prompt completion.
    pub fn partitions_starting_with<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = &'a str> + 'a {
        self.prefixes
            .values()
            .flat_map(|group| group.partitions.keys())
            .filter(move |pk| pk.starts_with(text))
            .map(String::as_str)
    }
}

/// The text of a partition key value as grouped and shown.
#[must_use]
pub fn partition_text(pk: &AttrValue) -> String {
    super::inspector::key_text(pk)
}

/// The prefix a partition key is grouped under (`USER` for `USER#usr_1001`), by
/// [`key_prefix`]'s rules; bare IDs share one `(no prefix)` group.
#[must_use]
pub fn partition_prefix(pk: &AttrValue) -> String {
    match pk {
        AttrValue::S(text) => key_prefix(text).unwrap_or("(no prefix)").to_owned(),
        AttrValue::N(_) => "(number)".to_owned(),
        AttrValue::B(_) => "(binary)".to_owned(),
        other => format!("({})", other.value_type()),
    }
}
