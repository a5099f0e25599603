//! The minimal change between the item as read and as edited: only what changed, at the deepest
//! path that still makes one clean assignment. Untouched attributes (and untouched parts of
//! changed maps and lists) are never written, so concurrent changes to them survive.

use std::fmt::Write as _;

use crate::domain::expr::ast::PathElement;
use crate::domain::value::{AttrValue, Item};

/// One changed path: `old` is `None` for an added attribute, `new` is `None` for a removed one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeChange {
    /// Display form: `status`, `address.city`, `lines[2].qty`.
    pub path: String,
    /// The same path as expression elements, for building requests.
    pub elements: Vec<PathElement>,
    pub old: Option<AttrValue>,
    pub new: Option<AttrValue>,
}

/// Every change of an edit, in attribute-name order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemDiff {
    pub changes: Vec<AttributeChange>,
}

impl ItemDiff {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The top-level attributes this diff touches, deduplicated, in order.
    #[must_use]
    pub fn attributes(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for change in &self.changes {
            if let Some(PathElement::Name(name)) = change.elements.first()
                && names.last() != Some(&name.as_str())
            {
                names.push(name);
            }
        }
        names
    }
}

/// How deep a diff descends before assigning a whole value. Expressions allow 32 dereferences;
/// this stays far below while covering every realistic nested edit.
const MAX_PATH_ELEMENTS: usize = 16;

/// The minimal diff from `original` to `edited`.
#[must_use]
pub fn diff(original: &Item, edited: &Item) -> ItemDiff {
    let mut changes = Vec::new();
    let names: std::collections::BTreeSet<&String> = original.keys().chain(edited.keys()).collect();
    for name in names {
        let mut path = vec![PathElement::Name(name.clone())];
        diff_value(
            &mut path,
            original.get(name),
            edited.get(name),
            &mut changes,
        );
    }
    ItemDiff { changes }
}

fn diff_value(
    path: &mut Vec<PathElement>,
    old: Option<&AttrValue>,
    new: Option<&AttrValue>,
    out: &mut Vec<AttributeChange>,
) {
    if old == new {
        return;
    }
    let deeper = path.len() < MAX_PATH_ELEMENTS;
    match (old, new) {
        (Some(AttrValue::M(a)), Some(AttrValue::M(b))) if deeper => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for key in keys {
                path.push(PathElement::Name(key.clone()));
                diff_value(path, a.get(key), b.get(key), out);
                path.pop();
            }
        }
        (Some(AttrValue::L(a)), Some(AttrValue::L(b))) if deeper && a.len() == b.len() => {
            for (index, (x, y)) in a.iter().zip(b).enumerate() {
                path.push(PathElement::Index(index));
                diff_value(path, Some(x), Some(y), out);
                path.pop();
            }
        }
        _ => out.push(AttributeChange {
            path: display_path(path),
            elements: path.clone(),
            old: old.cloned(),
            new: new.cloned(),
        }),
    }
}

/// `a.b[2].c`; names that would read ambiguously (containing `.`, `[`, `]` or a backtick, or
/// empty) are shown in backticks.
#[must_use]
pub fn display_path(elements: &[PathElement]) -> String {
    let mut out = String::new();
    for (position, element) in elements.iter().enumerate() {
        match element {
            PathElement::Name(name) => {
                if position > 0 {
                    out.push('.');
                }
                let plain = !name.is_empty() && !name.contains(['.', '[', ']', '`']);
                if plain {
                    out.push_str(name);
                } else {
                    let _ = write!(out, "`{}`", name.replace('`', "``"));
                }
            }
            PathElement::Index(index) => {
                let _ = write!(out, "[{index}]");
            }
        }
    }
    out
}

/// Applies the changes to `item`, taking each change's `new` (forward) or `old` (backward)
/// value. Used to reconstruct a before-image from an after-image. Paths that no longer lead
/// anywhere are skipped (they cannot occur for a write whose condition held).
pub fn apply_changes(item: &mut Item, changes: &[AttributeChange], forward: bool) {
    for change in changes {
        let value = if forward { &change.new } else { &change.old };
        apply_one(item, &change.elements, value.clone());
    }
}

fn apply_one(item: &mut Item, elements: &[PathElement], value: Option<AttrValue>) {
    let Some((PathElement::Name(root), rest)) = elements.split_first() else {
        return;
    };
    if rest.is_empty() {
        match value {
            Some(value) => item.insert(root.clone(), value),
            None => item.remove(root),
        };
        return;
    }
    if let Some(target) = item.get_mut(root) {
        apply_nested(target, rest, value);
    }
}

fn apply_nested(target: &mut AttrValue, elements: &[PathElement], value: Option<AttrValue>) {
    let Some((first, rest)) = elements.split_first() else {
        return;
    };
    match (target, first) {
        (AttrValue::M(map), PathElement::Name(name)) => {
            if rest.is_empty() {
                match value {
                    Some(value) => map.insert(name.clone(), value),
                    None => map.remove(name),
                };
            } else if let Some(inner) = map.get_mut(name) {
                apply_nested(inner, rest, value);
            }
        }
        (AttrValue::L(list), PathElement::Index(index)) => {
            let index = *index;
            if rest.is_empty() {
                match value {
                    Some(value) if index < list.len() => list[index] = value,
                    Some(value) => list.push(value),
                    None if index < list.len() => {
                        list.remove(index);
                    }
                    None => {}
                }
            } else if let Some(inner) = list.get_mut(index) {
                apply_nested(inner, rest, value);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
#[path = "diff_tests.rs"]
mod tests;
