//! proptest strategies for arbitrary DynamoDB values and items, shared by integration tests.
//!
//! Everything generated is a value the service accepts: numbers within 38 digits and
//! 1E-130 ..< 1E+126, non-empty sets, `NULL` only as true. Strings include the empty string,
//! multi-byte UTF-8 and control characters; binary includes bytes ≥ 0x80.
//!
//! Include it from a test crate with `#[path = "support/values.rs"] mod values;` (or as
//! `pub mod values;` from `tests/support/mod.rs`).
#![allow(dead_code)]

use std::collections::BTreeMap;

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use proptest::collection::{btree_map, btree_set, vec};
use proptest::prelude::*;

/// Any valid number. Built from its parts (`0.digits × 10^exponent`), so generation does not rely
/// on the parser being right about anything but plain scientific notation.
pub fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        // Small integers, where most real data lives.
        (-1000i64..1000).prop_map(Number::from),
        wide_number(),
        Just(Number::zero()),
        extreme_number(),
    ]
}

/// Any valid number across the whole range: 1–38 significant digits, any exponent.
pub fn wide_number() -> impl Strategy<Value = Number> {
    (any::<bool>(), significant_digits(), -129i32..=126)
        .prop_map(|(negative, digits, exponent)| parse_parts(negative, &digits, exponent))
}

/// The edges of the range: 38 nines at the top, 1E-130 at the bottom, both signs.
pub fn extreme_number() -> impl Strategy<Value = Number> {
    let largest = format!("0.{}e126", "9".repeat(38));
    let smallest = "1e-130".to_owned();
    let longest_fraction = format!("0.{}e-129", "1".repeat(38));
    (
        prop::sample::select(vec![largest, smallest, longest_fraction]),
        any::<bool>(),
    )
        .prop_map(|(text, negative)| {
            let signed = if negative { format!("-{text}") } else { text };
            parse(&signed)
        })
}

/// 1–38 decimal digits with no leading or trailing zero.
pub fn significant_digits() -> impl Strategy<Value = String> {
    "[1-9]([0-9]{0,36}[1-9])?"
}

fn parse_parts(negative: bool, digits: &str, exponent: i32) -> Number {
    let sign = if negative { "-" } else { "" };
    parse(&format!("{sign}0.{digits}e{exponent}"))
}

fn parse(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|error| panic!("strategy built {text:?}: {error}"))
}

/// Strings as they occur in items: empty, ASCII keys like `USER#usr_1001`, any Unicode.
pub fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[A-Z]{1,6}#[a-z0-9_]{0,12}",
        any::<String>(),
    ]
}

/// Binary values, including empty ones and bytes ≥ 0x80.
pub fn binary() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(Vec::new()),
        vec(any::<u8>(), 1..24),
        vec(0x80u8..=0xff, 1..8)
    ]
}

/// Attribute names: short ASCII ones, names with dots or `#`, and any Unicode (never empty).
pub fn attribute_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z][a-zA-Z0-9_]{0,10}",
        "[a-z]{1,4}[.#-][a-z]{1,4}",
        ".{1,8}",
    ]
}

/// A scalar or set value (no M or L).
pub fn leaf_value() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        string().prop_map(AttrValue::S),
        number().prop_map(AttrValue::N),
        binary().prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        btree_set(string(), 1..5).prop_map(AttrValue::Ss),
        btree_set(number(), 1..5).prop_map(AttrValue::Ns),
        btree_set(binary(), 1..5).prop_map(AttrValue::Bs),
    ]
}

/// Any value, with lists and maps nested a few levels deep (empty ones included).
pub fn attr_value() -> impl Strategy<Value = AttrValue> {
    leaf_value().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..6).prop_map(AttrValue::L),
            btree_map(attribute_name(), inner, 0..6).prop_map(AttrValue::M),
        ]
    })
}

/// A value nested exactly `depth` levels deep (alternating L and M) around an arbitrary leaf.
pub fn nested_value(depth: usize) -> impl Strategy<Value = AttrValue> {
    (leaf_value(), vec(any::<bool>(), depth)).prop_map(|(leaf, kinds)| {
        kinds.into_iter().fold(leaf, |inner, is_list| {
            if is_list {
                AttrValue::L(vec![inner])
            } else {
                AttrValue::M(BTreeMap::from([("k".to_owned(), inner)]))
            }
        })
    })
}

/// Any item: a few attributes of any type.
pub fn item() -> impl Strategy<Value = Item> {
    btree_map(attribute_name(), attr_value(), 0..8)
}

/// A single-table-design item: `PK`/`SK` strings with prefixes plus arbitrary attributes.
pub fn single_table_item() -> impl Strategy<Value = Item> {
    (
        "(USER|ORDER|ITEM)#[a-z0-9_]{1,10}",
        "(PROFILE|ORDER#2026-0[1-9]-[0-2][0-9])(#[a-z0-9_]{1,8})?",
        btree_map("[a-z][a-zA-Z]{0,10}", attr_value(), 0..6),
    )
        .prop_map(|(pk, sk, mut rest)| {
            rest.insert("PK".to_owned(), AttrValue::S(pk));
            rest.insert("SK".to_owned(), AttrValue::S(sk));
            rest
        })
}
