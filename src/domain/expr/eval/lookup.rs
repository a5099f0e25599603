//! Reading a document path out of an item.

use crate::domain::expr::ast::{Path, PathElement};
use crate::domain::value::{AttrValue, Item};

/// The value at `path`, or `None` when any step is missing or of the wrong container type.
#[must_use]
pub fn lookup<'a>(item: &'a Item, path: &Path) -> Option<&'a AttrValue> {
    let mut elements = path.elements.iter();
    let Some(PathElement::Name(root)) = elements.next() else {
        return None;
    };
    let mut current = item.get(root)?;
    for element in elements {
        current = match (element, current) {
            (PathElement::Name(key), AttrValue::M(map)) => map.get(key)?,
            (PathElement::Index(index), AttrValue::L(list)) => list.get(*index)?,
            _ => return None,
        };
    }
    Some(current)
}
