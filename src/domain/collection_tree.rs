//! The collection groups as a tree, level by level (`$taskapp` › `employee`, `task`, …), and what
//! each group holds: one entity type, or a named mix such as a parent with its children.

use std::collections::BTreeMap;

use super::collection::{Collections, GroupId, GroupSummary, LEVEL_SEPARATOR};

/// Share of a group's items one entity must have for the group to count as that entity's.
pub const SINGLE_ENTITY_SHARE: f64 = 0.9;

/// What a group holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Composition<'a> {
    /// One entity type holds at least [`SINGLE_ENTITY_SHARE`] of the items (`None`: unidentified).
    Single(Option<&'a str>),
    /// Several entity types, most frequent first: an item collection (`task + comment`).
    Mix(Vec<Option<&'a str>>),
}

impl Composition<'_> {
    /// `task`, `task + comment`, `(unknown)`.
    #[must_use]
    pub fn name(&self) -> String {
        let name = |entity: &Option<&str>| entity.unwrap_or("(unknown)").to_owned();
        match self {
            Self::Single(entity) => name(entity),
            Self::Mix(entities) => entities.iter().map(name).collect::<Vec<_>>().join(" + "),
        }
    }
}

impl<'a> GroupSummary<'a> {
    /// What the group holds, by its entity mix.
    #[must_use]
    pub fn composition(&self) -> Composition<'a> {
        let Some((top, count)) = self.entities.first() else {
            return Composition::Single(None);
        };
        #[allow(clippy::cast_precision_loss)] // a share, not a count
        let share = *count as f64 / self.item_count.max(1) as f64;
        if share >= SINGLE_ENTITY_SHARE {
            Composition::Single(*top)
        } else {
            Composition::Mix(self.entities.iter().map(|(entity, _)| *entity).collect())
        }
    }
}

/// One node of the collection tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionNode<'a> {
    /// This level's text (`$taskapp`, `employee`); `None` for keys without prefix.
    pub name: Option<&'a str>,
    /// The group of keys that stop at this level, if any.
    pub group: Option<GroupId>,
    pub partition_count: u64,
    pub item_count: u64,
    /// Entity names with item counts over the node and its children, most frequent first.
    pub entities: Vec<(Option<&'a str>, u64)>,
    pub children: Vec<CollectionNode<'a>>,
}

impl Collections {
    /// The groups nested by level, in prefix order, the group without prefix last.
    #[must_use]
    pub fn tree(&self) -> Vec<CollectionNode<'_>> {
        let mut tops: BTreeMap<&str, CollectionNode<'_>> = BTreeMap::new();
        let mut no_prefix = None;
        for group in self.groups() {
            let Some(prefix) = group.prefix else {
                no_prefix = Some(leaf(None, &group));
                continue;
            };
            let (top, rest) = match prefix.split_once(LEVEL_SEPARATOR) {
                Some((top, rest)) => (top, Some(rest)),
                None => (prefix, None),
            };
            let node = tops.entry(top).or_insert_with(|| CollectionNode {
                name: Some(top),
                group: None,
                partition_count: 0,
                item_count: 0,
                entities: Vec::new(),
                children: Vec::new(),
            });
            node.partition_count += group.partition_count;
            node.item_count += group.item_count;
            merge_entities(&mut node.entities, &group.entities);
            match rest {
                Some(rest) => node.children.push(leaf(Some(rest), &group)),
                None => node.group = Some(group.id),
            }
        }
        tops.into_values().chain(no_prefix).collect()
    }
}

fn leaf<'a>(name: Option<&'a str>, group: &GroupSummary<'a>) -> CollectionNode<'a> {
    CollectionNode {
        name,
        group: Some(group.id),
        partition_count: group.partition_count,
        item_count: group.item_count,
        entities: group.entities.clone(),
        children: Vec::new(),
    }
}

fn merge_entities<'a>(into: &mut Vec<(Option<&'a str>, u64)>, from: &[(Option<&'a str>, u64)]) {
    for (entity, count) in from {
        match into.iter_mut().find(|(known, _)| known == entity) {
            Some((_, total)) => *total += count,
            None => into.push((*entity, *count)),
        }
    }
    into.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::{AttrValue, Item, ValueType};

    fn item(pk: &str, sk: &str, entity: Option<&str>) -> Item {
        let mut item = Item::new();
        item.insert("pk".into(), AttrValue::s(pk));
        item.insert("sk".into(), AttrValue::s(sk));
        if let Some(entity) = entity {
            item.insert("__edb_e__".into(), AttrValue::s(entity));
        }
        item
    }

    fn collections(items: &[Item]) -> Collections {
        let key = KeySchema::new(
            KeyAttribute::new("pk", ValueType::S),
            Some(KeyAttribute::new("sk", ValueType::S)),
        );
        let mut found = Collections::new(key, EntityDecoder::new());
        found.add_page(items);
        found
    }

    #[test]
    fn a_constant_service_segment_groups_at_the_next_level() {
        let found = collections(&[
            item("$taskapp#employee_e1", "$employee_1", Some("employee")),
            item("$taskapp#employee_e2", "$employee_1", Some("employee")),
            item("$taskapp#task_t1", "$task_1#project_p1", Some("task")),
            item(
                "$taskapp#task_t1",
                "$discussion#comment_1#comment_c1",
                Some("comment"),
            ),
            item("USER#u1", "METADATA", None),
        ]);
        let names: Vec<_> = found.groups().map(|g| g.prefix).collect();
        assert_eq!(
            names,
            [
                Some("$taskapp › employee"),
                Some("$taskapp › task"),
                Some("USER")
            ]
        );
        let compositions: Vec<String> = found.groups().map(|g| g.composition().name()).collect();
        assert_eq!(compositions, ["employee", "comment + task", "User"]);
        let tree = found.tree();
        assert_eq!(tree.len(), 2);
        assert_eq!(tree[0].name, Some("$taskapp"));
        assert_eq!((tree[0].partition_count, tree[0].item_count), (3, 4));
        assert_eq!(tree[0].group, None);
        let children: Vec<_> = tree[0]
            .children
            .iter()
            .map(|c| (c.name, c.item_count))
            .collect();
        assert_eq!(children, [(Some("employee"), 2), (Some("task"), 2)]);
        assert_eq!(tree[1].name, Some("USER"));
        assert!(tree[1].children.is_empty() && tree[1].group.is_some());
        let task = found.group(Some("$taskapp › task")).expect("a task group");
        assert_eq!(found.partitions(task).count(), 1);
        assert_eq!(
            found.partition_item_count(crate::domain::partition_key::PartitionKey::S(
                "$taskapp#task_t1"
            )),
            2
        );
        let completed: Vec<_> = found.complete_partition("$taskapp#employee_e").collect();
        assert_eq!(completed.len(), 2);
    }

    #[test]
    fn one_entity_under_ninety_percent_is_a_mix() {
        let mut items: Vec<Item> = (0..9)
            .map(|i| item(&format!("A#{i}"), "x", Some("a")))
            .collect();
        items.push(item("A#9", "y", Some("b")));
        let found = collections(&items);
        let group = found.groups().next().expect("a group");
        assert_eq!(group.composition(), Composition::Single(Some("a")));
        items.push(item("A#10", "y", Some("b")));
        let found = collections(&items);
        let group = found.groups().next().expect("a group");
        assert_eq!(
            group.composition(),
            Composition::Mix(vec![Some("a"), Some("b")])
        );
    }
}
