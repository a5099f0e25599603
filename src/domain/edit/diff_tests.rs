use std::collections::BTreeMap;

use super::*;

fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

fn map(pairs: &[(&str, AttrValue)]) -> AttrValue {
    AttrValue::M(
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect::<BTreeMap<_, _>>(),
    )
}

fn paths(diff: &ItemDiff) -> Vec<&str> {
    diff.changes
        .iter()
        .map(|change| change.path.as_str())
        .collect()
}

#[test]
fn only_changed_added_and_removed_paths_are_listed() {
    let original = item(&[
        ("PK", AttrValue::s("U#1")),
        ("status", AttrValue::s("new")),
        ("gone", AttrValue::n(1)),
        (
            "address",
            map(&[
                ("city", AttrValue::s("Oslo")),
                ("zip", AttrValue::s("0150")),
            ]),
        ),
        (
            "lines",
            AttrValue::L(vec![AttrValue::n(1), map(&[("qty", AttrValue::n(2))])]),
        ),
        ("tags", AttrValue::L(vec![AttrValue::s("a")])),
    ]);
    let edited = item(&[
        ("PK", AttrValue::s("U#1")),
        ("status", AttrValue::s("paid")),
        ("added", AttrValue::Bool(true)),
        (
            "address",
            map(&[
                ("city", AttrValue::s("Bergen")),
                ("zip", AttrValue::s("0150")),
            ]),
        ),
        (
            "lines",
            AttrValue::L(vec![AttrValue::n(1), map(&[("qty", AttrValue::n(3))])]),
        ),
        (
            "tags",
            AttrValue::L(vec![AttrValue::s("a"), AttrValue::s("b")]),
        ),
    ]);
    let diff = diff(&original, &edited);
    assert_eq!(
        paths(&diff),
        [
            "added",
            "address.city",
            "gone",
            "lines[1].qty",
            "status",
            "tags"
        ]
    );
    let gone = &diff.changes[2];
    assert_eq!(
        (gone.old.clone(), gone.new.clone()),
        (Some(AttrValue::n(1)), None)
    );
    assert_eq!(
        diff.attributes(),
        ["added", "address", "gone", "lines", "status", "tags"]
    );
}

#[test]
fn identical_items_have_no_diff_and_a_type_change_replaces_the_value() {
    let original = item(&[("a", map(&[("b", AttrValue::n(1))]))]);
    assert!(diff(&original, &original).is_empty());
    let edited = item(&[("a", AttrValue::s("flat"))]);
    assert_eq!(paths(&diff(&original, &edited)), ["a"]);
}

#[test]
fn applying_a_diff_forward_and_backward_gives_each_side() {
    let original = item(&[
        ("a", map(&[("b", AttrValue::n(1)), ("c", AttrValue::n(2))])),
        ("l", AttrValue::L(vec![AttrValue::n(1), AttrValue::n(2)])),
        ("x", AttrValue::s("x")),
    ]);
    let edited = item(&[
        ("a", map(&[("b", AttrValue::n(5)), ("d", AttrValue::n(3))])),
        ("l", AttrValue::L(vec![AttrValue::n(1), AttrValue::n(7)])),
        ("y", AttrValue::s("y")),
    ]);
    let changes = diff(&original, &edited).changes;
    let mut forward = original.clone();
    apply_changes(&mut forward, &changes, true);
    assert_eq!(forward, edited);
    let mut backward = edited.clone();
    apply_changes(&mut backward, &changes, false);
    assert_eq!(backward, original);
}

#[test]
fn ambiguous_names_are_shown_in_backticks() {
    let elements = [
        PathElement::Name("a.b".into()),
        PathElement::Index(2),
        PathElement::Name("c".into()),
    ];
    assert_eq!(display_path(&elements), "`a.b`[2].c");
}
