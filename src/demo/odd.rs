//! A handful of deliberately awkward items: every type, 38-digit and tiny numbers, empty strings,
//! binary, sets, deep nesting, a large item, reserved-word and dotted attribute names, and text
//! with control characters (which the UI must escape).

use std::collections::{BTreeMap, BTreeSet};

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

fn number(text: &str) -> AttrValue {
    // The literals below are valid DynamoDB numbers; a typo would drop the attribute, not panic.
    Number::parse(text).map_or(AttrValue::Null, AttrValue::N)
}

fn item(pk: &str, sk: &str, attributes: Vec<(&str, AttrValue)>) -> Item {
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::s(pk));
    item.insert("SK".into(), AttrValue::s(sk));
    for (name, value) in attributes {
        item.insert(name.into(), value);
    }
    item
}

fn nested(depth: usize) -> AttrValue {
    let mut value = AttrValue::s("bottom");
    for level in 0..depth {
        value = AttrValue::M(BTreeMap::from([(format!("level{level}"), value)]));
    }
    value
}

/// The fixed odd items, in a stable order.
#[must_use]
pub fn items() -> Vec<Item> {
    vec![
        item(
            "ODD#types",
            "ALL_TYPES",
            vec![
                ("type", AttrValue::s("Odd")),
                ("aString", AttrValue::s("text")),
                ("aNumber", number("42")),
                ("aBinary", AttrValue::B(vec![0, 1, 2, 0xfe, 0xff])),
                ("aBool", AttrValue::Bool(true)),
                ("aNull", AttrValue::Null),
                (
                    "aMap",
                    AttrValue::M(BTreeMap::from([("k".to_owned(), AttrValue::s("v"))])),
                ),
                (
                    "aList",
                    AttrValue::L(vec![AttrValue::s("x"), number("1"), AttrValue::Bool(false)]),
                ),
                (
                    "aStringSet",
                    AttrValue::Ss(BTreeSet::from(["a".to_owned(), "b".to_owned()])),
                ),
                (
                    "aNumberSet",
                    AttrValue::Ns(BTreeSet::from([Number::from(1), Number::from(-2)])),
                ),
                (
                    "aBinarySet",
                    AttrValue::Bs(BTreeSet::from([vec![1u8], vec![0x80]])),
                ),
            ],
        ),
        item(
            "ODD#numbers",
            "EXTREMES",
            vec![
                ("big", number("12345678901234567890123456789012345678")),
                (
                    "bigNegative",
                    number("-99999999999999999999999999999999999999"),
                ),
                ("tiny", number("1e-130")),
                (
                    "huge",
                    number("9.9999999999999999999999999999999999999e125"),
                ),
                ("idAbove2pow53", number("9007199254740993")),
                ("money", number("0.10")),
            ],
        ),
        item(
            "ODD#empty",
            "EMPTY_VALUES",
            vec![
                ("emptyString", AttrValue::s("")),
                ("emptyBinary", AttrValue::B(Vec::new())),
                ("emptyList", AttrValue::L(Vec::new())),
                ("emptyMap", AttrValue::M(BTreeMap::new())),
                (
                    "setWithEmptyString",
                    AttrValue::Ss(BTreeSet::from([String::new(), "x".to_owned()])),
                ),
            ],
        ),
        item("ODD#nested", "DEEP", vec![("deep", nested(30))]),
        item(
            "ODD#names",
            "AWKWARD_NAMES",
            vec![
                ("status", AttrValue::s("reserved word as a name")),
                ("name", AttrValue::s("another reserved word")),
                ("a.b", AttrValue::s("a dot in the name")),
                ("with space", AttrValue::s("a space in the name")),
                ("1starts-with-digit", AttrValue::s("needs a placeholder")),
                ("ünïcödé 名前", AttrValue::s("🦀 non-ASCII everywhere")),
            ],
        ),
        item(
            "ODD#terminal",
            "CONTROL_CHARACTERS",
            vec![
                ("escape", AttrValue::s("before\u{1b}[31mred\u{1b}[0mafter")),
                (
                    "newlines",
                    AttrValue::s("line one\nline two\r\nline three\ttabbed"),
                ),
                ("bell", AttrValue::s("ding\u{7}")),
            ],
        ),
        item(
            "ODD#large",
            "BIG_ITEM",
            vec![
                ("type", AttrValue::s("Odd")),
                (
                    "payload",
                    AttrValue::s("lorem ipsum dolor sit amet ".repeat(7_000)),
                ),
            ],
        ),
        item(
            "ODD#index",
            "SPARSE_HALF",
            vec![
                // Only half of the GSI1 key: the item is in the table but not in GSI1.
                ("GSI1PK", AttrValue::s("GROUP#grp_001")),
            ],
        ),
    ]
}
