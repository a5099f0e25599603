//! A change as a diff of attributes, old → new: what a stream record or a journal entry did to
//! an item, attribute by attribute, in name order.

use crate::domain::value::{AttrValue, Item};

/// What happened to one attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum AttributeChange<'a> {
    Added(&'a AttrValue),
    Removed(&'a AttrValue),
    Changed {
        old: &'a AttrValue,
        new: &'a AttrValue,
    },
    Same(&'a AttrValue),
}

/// Every attribute of either image with what happened to it. A missing image counts as empty,
/// so an insert is all additions and a removal all removals.
#[must_use]
pub fn diff<'a>(
    old: Option<&'a Item>,
    new: Option<&'a Item>,
) -> Vec<(&'a str, AttributeChange<'a>)> {
    let mut names: Vec<&str> = old
        .into_iter()
        .chain(new)
        .flat_map(|item| item.keys().map(String::as_str))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let before = old.and_then(|item| item.get(name));
            let after = new.and_then(|item| item.get(name));
            let change = match (before, after) {
                (None, Some(value)) => AttributeChange::Added(value),
                (Some(value), None) => AttributeChange::Removed(value),
                (Some(old), Some(new)) if old == new => AttributeChange::Same(old),
                (Some(old), Some(new)) => AttributeChange::Changed { old, new },
                (None, None) => return None,
            };
            Some((name, change))
        })
        .collect()
}

/// The names of the attributes that differ, for a one-line summary.
#[must_use]
pub fn changed_names(old: Option<&Item>, new: Option<&Item>) -> Vec<String> {
    diff(old, new)
        .into_iter()
        .filter(|(_, change)| !matches!(change, AttributeChange::Same(_)))
        .map(|(name, _)| name.to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_attribute_of_either_image_is_added_removed_changed_or_same() {
        let old: Item = [
            ("a".to_owned(), AttrValue::s("1")),
            ("b".to_owned(), AttrValue::s("x")),
            ("c".to_owned(), AttrValue::n(1)),
        ]
        .into_iter()
        .collect();
        let new: Item = [
            ("a".to_owned(), AttrValue::s("1")),
            ("c".to_owned(), AttrValue::n(2)),
            ("d".to_owned(), AttrValue::Bool(true)),
        ]
        .into_iter()
        .collect();
        let changes = diff(Some(&old), Some(&new));
        assert_eq!(
            changes,
            [
                ("a", AttributeChange::Same(&AttrValue::s("1"))),
                ("b", AttributeChange::Removed(&AttrValue::s("x"))),
                (
                    "c",
                    AttributeChange::Changed {
                        old: &AttrValue::n(1),
                        new: &AttrValue::n(2)
                    }
                ),
                ("d", AttributeChange::Added(&AttrValue::Bool(true))),
            ]
        );
        assert_eq!(changed_names(Some(&old), Some(&new)), ["b", "c", "d"]);
        assert_eq!(changed_names(None, Some(&new)).len(), 3);
    }
}
