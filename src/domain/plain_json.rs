//! The plain-JSON *view* of items: what people and `jq` scripts expect (`{"PK":"USER#1","n":12}`).
//!
//! It is a view, not a format to read back: sets become arrays and binary becomes a base64 string,
//! so the type is not recoverable (DynamoDB JSON is the lossless format). What it never does is
//! lose digits: numbers are emitted from their normalised decimal text with every digit (the crate
//! enables serde_json's `arbitrary_precision`), never through `f64`.

use std::collections::BTreeMap;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde_json::{Map, Value};

use super::number::Number;
use super::value::AttrValue;

/// Renders one attribute value as plain JSON.
#[must_use]
pub fn to_plain_json(value: &AttrValue) -> Value {
    match value {
        AttrValue::S(text) => Value::String(text.clone()),
        AttrValue::N(number) => number_to_json(number),
        AttrValue::B(bytes) => Value::String(BASE64.encode(bytes)),
        AttrValue::Bool(flag) => Value::Bool(*flag),
        AttrValue::Null => Value::Null,
        AttrValue::M(map) => item_to_plain_json(map),
        AttrValue::L(list) => Value::Array(list.iter().map(to_plain_json).collect()),
        AttrValue::Ss(set) => set.iter().cloned().map(Value::String).collect(),
        AttrValue::Ns(set) => set.iter().map(number_to_json).collect(),
        AttrValue::Bs(set) => set
            .iter()
            .map(|bytes| Value::String(BASE64.encode(bytes)))
            .collect(),
    }
}

/// Renders an item (or any attribute map) as a plain JSON object.
#[must_use]
pub fn item_to_plain_json(item: &BTreeMap<String, AttrValue>) -> Value {
    Value::Object(
        item.iter()
            .map(|(name, value)| (name.clone(), to_plain_json(value)))
            .collect::<Map<String, Value>>(),
    )
}

/// A JSON number carrying exactly the digits of `number`.
fn number_to_json(number: &Number) -> Value {
    let text = number.to_string();
    // A normalised Number always prints as a plain JSON number (`-12.5`, `0.001`), so this parse
    // cannot fail; should that invariant ever break, a string keeps every digit instead of
    // inventing a value.
    match text.parse::<serde_json::Number>() {
        Ok(json_number) => Value::Number(json_number),
        Err(_) => Value::String(text),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    fn n(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("test number is valid"))
    }

    fn rendered(value: &AttrValue) -> String {
        serde_json::to_string(&to_plain_json(value)).expect("a Value always serialises")
    }

    #[test]
    fn thirty_eight_digit_numbers_keep_every_digit() {
        let cases = [
            (
                "12345678901234567890123456789012345678",
                "12345678901234567890123456789012345678",
            ),
            (
                "-0.12345678901234567890123456789012345678",
                "-0.12345678901234567890123456789012345678",
            ),
            ("9007199254740993", "9007199254740993"),
            ("1.50", "1.5"),
        ];
        for (input, expected) in cases {
            assert_eq!(rendered(&n(input)), expected, "input {input}");
        }
    }

    #[test]
    fn smallest_positive_number_is_written_in_full_without_rounding_to_zero() {
        let text = rendered(&n("1E-130"));
        assert_eq!(text, format!("0.{}1", "0".repeat(129)));
    }

    #[test]
    fn largest_magnitude_number_is_written_with_all_its_digits() {
        let text = rendered(&n(&format!("-{}E+88", "9".repeat(38))));
        assert_eq!(text, format!("-{}{}", "9".repeat(38), "0".repeat(88)));
    }

    #[test]
    fn scalar_types_map_to_their_natural_json() {
        let cases = [
            (AttrValue::s(""), json!("")),
            (AttrValue::s("USER#1"), json!("USER#1")),
            (AttrValue::Bool(true), json!(true)),
            (AttrValue::Null, json!(null)),
            (AttrValue::B(vec![0x00, 0xff, 0x80]), json!("AP+A")),
            (AttrValue::B(Vec::new()), json!("")),
        ];
        for (value, expected) in cases {
            assert_eq!(to_plain_json(&value), expected, "{value:?}");
        }
    }

    #[test]
    fn sets_become_arrays_in_set_order() {
        let ss = AttrValue::Ss(BTreeSet::from(["b".to_owned(), "a".to_owned()]));
        assert_eq!(to_plain_json(&ss), json!(["a", "b"]));
        let ns = AttrValue::Ns(BTreeSet::from([
            Number::parse("10").expect("valid"),
            Number::parse("-2.5").expect("valid"),
        ]));
        assert_eq!(rendered(&ns), "[-2.5,10]");
        let bs = AttrValue::Bs(BTreeSet::from([vec![0xfb], vec![0x01]]));
        assert_eq!(to_plain_json(&bs), json!(["AQ==", "+w=="]));
    }

    #[test]
    fn maps_and_lists_render_recursively() {
        let item = BTreeMap::from([
            ("PK".to_owned(), AttrValue::s("ORDER#1")),
            (
                "lines".to_owned(),
                AttrValue::L(vec![AttrValue::M(BTreeMap::from([
                    ("qty".to_owned(), n("3")),
                    ("note".to_owned(), AttrValue::Null),
                ]))]),
            ),
        ]);
        assert_eq!(
            serde_json::to_string(&item_to_plain_json(&item)).expect("serialises"),
            r#"{"PK":"ORDER#1","lines":[{"note":null,"qty":3}]}"#
        );
    }

    #[test]
    fn nesting_depth_of_32_renders_without_loss() {
        let mut value = n("1");
        for _ in 0..32 {
            value = AttrValue::L(vec![value]);
        }
        let expected = format!("{}1{}", "[".repeat(32), "]".repeat(32));
        assert_eq!(rendered(&value), expected);
    }

    proptest! {
        #[test]
        fn any_valid_number_renders_as_its_normalised_text(
            negative in any::<bool>(),
            digits in "[1-9][0-9]{0,37}",
            exponent in -130i32..=88,
        ) {
            let text = format!("{}{digits}E{exponent}", if negative { "-" } else { "" });
            if let Ok(number) = Number::parse(&text) {
                let json_text = rendered(&AttrValue::N(number.clone()));
                prop_assert_eq!(&json_text, &number.to_string());
                // Reading the JSON text back as a number gives the same value.
                prop_assert_eq!(Number::parse(&json_text).ok(), Some(number));
            }
        }
    }
}
