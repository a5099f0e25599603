//! Applying a ProjectionExpression: only the named paths come back. Missing paths are left out
//! silently; selected list elements come back as a list holding only them, in index order (the
//! service compacts the gaps).

use std::collections::BTreeMap;

use crate::domain::expr::ast::{PathElement, ProjectionExpr};
use crate::domain::value::{AttrValue, Item};

/// Which parts of a value are selected.
#[derive(Default)]
struct Selection<'a> {
    /// The whole value is selected.
    whole: bool,
    keys: BTreeMap<&'a str, Selection<'a>>,
    indexes: BTreeMap<usize, Selection<'a>>,
}

impl<'a> Selection<'a> {
    fn insert(&mut self, elements: &'a [PathElement]) {
        let Some((first, rest)) = elements.split_first() else {
            self.whole = true;
            return;
        };
        let child = match first {
            PathElement::Name(name) => self.keys.entry(name.as_str()).or_default(),
            PathElement::Index(index) => self.indexes.entry(*index).or_default(),
        };
        child.insert(rest);
    }

    /// The selected part of `value`, or `None` when nothing selected is present.
    fn apply(&self, value: &AttrValue) -> Option<AttrValue> {
        if self.whole {
            return Some(value.clone());
        }
        match value {
            AttrValue::M(map) if !self.keys.is_empty() => {
                let selected: BTreeMap<String, AttrValue> = self
                    .keys
                    .iter()
                    .filter_map(|(key, child)| {
                        let value = child.apply(map.get(*key)?)?;
                        Some(((*key).to_owned(), value))
                    })
                    .collect();
                (!selected.is_empty()).then_some(AttrValue::M(selected))
            }
            AttrValue::L(list) if !self.indexes.is_empty() => {
                let selected: Vec<AttrValue> = self
                    .indexes
                    .iter()
                    .filter_map(|(index, child)| child.apply(list.get(*index)?))
                    .collect();
                (!selected.is_empty()).then_some(AttrValue::L(selected))
            }
            _ => None,
        }
    }
}

/// The attributes of `item` that `projection` selects.
#[must_use]
pub fn apply_projection(projection: &ProjectionExpr, item: &Item) -> Item {
    let mut selection = Selection::default();
    for path in &projection.paths {
        selection.insert(&path.elements);
    }
    selection
        .keys
        .iter()
        .filter_map(|(name, child)| {
            let value = child.apply(item.get(*name)?)?;
            Some(((*name).to_owned(), value))
        })
        .collect()
}
