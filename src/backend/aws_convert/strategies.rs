//! Property-test strategies for DynamoDB values as the service stores them: every type, the
//! number range's edges, binary that is not UTF-8, empty strings, nesting.

use proptest::prelude::*;

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

fn num(text: &str) -> Number {
    Number::parse(text).expect("test number is valid")
}

/// Valid DynamoDB numbers: 1–38 significant digits, any sign, magnitude within 1E-130..1E+126.
pub(crate) fn number_strategy() -> impl Strategy<Value = Number> {
    let generated = (any::<bool>(), "[1-9][0-9]{0,37}", -130i32..=88).prop_filter_map(
        "within DynamoDB's range",
        |(negative, digits, exponent)| {
            let sign = if negative { "-" } else { "" };
            Number::parse(&format!("{sign}{digits}E{exponent}")).ok()
        },
    );
    prop_oneof![
        8 => generated,
        1 => Just(num("1E-130")),
        1 => Just(num("-1E-130")),
        1 => Just(num("99999999999999999999999999999999999999")),
        1 => Just(num("9.9999999999999999999999999999999999999E+125")),
        1 => Just(num("0")),
    ]
}

fn bytes_strategy() -> impl Strategy<Value = Vec<u8>> {
    // Bias towards bytes ≥ 0x80, which are not valid UTF-8 on their own.
    prop::collection::vec(prop_oneof![any::<u8>(), 0x80u8..=0xff], 0..24)
}

fn scalar_strategy() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        // Includes the empty string, and multi-byte characters.
        ".{0,12}".prop_map(AttrValue::S),
        number_strategy().prop_map(AttrValue::N),
        bytes_strategy().prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        prop::collection::btree_set(".{0,8}", 1..5).prop_map(AttrValue::Ss),
        prop::collection::btree_set(number_strategy(), 1..5).prop_map(AttrValue::Ns),
        prop::collection::btree_set(bytes_strategy(), 1..5).prop_map(AttrValue::Bs),
    ]
}

pub(crate) fn value_strategy() -> impl Strategy<Value = AttrValue> {
    scalar_strategy().prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(AttrValue::L),
            prop::collection::btree_map(".{0,6}", inner, 0..6).prop_map(AttrValue::M),
        ]
    })
}

pub(crate) fn item_strategy() -> impl Strategy<Value = Item> {
    prop::collection::btree_map("[A-Za-z#_]{1,10}", value_strategy(), 0..12)
}
