use proptest::prelude::*;

use super::*;
use crate::domain::number::Number;
use crate::domain::value::arb::arb_item;

fn item(entries: &[(&str, AttrValue)]) -> Item {
    entries
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

proptest! {
    #[test]
    fn every_item_decodes_to_exactly_what_was_added(
        items in proptest::collection::vec(arb_item(".{0,8}", 8), 0..6)
    ) {
        let compact = CompactItems::from(items.clone());
        prop_assert_eq!(compact.len(), items.len());
        prop_assert_eq!(compact.to_vec(), items.clone());
        for (index, item) in items.iter().enumerate() {
            for (name, value) in item {
                prop_assert_eq!(compact.attribute(index, name), Some(value.clone()));
            }
            prop_assert_eq!(compact.attribute(index, "\u{0}absent"), None);
        }
    }
}

#[test]
fn numbers_sets_binaries_and_empty_strings_come_back_as_they_were() {
    let digits = "12345678901234567890123456789012345678";
    let original = item(&[
        (
            "big",
            AttrValue::N(Number::parse(digits).expect("38 digits")),
        ),
        (
            "tiny",
            AttrValue::N(Number::parse("-1E-130").expect("in range")),
        ),
        ("empty", AttrValue::s("")),
        ("raw", AttrValue::B(vec![0, 255, 10])),
        (
            "tags",
            AttrValue::Ss(["a".to_owned(), "b".to_owned()].into()),
        ),
    ]);
    let compact = CompactItems::from(vec![original.clone()]);
    assert_eq!(compact.get(0), Some(original));
    assert_eq!(
        compact
            .attribute(0, "big")
            .and_then(|value| value.as_n().map(ToString::to_string)),
        Some(digits.to_owned())
    );
}

#[test]
fn a_replaced_item_reads_back_new_and_a_removed_one_moves_the_rest_up() {
    let first = item(&[("PK", AttrValue::s("1"))]);
    let second = item(&[("PK", AttrValue::s("2")), ("extra", AttrValue::Null)]);
    let mut compact = CompactItems::from(vec![first.clone(), second.clone()]);
    assert!(compact.replace(0, &second));
    assert!(!compact.replace(2, &first));
    assert_eq!(compact.get(0), Some(second.clone()));
    compact.remove(0);
    assert_eq!(compact.to_vec(), vec![second]);
}

#[test]
fn names_are_stored_once_for_all_items() {
    let named = item(&[("aLongAttributeName", AttrValue::Bool(true))]);
    let compact = CompactItems::from(vec![named.clone(), named]);
    // Count, name number, tag: three bytes per item however long the name.
    assert_eq!(compact.encoded_bytes(), 6);
}
