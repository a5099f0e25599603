//! Item collections grouped by partition-key prefix, built incrementally while a Scan streams.
//!
//! Level 1: PK prefixes (`USER`, `ORDER`, …) with partition count, item count and entity mix. When
//! the first segment is a constant shared by many entities (an ElectroDB service `$taskapp`, a
//! tenant `TENANT#t1#USER#…`) the group goes one level deeper (`$taskapp › employee`), so that each
//! group holds one entity type or one item collection; [`Collections::tree`] nests them.
//! Level 2: a prefix's partitions (`USER#usr_1001`) with their item counts.
//! (Level 3, one partition's items by SK prefix, comes from a Query: see `partition_items`.)
//!
//! Scale: a million keys arrive page by page. Nothing of an item is kept but its partition key (once
//! per partition) and counters; prefixes and entity names are interned, and entity names derived
//! from key prefixes are cached per (PK prefix, SK prefix) so no `String` is built per item. Each
//! item costs O(log partitions) (ordered maps give sorted views without sorting per frame).
//!
//! Every item fed in is counted: feed each scanned page once (start a new `Collections` to rescan).

use std::collections::{BTreeMap, HashMap};

use super::common_prefix::common_prefix;
use super::entity::{EntityClue, EntityDecoder};
use super::grammar::{Levels, collection_levels, item_collection_levels};
use super::grammar_census::GrammarCensus;
use super::partition_key::{PartitionCounts, PartitionKey, PartitionSlot};
use super::schema::KeySchema;
use super::value::Item;

/// A level-1 group, stable for the life of its [`Collections`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupId(u32);

/// An interned entity name; `None` in an entity mix means "not identified".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct EntityId(u32);

#[derive(Clone, Debug, Default)]
struct Group {
    partitions: PartitionCounts,
    item_count: u64,
    /// Few entities per prefix in practice, so a vector beats a map.
    entity_mix: Vec<(Option<EntityId>, u64)>,
}

/// One row of level 1. Prefixes and entity names are raw table text: escape them before drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupSummary<'a> {
    pub id: GroupId,
    /// `None` for partition keys with no prefix (bare IDs, numbers, binary); the levels joined by
    /// [`LEVEL_SEPARATOR`] (`$taskapp › employee`) for a group one level deep.
    pub prefix: Option<&'a str>,
    pub partition_count: u64,
    pub item_count: u64,
    /// Entity names (`None`: unidentified) with item counts, most frequent first.
    pub entities: Vec<(Option<&'a str>, u64)>,
}

/// Joins the levels of a group's name: `$taskapp › employee`.
pub const LEVEL_SEPARATOR: &str = " › ";

/// The string partition the previous item belonged to: a Scan returns a partition's items
/// together, so most items skip the partition lookup.
#[derive(Clone, Debug)]
struct LastPartition {
    group: GroupId,
    key: String,
    slot: PartitionSlot,
}

/// The grouping of discovered keys into item collections.
#[derive(Clone, Debug)]
pub struct Collections {
    key: KeySchema,
    decoder: EntityDecoder,
    /// Prefix → group, ordered so level 1 lists without sorting.
    group_ids: BTreeMap<Box<str>, GroupId>,
    no_prefix_group: Option<GroupId>,
    groups: Vec<Group>,
    entity_ids: HashMap<Box<str>, EntityId>,
    entity_names: Vec<Box<str>>,
    /// Key prefix → small id, so the cache below is keyed without allocating.
    prefix_ids: HashMap<Box<str>, u32>,
    /// The entity a (PK prefix, SK prefix) pair names, computed once per pair.
    prefix_entities: HashMap<(Option<u32>, Option<u32>), Option<EntityId>>,
    item_count: u64,
    partition_count: u64,
    items_without_partition_key: u64,
    last_partition: Option<LastPartition>,
    /// The group and counter of the partition the last counted item belongs to, whatever its
    /// key's type: a sample asks how much of it a page cut at its end has read.
    last_counted: Option<(GroupId, PartitionSlot)>,
    /// Reused to build two-level group names without allocating per item.
    path: String,
    census: GrammarCensus,
}

/// The group name of `item`'s string partition key, written into `path`; `false` when it has none.
/// Without the item, an ElectroDB label holding `_` is cut at its first `_`: look-ups by key
/// alone fall back to searching every group.
fn group_path(key: &str, item: Option<&Item>, path: &mut String) -> bool {
    path.clear();
    let Levels { first, second } = match item {
        Some(item) => item_collection_levels(key, item),
        None => collection_levels(key),
    };
    let Some(first) = first else {
        return false;
    };
    path.push_str(first);
    if let Some(second) = second {
        path.push_str(LEVEL_SEPARATOR);
        path.push_str(second);
    }
    true
}

impl Collections {
    #[must_use]
    pub fn new(key: KeySchema, decoder: EntityDecoder) -> Self {
        Self {
            key,
            decoder,
            group_ids: BTreeMap::new(),
            no_prefix_group: None,
            groups: Vec::new(),
            entity_ids: HashMap::new(),
            entity_names: Vec::new(),
            prefix_ids: HashMap::new(),
            prefix_entities: HashMap::new(),
            item_count: 0,
            partition_count: 0,
            items_without_partition_key: 0,
            last_partition: None,
            last_counted: None,
            path: String::new(),
            census: GrammarCensus::new(),
        }
    }

    /// Counts one scanned page.
    pub fn add_page<'i>(&mut self, items: impl IntoIterator<Item = &'i Item>) {
        for item in items {
            self.add_item(item);
        }
    }

    /// Counts one item (or just its keys plus any type attribute).
    pub fn add_item(&mut self, item: &Item) {
        let Some(pk) = item
            .get(&self.key.partition.name)
            .and_then(PartitionKey::of)
        else {
            self.items_without_partition_key += 1;
            return;
        };
        let named =
            matches!(pk, PartitionKey::S(text) if group_path(text, Some(item), &mut self.path));
        let path = std::mem::take(&mut self.path);
        let group_id = self.group_for(named.then_some(path.as_str()));
        self.path = path;
        let entity = self.entity_of(item);
        let group = &mut self.groups[group_index(group_id)];
        let (slot, new) = count_partition(
            &mut group.partitions,
            &mut self.last_partition,
            group_id,
            pk,
        );
        self.partition_count += u64::from(new);
        self.last_counted = Some((group_id, slot));
        group.item_count += 1;
        match group.entity_mix.iter_mut().find(|(id, _)| *id == entity) {
            Some((_, count)) => *count += 1,
            None => group.entity_mix.push((entity, 1)),
        }
        self.item_count += 1;
    }

    fn group_for(&mut self, prefix: Option<&str>) -> GroupId {
        let next = GroupId(u32::try_from(self.groups.len()).unwrap_or(u32::MAX));
        let id = match prefix {
            Some(prefix) => match self.group_ids.get(prefix) {
                Some(id) => return *id,
                None => *self.group_ids.entry(prefix.into()).or_insert(next),
            },
            None => *self.no_prefix_group.get_or_insert(next),
        };
        if id == next {
            self.groups.push(Group::default());
        }
        id
    }

    fn entity_of(&mut self, item: &Item) -> Option<EntityId> {
        let clue = self.decoder.clue(item, &self.key);
        self.census.observe_clue(&clue, item, &self.key);
        match clue {
            EntityClue::Model { name }
            | EntityClue::TypeAttribute { value: name, .. }
            | EntityClue::KeyGrammar { name, .. } => {
                Some(intern(&mut self.entity_ids, &mut self.entity_names, name))
            }
            EntityClue::KeyPrefixes { pk, sk } => {
                let cache_key = (
                    pk.map(|pk| intern_prefix(&mut self.prefix_ids, pk)),
                    sk.map(|sk| intern_prefix(&mut self.prefix_ids, sk)),
                );
                if let Some(cached) = self.prefix_entities.get(&cache_key) {
                    return *cached;
                }
                let clue = EntityClue::KeyPrefixes { pk, sk };
                let entity = clue
                    .name()
                    .map(|name| intern(&mut self.entity_ids, &mut self.entity_names, &name));
                self.prefix_entities.insert(cache_key, entity);
                entity
            }
        }
    }

    /// Level 1: every prefix group in prefix order, the group without prefix last.
    pub fn groups(&self) -> impl Iterator<Item = GroupSummary<'_>> {
        self.group_order()
            .map(|(prefix, id)| self.summary(prefix, id))
    }

    fn group_order(&self) -> impl Iterator<Item = (Option<&str>, GroupId)> {
        let named = self
            .group_ids
            .iter()
            .map(|(prefix, id)| (Some(&**prefix), *id));
        named.chain(self.no_prefix_group.map(|id| (None, id)))
    }

    /// Number of level-1 groups.
    #[must_use]
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The group of a PK prefix (`None`: the group without prefix).
    #[must_use]
    pub fn group(&self, prefix: Option<&str>) -> Option<GroupId> {
        match prefix {
            Some(prefix) => self.group_ids.get(prefix).copied(),
            None => self.no_prefix_group,
        }
    }

    fn summary<'a>(&'a self, prefix: Option<&'a str>, id: GroupId) -> GroupSummary<'a> {
        let group = &self.groups[group_index(id)];
        let mut entities: Vec<(Option<&str>, u64)> = group
            .entity_mix
            .iter()
            .map(|(entity, count)| (entity.map(|e| self.entity_name(e)), *count))
            .collect();
        entities.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        GroupSummary {
            id,
            prefix,
            partition_count: group.partitions.len() as u64,
            item_count: group.item_count,
            entities,
        }
    }

    fn entity_name(&self, id: EntityId) -> &str {
        self.entity_names
            .get(id.0 as usize)
            .map_or("", |name| &**name)
    }

    /// The group of the partition the last counted item belongs to, and how many of its items
    /// have been counted.
    #[must_use]
    pub fn last_partition_items(&self) -> Option<(GroupId, u64)> {
        let (group, slot) = self.last_counted?;
        let counts = &self.groups.get(group_index(group))?.partitions;
        Some((group, counts.count_at(slot)))
    }

    /// Level 2: a group's partitions with their item counts, in key order (reversible for `G`).
    pub fn partitions(
        &self,
        group: GroupId,
    ) -> impl DoubleEndedIterator<Item = (PartitionKey<'_>, u64)> {
        self.groups
            .get(group_index(group))
            .into_iter()
            .flat_map(|group| group.partitions.iter())
    }

    /// Level 2 from `start` (inclusive) on: scroll a long list by the first visible key.
    pub fn partitions_from<'s>(
        &'s self,
        group: GroupId,
        start: PartitionKey<'s>,
    ) -> impl Iterator<Item = (PartitionKey<'s>, u64)> + 's {
        self.groups
            .get(group_index(group))
            .into_iter()
            .flat_map(move |group| group.partitions.iter_from(start))
    }

    /// Discovered string partition keys starting with `typed`, for jump-to-partition completion.
    pub fn complete_partition<'s>(
        &'s self,
        typed: &'s str,
    ) -> impl Iterator<Item = (&'s str, u64)> {
        let mut path = String::new();
        let group = (group_path(typed, None, &mut path) && typed_past_levels(typed))
            .then(|| self.group(Some(&path)))
            .flatten();
        let candidates: Vec<&Group> = match group {
            Some(id) => vec![&self.groups[group_index(id)]],
            // A prefix still being typed (`US`) may match several groups.
            None => self
                .group_order()
                .map(|(_, id)| &self.groups[group_index(id)])
                .collect(),
        };
        candidates
            .into_iter()
            .flat_map(move |group| group.partitions.strings_starting_with(typed))
    }

    /// Completes `typed` to the longest prefix shared by the discovered string partition keys
    /// starting with it; `None` when that would add nothing.
    #[must_use]
    pub fn complete_partition_prefix(&self, typed: &str) -> Option<String> {
        common_prefix(self.complete_partition(typed).map(|(pk, _)| pk))
            .filter(|common| common.len() > typed.len())
    }

    /// Items counted for one partition; zero when it has not been discovered.
    #[must_use]
    pub fn partition_item_count(&self, key: PartitionKey<'_>) -> u64 {
        let mut path = String::new();
        let named = matches!(key, PartitionKey::S(text) if group_path(text, None, &mut path));
        let counted = self
            .group(named.then_some(path.as_str()))
            .map_or(0, |id| self.groups[group_index(id)].partitions.count(key));
        if counted > 0 || !named {
            return counted;
        }
        self.groups
            .iter()
            .map(|group| group.partitions.count(key))
            .find(|count| *count > 0)
            .unwrap_or(0)
    }

    #[must_use]
    pub fn item_count(&self) -> u64 {
        self.item_count
    }

    #[must_use]
    pub fn partition_count(&self) -> u64 {
        self.partition_count
    }

    /// The model the items were grouped under, if any.
    #[must_use]
    pub fn model(&self) -> Option<&super::model::Model> {
        self.decoder.model()
    }

    /// The grammars the grouped items are written in, with their share.
    #[must_use]
    pub const fn grammar_census(&self) -> &GrammarCensus {
        &self.census
    }

    /// Items that had no partition key of a key type (only possible in hand-made files).
    #[must_use]
    pub fn items_without_partition_key(&self) -> u64 {
        self.items_without_partition_key
    }
}

/// Counts one item of partition `pk`; `true` when the partition is new. Consecutive items of the
/// same string partition are counted through the remembered slot, without a map lookup.
fn count_partition(
    partitions: &mut PartitionCounts,
    last: &mut Option<LastPartition>,
    group: GroupId,
    pk: PartitionKey<'_>,
) -> (PartitionSlot, bool) {
    if let (Some(previous), PartitionKey::S(text)) = (last.as_ref(), pk)
        && previous.group == group
        && previous.key == text
    {
        partitions.add_to(previous.slot);
        return (previous.slot, false);
    }
    let (slot, new) = partitions.add(pk);
    match (last.as_mut(), pk) {
        // Reuse the buffer: no allocation per partition change.
        (Some(previous), PartitionKey::S(text)) => {
            previous.key.clear();
            previous.key.push_str(text);
            previous.group = group;
            previous.slot = slot;
        }
        (None, PartitionKey::S(text)) => {
            *last = Some(LastPartition {
                group,
                key: text.to_owned(),
                slot,
            });
        }
        (_, _) => *last = None,
    }
    (slot, new)
}

/// Whether `typed` goes past the text its group name is made of, so the group is decided.
fn typed_past_levels(typed: &str) -> bool {
    let last = collection_levels(typed).iter().last();
    last.is_some_and(|level| {
        let end = level.as_ptr() as usize - typed.as_ptr() as usize + level.len();
        typed.len() > end
    })
}

fn group_index(id: GroupId) -> usize {
    id.0 as usize
}

/// A small id for a key prefix; looks up before inserting so a known prefix allocates nothing.
fn intern_prefix(ids: &mut HashMap<Box<str>, u32>, prefix: &str) -> u32 {
    if let Some(id) = ids.get(prefix) {
        return *id;
    }
    let id = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    ids.insert(prefix.into(), id);
    id
}

fn intern(
    ids: &mut HashMap<Box<str>, EntityId>,
    names: &mut Vec<Box<str>>,
    name: &str,
) -> EntityId {
    if let Some(id) = ids.get(name) {
        return *id;
    }
    let id = EntityId(u32::try_from(names.len()).unwrap_or(u32::MAX));
    names.push(name.into());
    ids.insert(name.into(), id);
    id
}
