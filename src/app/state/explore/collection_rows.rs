//! The home screen's rows: the collection tree of the discovered keys, flattened with the
//! parents the user collapsed left shut. `update` moves over these rows and the renderer draws
//! the same ones, so both read them from here.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::domain::collection::{Collections, GroupId, LEVEL_SEPARATOR};
use crate::domain::collection_tree::CollectionNode;

/// How a group without prefix is listed.
pub const NO_PREFIX: &str = "(no prefix)";

/// How the keys that stop at a parent's own level are listed among its children: by what they
/// hold, partitions keyed by the parent level alone (`(TENANT alone)` beside `TICKET` for
/// `TENANT#acme` and `TENANT#acme#TICKET#t1`).
#[must_use]
pub fn own_level_name(parent: &str) -> String {
    format!("({parent} alone)")
}

/// The parents the user collapsed, by name. Parents start open, so that each row a first look
/// shows holds one entity type; a parent the scan finds later opens too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollapsedCollections(BTreeSet<String>);

impl CollapsedCollections {
    /// Opens a collapsed parent, collapses an open one.
    pub fn toggle(&mut self, parent: &str) {
        if !self.0.remove(parent) {
            self.0.insert(parent.to_owned());
        }
    }

    #[must_use]
    pub fn is_collapsed(&self, parent: &str) -> bool {
        self.0.contains(parent)
    }
}

/// What a row does when opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowTarget {
    /// A parent level: opening it expands or collapses its children.
    Parent { name: String, expanded: bool },
    /// A group of keys: opening it lists its partitions (`None`: the keys without prefix).
    Group(Option<String>),
}

/// One row of the home screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionRow<'a> {
    /// 0 for a top level, 1 for a level inside it.
    pub depth: usize,
    /// This level's text; `None` for the keys without prefix, [`own_level_name`] for a parent's
    /// own keys.
    pub name: Option<Cow<'a, str>>,
    pub target: RowTarget,
    pub partition_count: u64,
    pub item_count: u64,
    /// Entity names with item counts, most frequent first.
    pub entities: Vec<(Option<&'a str>, u64)>,
}

impl CollectionRow<'_> {
    /// The text `/` searches: the whole path for a nested level, so `employee` finds
    /// `$taskapp › employee`.
    #[must_use]
    pub fn search_text(&self) -> String {
        match &self.target {
            RowTarget::Parent { name, .. } => name.clone(),
            RowTarget::Group(Some(prefix)) => prefix.clone(),
            RowTarget::Group(None) => NO_PREFIX.to_owned(),
        }
    }
}

/// The visible rows of `found`'s tree, parents first, their children under them unless collapsed.
#[must_use]
pub fn collection_rows<'a>(
    found: &'a Collections,
    collapsed: &CollapsedCollections,
) -> Vec<CollectionRow<'a>> {
    let mut rows = Vec::new();
    for node in found.tree() {
        push_node(&mut rows, found, node, collapsed);
    }
    rows
}

fn push_node<'a>(
    rows: &mut Vec<CollectionRow<'a>>,
    found: &'a Collections,
    node: CollectionNode<'a>,
    collapsed: &CollapsedCollections,
) {
    let Some(name) = node.name.filter(|_| !node.children.is_empty()) else {
        rows.push(group_row(0, node.name, node.name.map(str::to_owned), &node));
        return;
    };
    let expanded = !collapsed.is_collapsed(name);
    rows.push(CollectionRow {
        depth: 0,
        name: Some(Cow::Borrowed(name)),
        target: RowTarget::Parent {
            name: name.to_owned(),
            expanded,
        },
        partition_count: node.partition_count,
        item_count: node.item_count,
        entities: node.entities.clone(),
    });
    if !expanded {
        return;
    }
    if let Some(own) = node.group.and_then(|id| own_level_row(found, name, id)) {
        rows.push(own);
    }
    for child in &node.children {
        let path = child
            .name
            .map(|level| format!("{name}{LEVEL_SEPARATOR}{level}"));
        rows.push(group_row(1, child.name, path, child));
    }
}

/// The row of the keys that stop at a parent's level (`$taskapp` itself beside `$taskapp › task`).
fn own_level_row<'a>(
    found: &'a Collections,
    parent: &str,
    id: GroupId,
) -> Option<CollectionRow<'a>> {
    let group = found.groups().find(|group| group.id == id)?;
    Some(CollectionRow {
        depth: 1,
        name: Some(Cow::Owned(own_level_name(parent))),
        target: RowTarget::Group(Some(parent.to_owned())),
        partition_count: group.partition_count,
        item_count: group.item_count,
        entities: group.entities,
    })
}

fn group_row<'a>(
    depth: usize,
    name: Option<&'a str>,
    prefix: Option<String>,
    node: &CollectionNode<'a>,
) -> CollectionRow<'a> {
    CollectionRow {
        depth,
        name: name.map(Cow::Borrowed),
        target: RowTarget::Group(prefix),
        partition_count: node.partition_count,
        item_count: node.item_count,
        entities: node.entities.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::{AttrValue, Item, ValueType};

    fn found(keys: &[(&str, &str)]) -> Collections {
        let key = KeySchema::new(
            KeyAttribute::new("pk", ValueType::S),
            Some(KeyAttribute::new("sk", ValueType::S)),
        );
        let mut found = Collections::new(key, EntityDecoder::new());
        let items: Vec<Item> = keys
            .iter()
            .map(|(pk, sk)| {
                [("pk", *pk), ("sk", *sk)]
                    .into_iter()
                    .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
                    .collect()
            })
            .collect();
        found.add_page(&items);
        found
    }

    fn names<'a>(rows: &'a [CollectionRow<'a>]) -> Vec<(usize, &'a str, u64)> {
        rows.iter()
            .map(|row| {
                (
                    row.depth,
                    row.name.as_deref().unwrap_or(NO_PREFIX),
                    row.item_count,
                )
            })
            .collect()
    }

    #[test]
    fn parents_start_open_list_their_own_keys_first_and_collapse_on_toggle() {
        let found = found(&[
            ("$app", "$meta_1"),
            ("$app#user_u1", "$user_1"),
            ("$app#user_u2", "$user_1"),
            ("$app#order_o1", "$order_1"),
            ("USER#u1", "PROFILE"),
            ("42", "x"),
        ]);
        let mut collapsed = CollapsedCollections::default();
        let rows = collection_rows(&found, &collapsed);
        assert_eq!(
            names(&rows),
            [
                (0, "$app", 4),
                (1, "($app alone)", 1),
                (1, "order", 1),
                (1, "user", 2),
                (0, "USER", 1),
                (0, NO_PREFIX, 1),
            ]
        );
        assert_eq!(rows[1].target, RowTarget::Group(Some("$app".to_owned())));
        assert_eq!(
            rows[3].target,
            RowTarget::Group(Some("$app › user".to_owned()))
        );
        assert_eq!(rows[3].search_text(), "$app › user");
        assert_eq!(rows[5].target, RowTarget::Group(None));
        collapsed.toggle("$app");
        let rows = collection_rows(&found, &collapsed);
        assert_eq!(
            names(&rows),
            [(0, "$app", 4), (0, "USER", 1), (0, NO_PREFIX, 1)]
        );
        assert_eq!(
            rows[0].target,
            RowTarget::Parent {
                name: "$app".to_owned(),
                expanded: false
            }
        );
        collapsed.toggle("$app");
        assert_eq!(collection_rows(&found, &collapsed).len(), 6);
    }
}
