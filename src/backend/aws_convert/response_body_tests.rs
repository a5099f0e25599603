//! The response-body decoder: every type read losslessly, the page's other members, and the
//! bodies it must decline so that the SDK's reading of them stays the answer.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use serde_json::json;

use super::super::strategies::item_strategy;
use super::*;
use crate::domain::ddb_json::item_to_json;

fn num(text: &str) -> Number {
    Number::parse(text).expect("test number is valid")
}

fn body(value: &serde_json::Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("JSON renders")
}

/// A body whose one item has the value `value` under `v`.
fn one_value(value: serde_json::Value) -> Vec<u8> {
    body(&json!({"Count": 1, "Items": [{"v": value}], "ScannedCount": 1}))
}

#[test]
fn every_type_is_read_without_loss() {
    let page = page_from_body(&body(&json!({
        "Count": 1,
        "Items": [{
            "s": {"S": ""},
            "n": {"N": "12345678901234567890123456789012345678"},
            "tiny": {"N": "-1E-130"},
            "b": {"B": "AP+A"},
            "t": {"BOOL": true},
            "z": {"NULL": true},
            "m": {"M": {"inner": {"L": [{"S": "é\u{0}"}, {"N": "1.50"}]}}},
            "ss": {"SS": ["b", "a", ""]},
            "ns": {"NS": ["2", "10", "-0.5"]},
            "bs": {"BS": ["AA==", "gA=="]},
        }],
        "ScannedCount": 3,
    })))
    .expect("a valid body decodes");
    let expected = Item::from([
        ("s".to_owned(), AttrValue::s("")),
        (
            "n".to_owned(),
            AttrValue::N(num("12345678901234567890123456789012345678")),
        ),
        ("tiny".to_owned(), AttrValue::N(num("-1E-130"))),
        ("b".to_owned(), AttrValue::B(vec![0x00, 0xff, 0x80])),
        ("t".to_owned(), AttrValue::Bool(true)),
        ("z".to_owned(), AttrValue::Null),
        (
            "m".to_owned(),
            AttrValue::M(BTreeMap::from([(
                "inner".to_owned(),
                AttrValue::L(vec![AttrValue::s("é\u{0}"), AttrValue::N(num("1.5"))]),
            )])),
        ),
        (
            "ss".to_owned(),
            AttrValue::Ss(BTreeSet::from(["a".into(), "b".into(), String::new()])),
        ),
        (
            "ns".to_owned(),
            AttrValue::Ns(BTreeSet::from([num("2"), num("10"), num("-0.5")])),
        ),
        (
            "bs".to_owned(),
            AttrValue::Bs(BTreeSet::from([vec![0x00], vec![0x80]])),
        ),
    ]);
    assert_eq!(page.items, vec![expected]);
    assert_eq!((page.count, page.scanned_count), (1, 3));
    assert_eq!(page.last_evaluated_key, None);
    assert_eq!(page.consumed, None);
}

#[test]
fn the_last_key_and_capacity_per_index_are_read() {
    let page = page_from_body(&body(&json!({
        "ConsumedCapacity": {
            "TableName": "t",
            "CapacityUnits": 2.5,
            "Table": {"CapacityUnits": 1},
            "GlobalSecondaryIndexes": {"byType": {"CapacityUnits": 1.0}},
            "LocalSecondaryIndexes": {"byDate": {"CapacityUnits": 0.5}, "bare": {}},
        },
        "Count": 0,
        "Items": [],
        "LastEvaluatedKey": {"PK": {"S": "USER#1"}, "SK": {"N": "7"}},
        "ScannedCount": 9,
        "SomethingNewer": {"ignored": [1, 2, {"x": null}]},
    })))
    .expect("a valid body decodes");
    assert!(page.items.is_empty());
    assert_eq!(page.scanned_count, 9);
    assert_eq!(
        page.last_evaluated_key,
        Some(Item::from([
            ("PK".to_owned(), AttrValue::s("USER#1")),
            ("SK".to_owned(), AttrValue::n(7)),
        ]))
    );
    let consumed = page.consumed.expect("capacity was in the body");
    assert!((consumed.total - 2.5).abs() < f64::EPSILON);
    assert_eq!(consumed.table, Some(1.0));
    assert_eq!(
        consumed.indexes,
        BTreeMap::from([
            ("bare".to_owned(), 0.0),
            ("byDate".to_owned(), 0.5),
            ("byType".to_owned(), 1.0),
        ])
    );
}

#[test]
fn a_statement_s_next_token_is_read() {
    let read = body_page(&body(&json!({
        "Items": [{"PK": {"S": "USER#1"}}],
        "NextToken": "abc+/=",
    })))
    .expect("a valid body decodes");
    assert_eq!(read.next_token.as_deref(), Some("abc+/="));
    assert_eq!(read.page.items.len(), 1);
}

#[test]
fn an_empty_object_is_an_empty_page() {
    assert_eq!(page_from_body(b"{}").expect("decodes"), Page::default());
}

#[test]
fn what_the_sdk_should_judge_is_declined() {
    let declined = [
        ("an unknown type", one_value(json!({"X": "1"}))),
        ("an invalid number", one_value(json!({"N": "1e999"}))),
        ("a number as JSON number", one_value(json!({"N": 1}))),
        ("39 digits", one_value(json!({"N": "1".repeat(39)}))),
        ("two types", one_value(json!({"S": "a", "N": "1"}))),
        ("no type", one_value(json!({}))),
        ("bad base64", one_value(json!({"B": "not base64!"}))),
        ("a negative count", body(&json!({"Count": -1}))),
        ("items that are not a list", body(&json!({"Items": {}}))),
    ];
    for (what, body) in declined {
        assert!(page_from_body(&body).is_err(), "{what} was accepted");
    }
    assert!(page_from_body(b"{} trailing").is_err());
    assert!(page_from_body(b"[]").is_err());
    assert!(page_from_body(b"").is_err());
}

#[test]
fn nesting_past_the_parser_s_limit_is_declined_without_overflowing() {
    let deep = format!(
        "{}{{\"S\":\"x\"}}{}",
        "{\"L\":[".repeat(5000),
        "]}".repeat(5000)
    );
    let body = format!("{{\"Items\":[{{\"v\":{deep}}}]}}");
    assert!(page_from_body(body.as_bytes()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn items_rendered_as_dynamodb_json_decode_to_themselves(
        items in prop::collection::vec(item_strategy(), 0..4),
        key in prop::option::of(item_strategy()),
    ) {
        let mut object = json!({
            "Count": items.len(),
            "Items": items.iter().map(item_to_json).collect::<Vec<_>>(),
            "ScannedCount": items.len() + 1,
        });
        if let Some(key) = &key {
            object["LastEvaluatedKey"] = item_to_json(key);
        }
        let page = page_from_body(&body(&object)).expect("a rendered page decodes");
        prop_assert_eq!(page.items, items);
        prop_assert_eq!(page.last_evaluated_key, key);
    }

    #[test]
    fn any_bytes_decode_or_are_declined_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = page_from_body(&bytes);
    }
}
