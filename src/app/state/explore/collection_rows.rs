//! The home screen's rows: the collection tree of the discovered keys, flattened with the
//! parents the user collapsed left shut. `update` moves over these rows and the renderer draws
//! the same ones, so both read them from here.

use std::collections::BTreeSet;

use crate::domain::collection::{Collections, GroupId, LEVEL_SEPARATOR};
use crate::domain::collection_tree::CollectionNode;

/// How the keys that stop at a parent's own level are listed among its children.
pub const OWN_LEVEL: &str = "(this level only)";

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
    /// This level's text; `None` for the keys without prefix, [`OWN_LEVEL`] for a parent's own keys.
    pub name: Option<&'a str>,
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
            RowTarget::Group(None) => super::super::rows::NO_PREFIX.to_owned(),
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
        name: Some(name),
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
        name: Some(OWN_LEVEL),
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
        name,
        target: RowTarget::Group(prefix),
        partition_count: node.partition_count,
        item_count: node.item_count,
        entities: node.entities.clone(),
    }
}
