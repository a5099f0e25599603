//! Proptest strategies for arbitrary attribute values, shared by the tests of every encoding
//! that promises a lossless round trip.

use proptest::prelude::*;

use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// Numbers with up to 19 significant digits and up to 39 decimal places.
pub fn arb_number() -> impl Strategy<Value = Number> {
    (any::<i64>(), 0u32..40).prop_map(|(mantissa, scale)| {
        let text = format!("{mantissa}e-{scale}");
        Number::parse(&text).expect("an i64 mantissa always fits 38 digits")
    })
}

/// Any of the ten types, nested up to three levels; strings and binaries include empty ones.
pub fn arb_value() -> impl Strategy<Value = AttrValue> {
    let leaf = prop_oneof![
        ".{0,12}".prop_map(AttrValue::S),
        arb_number().prop_map(AttrValue::N),
        proptest::collection::vec(any::<u8>(), 0..8).prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        proptest::collection::btree_set(".{0,6}", 1..4).prop_map(AttrValue::Ss),
        proptest::collection::btree_set(arb_number(), 1..4).prop_map(AttrValue::Ns),
        proptest::collection::btree_set(proptest::collection::vec(any::<u8>(), 0..4), 1..4)
            .prop_map(AttrValue::Bs),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(AttrValue::L),
            proptest::collection::btree_map(".{0,6}", inner, 0..4).prop_map(AttrValue::M),
        ]
    })
}

/// Items of up to `max` attributes whose names match `names` (a proptest regex).
pub fn arb_item(names: &'static str, max: usize) -> impl Strategy<Value = Item> {
    proptest::collection::btree_map(names, arb_value(), 0..max)
}
