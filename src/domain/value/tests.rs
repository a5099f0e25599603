//! Item-size rules from the Developer Guide ("DynamoDB item sizes and formats", SEMANTICS §5).

use std::collections::{BTreeMap, BTreeSet};

use super::{AttrValue, Item, ValueType, item_size};
use crate::domain::number::Number;

fn number(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

fn item(entries: &[(&str, AttrValue)]) -> Item {
    entries
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

#[test]
fn the_developer_guide_shirt_example_is_23_bytes() {
    let shirt = item(&[
        ("shirt-color", AttrValue::s("R")),
        ("shirt-size", AttrValue::s("M")),
    ]);
    assert_eq!(item_size(&shirt), 23);
}

#[test]
fn each_type_is_sized_by_the_documented_rule() {
    let cases = [
        (AttrValue::s(""), 0),
        (AttrValue::s("abc"), 3),
        // UTF-8 bytes, not characters: "é" is 2 bytes, "€" 3, "😀" 4.
        (AttrValue::s("é€😀"), 9),
        (AttrValue::B(vec![]), 0),
        (AttrValue::B(vec![0x00, 0x80, 0xff]), 3),
        (AttrValue::Bool(true), 1),
        (AttrValue::Bool(false), 1),
        (AttrValue::Null, 1),
        (AttrValue::N(number("12345")), 4),
        (AttrValue::L(vec![]), 3),
        (AttrValue::M(BTreeMap::new()), 3),
        // 3 bytes of overhead plus one per element plus the elements.
        (
            AttrValue::L(vec![AttrValue::s("ab"), AttrValue::Null]),
            3 + (1 + 2) + (1 + 1),
        ),
        // Map entries also count their key's UTF-8 bytes.
        (
            AttrValue::M(item(&[
                ("ké", AttrValue::s("x")),
                ("n", AttrValue::Bool(true)),
            ])),
            3 + (1 + 3 + 1) + (1 + 1 + 1),
        ),
        (
            AttrValue::Ss(["a", "bc", ""].iter().map(|s| (*s).to_owned()).collect()),
            3,
        ),
        (
            AttrValue::Ns(
                [number("1"), number("-12"), number("1.2")]
                    .into_iter()
                    .collect(),
            ),
            2 + 3 + 3,
        ),
        (
            AttrValue::Bs(
                [vec![1u8, 2], vec![0x80]]
                    .into_iter()
                    .collect::<BTreeSet<_>>(),
            ),
            3,
        ),
    ];
    for (value, size) in cases {
        assert_eq!(value.size(), size, "{value:?}");
    }
}

#[test]
fn nested_containers_add_their_overhead_at_every_level() {
    let innermost = AttrValue::L(vec![]);
    let middle = AttrValue::M(item(&[("k", innermost)]));
    let outer = AttrValue::L(vec![middle]);
    // outer: 3 + 1 + middle; middle: 3 + 1 + len("k") + innermost; innermost: 3.
    assert_eq!(outer.size(), 3 + 1 + (3 + 1 + 1 + 3));
    let whole = item(&[("list", outer)]);
    assert_eq!(item_size(&whole), 4 + 12);
}

#[test]
fn numbers_take_about_one_byte_per_two_digits_plus_one() {
    for digits in 1..=38usize {
        let text = "7".repeat(digits);
        let size = AttrValue::N(number(&text)).size();
        // A positive integer's digit pairs always line up with the point.
        assert_eq!(size, digits.div_ceil(2) + 1, "{digits} digits");
    }
}

#[test]
fn attribute_names_count_their_utf8_bytes() {
    let named = item(&[("naïve", AttrValue::Null)]);
    assert_eq!(item_size(&named), "naïve".len() + 1);
    assert_eq!("naïve".len(), 6);
}

#[test]
fn descriptors_round_trip_and_are_case_sensitive() {
    let all = [
        ValueType::S,
        ValueType::N,
        ValueType::B,
        ValueType::Bool,
        ValueType::Null,
        ValueType::M,
        ValueType::L,
        ValueType::Ss,
        ValueType::Ns,
        ValueType::Bs,
    ];
    for value_type in all {
        let descriptor = value_type.descriptor();
        assert_eq!(ValueType::from_descriptor(descriptor), Some(value_type));
        assert_eq!(value_type.to_string(), descriptor);
        assert_eq!(
            ValueType::from_descriptor(&descriptor.to_lowercase()),
            None,
            "{descriptor}"
        );
        assert_eq!(
            value_type.is_key_type(),
            matches!(descriptor, "S" | "N" | "B")
        );
    }
}
