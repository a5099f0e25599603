//! DynamoDB JSON ⇄ `AttrValue`: lossless round trips, and invalid input that never panics and
//! names the path of the bad value.

use ddbx::domain::ddb_json::{from_json, item_from_json, item_from_str, item_to_json, to_json};
use ddbx::domain::value::AttrValue;
use proptest::collection::{btree_map, vec};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

use crate::values;

/// Any JSON, biased towards objects keyed by DynamoDB type tags so parsing gets deep enough to
/// fail in interesting places.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[-+.eE0-9]{0,6}|.{0,6}|[A-Za-z0-9+/=]{0,8}".prop_map(Value::String),
    ];
    let key = prop_oneof![
        prop::sample::select(vec![
            "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"
        ])
        .prop_map(str::to_owned),
        ".{0,4}",
    ];
    leaf.prop_recursive(6, 64, 4, move |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(Value::Array),
            btree_map(key.clone(), inner, 0..3)
                .prop_map(|map| Value::Object(map.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Values the service rejects, each standing in for one bad attribute value.
fn invalid_value() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!({}),
        json!({"S": "x", "N": "1"}),
        json!({"N": "dog"}),
        json!({"N": 1}),
        json!({"N": "1e126"}),
        json!({"NULL": false}),
        json!({"SS": []}),
        json!({"NS": ["1", "1.0"]}),
        json!({"B": "***"}),
        json!("bare"),
        json!({"X": 1}),
    ])
}

/// An attribute name as error paths show it: control characters escaped as `\u{7f}`.
fn segment(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The path of every typed value in a DynamoDB JSON item, in the parser's notation.
fn typed_value_paths(json: &Value, path: &str, out: &mut Vec<String>) {
    let Some(object) = json.as_object() else {
        return;
    };
    for (name, typed) in object {
        let at = format!("{path}.{}", segment(name));
        collect_typed(typed, &at, out);
    }
}

fn collect_typed(typed: &Value, at: &str, out: &mut Vec<String>) {
    out.push(at.to_owned());
    if let Some(map) = typed.get("M") {
        typed_value_paths(map, at, out);
    } else if let Some(Value::Array(list)) = typed.get("L") {
        for (index, element) in list.iter().enumerate() {
            collect_typed(element, &format!("{at}[{index}]"), out);
        }
    }
}

/// Replaces the typed value at `target` (a path from [`typed_value_paths`]).
fn replace_at(json: &mut Value, path: &str, target: &str, replacement: &Value) -> bool {
    let Some(object) = json.as_object_mut() else {
        return false;
    };
    object.iter_mut().any(|(name, typed)| {
        replace_typed(
            typed,
            &format!("{path}.{}", segment(name)),
            target,
            replacement,
        )
    })
}

fn replace_typed(typed: &mut Value, at: &str, target: &str, replacement: &Value) -> bool {
    if at == target {
        *typed = replacement.clone();
        return true;
    }
    if let Some(map) = typed.get_mut("M") {
        return replace_at(map, at, target, replacement);
    }
    if let Some(Value::Array(list)) = typed.get_mut("L") {
        return list.iter_mut().enumerate().any(|(index, element)| {
            replace_typed(element, &format!("{at}[{index}]"), target, replacement)
        });
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_value_survives_a_round_trip_through_dynamodb_json(value in values::attr_value()) {
        prop_assert_eq!(from_json(&to_json(&value)), Ok(value));
    }

    #[test]
    fn any_item_survives_a_round_trip_through_dynamodb_json_text(item in values::item()) {
        let text = serde_json::to_string(&item_to_json(&item)).expect("JSON values serialise");
        prop_assert_eq!(item_from_str(&text), Ok(item));
    }

    #[test]
    fn single_table_items_survive_a_round_trip(item in values::single_table_item()) {
        prop_assert_eq!(item_from_json(&item_to_json(&item)), Ok(item));
    }

    #[test]
    fn values_nested_up_to_32_levels_survive_a_round_trip(
        value in (1usize..=32).prop_flat_map(values::nested_value),
    ) {
        let text = serde_json::to_string(&to_json(&value)).expect("JSON values serialise");
        let reparsed: Value = serde_json::from_str(&text).expect("own output is JSON");
        prop_assert_eq!(from_json(&reparsed), Ok(value));
    }

    #[test]
    fn numbers_keep_every_digit_through_dynamodb_json(number in values::number()) {
        let json = to_json(&AttrValue::N(number.clone()));
        let text = number.to_string();
        prop_assert_eq!(json["N"].as_str(), Some(text.as_str()));
        prop_assert_eq!(from_json(&json), Ok(AttrValue::N(number)));
    }

    #[test]
    fn arbitrary_json_never_panics_and_errors_carry_a_path(json in any_json()) {
        for result in [from_json(&json).map(|_| ()), item_from_json(&json).map(|_| ())] {
            if let Err(error) = result {
                prop_assert!(error.path.starts_with('$'), "{}", error);
                prop_assert!(!error.message.is_empty());
            }
        }
        let text = json.to_string();
        if let Err(error) = item_from_str(&text) {
            prop_assert!(error.path.starts_with('$'), "{}", error);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        if let Err(error) = item_from_str(&text) {
            prop_assert!(error.path.starts_with('$'));
        }
    }

    #[test]
    fn one_bad_value_anywhere_is_reported_at_its_exact_path(
        item in btree_map("[a-z]{1,6}", values::attr_value(), 1..6),
        choice in any::<prop::sample::Index>(),
        bad in invalid_value(),
    ) {
        let mut json = item_to_json(&item);
        let mut paths = Vec::new();
        typed_value_paths(&json, "$", &mut paths);
        let target = choice.get(&paths).clone();
        prop_assert!(replace_at(&mut json, "$", &target, &bad));
        let error = item_from_json(&json);
        prop_assert!(error.is_err(), "{} accepted", json);
        let error = error.err().map(|e| e.path).unwrap_or_default();
        prop_assert_eq!(error, target);
    }
}
