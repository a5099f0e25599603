//! Re-applying an edit on top of an item someone else changed meanwhile (the conflict view's
//! "re-apply"): allowed only when no path the user changed was changed by them.

use super::diff::{AttributeChange, apply_changes, diff};
use crate::domain::expr::ast::PathElement;
use crate::domain::value::Item;

/// True when one path is the other or an ancestor of it.
fn overlaps(a: &[PathElement], b: &[PathElement]) -> bool {
    let shared = a.len().min(b.len());
    a[..shared] == b[..shared]
}

/// `mine` (an edit of `original`) applied on top of `current`. Err lists, in order, the paths
/// both sides changed (display form), when there are any.
pub fn rebase(original: &Item, mine: &Item, current: &Item) -> Result<Item, Vec<String>> {
    let my_changes = diff(original, mine).changes;
    let their_changes = diff(original, current).changes;
    let clashes: Vec<String> = my_changes
        .iter()
        .filter(|mine| {
            their_changes
                .iter()
                .any(|theirs| overlaps(&mine.elements, &theirs.elements))
        })
        .map(|change: &AttributeChange| change.path.clone())
        .collect();
    if !clashes.is_empty() {
        return Err(clashes);
    }
    let mut rebased = current.clone();
    apply_changes(&mut rebased, &my_changes, true);
    Ok(rebased)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn item(pairs: &[(&str, AttrValue)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    }

    fn address(city: &str, zip: &str) -> AttrValue {
        AttrValue::M(
            [
                ("city".to_owned(), AttrValue::s(city)),
                ("zip".to_owned(), AttrValue::s(zip)),
            ]
            .into(),
        )
    }

    #[test]
    fn disjoint_changes_are_combined_keeping_theirs() {
        let original = item(&[
            ("PK", AttrValue::s("U#1")),
            ("status", AttrValue::s("new")),
            ("address", address("Oslo", "0150")),
            ("version", AttrValue::n(1)),
        ]);
        let mut mine = original.clone();
        mine.insert("status".into(), AttrValue::s("paid"));
        let mut current = original.clone();
        current.insert("address".into(), address("Oslo", "0151"));
        current.insert("version".into(), AttrValue::n(2));
        let rebased = rebase(&original, &mine, &current).expect("no clash");
        let mut expected = current.clone();
        expected.insert("status".into(), AttrValue::s("paid"));
        assert_eq!(rebased, expected);
    }

    #[test]
    fn nested_changes_to_different_keys_of_one_map_do_not_clash() {
        let original = item(&[
            ("PK", AttrValue::s("U#1")),
            ("address", address("Oslo", "0150")),
        ]);
        let mine = item(&[
            ("PK", AttrValue::s("U#1")),
            ("address", address("Bergen", "0150")),
        ]);
        let current = item(&[
            ("PK", AttrValue::s("U#1")),
            ("address", address("Oslo", "9999")),
        ]);
        assert_eq!(
            rebase(&original, &mine, &current),
            Ok(item(&[
                ("PK", AttrValue::s("U#1")),
                ("address", address("Bergen", "9999"))
            ]))
        );
    }

    #[test]
    fn paths_both_sides_changed_are_listed_and_nothing_is_combined() {
        let original = item(&[
            ("PK", AttrValue::s("U#1")),
            ("status", AttrValue::s("new")),
            ("address", address("Oslo", "0150")),
        ]);
        let mine = item(&[
            ("PK", AttrValue::s("U#1")),
            ("status", AttrValue::s("paid")),
            ("address", address("Bergen", "0150")),
        ]);
        // They replaced the whole address and changed status: both of mine clash.
        let current = item(&[
            ("PK", AttrValue::s("U#1")),
            ("status", AttrValue::s("void")),
            ("address", AttrValue::s("unknown")),
        ]);
        assert_eq!(
            rebase(&original, &mine, &current),
            Err(vec!["address.city".to_owned(), "status".to_owned()])
        );
    }

    #[test]
    fn a_deleted_item_clashes_with_every_change() {
        let original = item(&[("PK", AttrValue::s("U#1")), ("a", AttrValue::n(1))]);
        let mine = item(&[("PK", AttrValue::s("U#1")), ("a", AttrValue::n(2))]);
        assert_eq!(
            rebase(&original, &mine, &Item::new()),
            Err(vec!["a".to_owned()])
        );
    }
}
