//! The hand-written decoder against the serde-based one it replaced: on any body, valid, mutated
//! or made of JSON fragments, both accept or both decline, and what they read is the same.

use proptest::prelude::*;
use serde_json::json;

use super::super::strategies::item_strategy;
use super::{body_page, serde_oracle};
use crate::domain::ddb_json::item_to_json;

/// Both decoders give the same answer for `body`; never a panic.
fn assert_same_reading(body: &[u8]) -> Result<(), TestCaseError> {
    let ours = body_page(body).ok();
    let oracle = serde_oracle::body_page(body).ok();
    prop_assert_eq!(ours, oracle, "body: {}", String::from_utf8_lossy(body));
    Ok(())
}

fn rendered(value: &serde_json::Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("JSON renders")
}

/// A body with every member a page may have, around `items`.
fn full_page(items: &[crate::domain::value::Item]) -> serde_json::Value {
    json!({
        "ConsumedCapacity": {
            "CapacityUnits": 2.5,
            "Table": {"CapacityUnits": 1},
            "GlobalSecondaryIndexes": {"byType": {"CapacityUnits": 1.0}},
        },
        "Count": items.len(),
        "Items": items.iter().map(item_to_json).collect::<Vec<_>>(),
        "LastEvaluatedKey": {"PK": {"S": "USER#1"}, "SK": {"N": "7"}},
        "NextToken": "abc+/=",
        "ScannedCount": items.len() + 1,
        "SomethingNewer": {"ignored": [1, -2.5e3, {"x": null}, "\u{1}"]},
    })
}

/// Pieces of DynamoDB JSON, valid and not, to assemble into bodies of every shape.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    " ",
    "\n",
    "\"",
    "\\",
    "\"Items\"",
    "\"Count\"",
    "\"LastEvaluatedKey\"",
    "\"ConsumedCapacity\"",
    "\"NextToken\"",
    "\"x\"",
    "\"S\"",
    "\"N\"",
    "\"B\"",
    "\"BOOL\"",
    "\"NULL\"",
    "\"M\"",
    "\"L\"",
    "\"SS\"",
    "\"NS\"",
    "\"BS\"",
    "\"\"",
    "\"1\"",
    "\"-1.5E-3\"",
    "\"1e999\"",
    "\"AP+A\"",
    "\"AA=\"",
    "true",
    "false",
    "null",
    "1",
    "-0",
    "1.5",
    "\"\\u00e9\"",
    "\"\\ud83d\\ude00\"",
    "\"\\ud83d\"",
    "\"\\ude00\"",
    "\"\\n\\t\\/\"",
    "\"\\x\"",
    "\"\\u12\"",
    "é",
    "\u{1}",
];

fn fragment_body() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40)
        .prop_map(|pieces| pieces.concat().into_bytes())
}

/// `body` with a few bytes replaced, inserted or removed.
fn mutated(body: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..4);
    edits.prop_map(move |edits| {
        let mut body = body.clone();
        for (at, kind, byte) in edits {
            if body.is_empty() {
                break;
            }
            let at = at.index(body.len());
            match kind {
                0 => body[at] = byte,
                1 => body.insert(at, byte),
                _ => {
                    body.remove(at);
                }
            }
        }
        body
    })
}

/// A JSON string holding one `\u` escape, or a pair of them, with any code units.
fn escaped_string() -> impl Strategy<Value = String> {
    let unit = prop_oneof![0xD800u32..0xE000, 0u32..0x10000];
    (unit.clone(), prop::option::of(unit)).prop_map(|(first, second)| match second {
        Some(second) => format!("\"a\\u{first:04x}\\u{second:04X}b\""),
        None => format!("\"\\u{first:04x}\""),
    })
}

/// An object of up to 40 members named from 16 names, so that it often outgrows one B-tree node
/// and often gives a name twice, on either side of the point where the decoder changes how it
/// builds the map.
fn members_text() -> impl Strategy<Value = String> {
    let member =
        (0u8..16, 0u32..1000).prop_map(|(name, value)| format!(r#""n{name}":{{"N":"{value}"}}"#));
    prop::collection::vec(member, 0..40).prop_map(|members| format!("{{{}}}", members.join(",")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn large_maps_and_names_given_twice_read_the_same(
        first in members_text(),
        second in members_text(),
    ) {
        // Items sized by the one before them, a map in a value, and the last key.
        let body = format!(
            r#"{{"Items":[{first},{second},{first},{{"m":{{"M":{second}}}}}],"LastEvaluatedKey":{first}}}"#
        );
        prop_assert!(body_page(body.as_bytes()).is_ok(), "declined: {}", body);
        assert_same_reading(body.as_bytes())?;
    }

    #[test]
    fn valid_pages_read_the_same(items in prop::collection::vec(item_strategy(), 0..4)) {
        assert_same_reading(&rendered(&full_page(&items)))?;
    }

    #[test]
    fn mutated_pages_read_or_decline_the_same(
        body in prop::collection::vec(item_strategy(), 1..3)
            .prop_flat_map(|items| mutated(rendered(&full_page(&items))))
    ) {
        assert_same_reading(&body)?;
    }

    #[test]
    fn bodies_of_fragments_read_or_decline_the_same(pieces in fragment_body()) {
        assert_same_reading(&pieces)?;
        let wrapped = [b"{\"Items\":[{\"v\":".as_slice(), &pieces, b"}]}"].concat();
        assert_same_reading(&wrapped)?;
        let in_a_value = [b"{\"Items\":[{\"v\":{\"L\":[".as_slice(), &pieces, b"]}}]}"].concat();
        assert_same_reading(&in_a_value)?;
    }

    #[test]
    fn escapes_read_or_decline_the_same(text in escaped_string()) {
        for body in [
            format!("{{\"Items\":[{{\"v\":{{\"S\":{text}}}}}]}}"),
            format!("{{\"Items\":[{{{text}:{{\"N\":\"1\"}}}}]}}"),
            format!("{{\"NextToken\":{text},\"Other\":{text}}}"),
        ] {
            assert_same_reading(body.as_bytes())?;
        }
    }

    #[test]
    fn any_bytes_read_or_decline_the_same(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        assert_same_reading(&bytes)?;
    }
}

/// Around serde_json's nesting limit, lists, maps and sets are declined at the same depth.
#[test]
fn nesting_is_declined_at_the_same_depth() {
    let leaves = [
        r#"{"S":"x"}"#,
        r#"{"SS":["x"]}"#,
        r#"{"L":[]}"#,
        r#"{"M":{}}"#,
    ];
    for depth in 55..70 {
        for leaf in leaves {
            let lists = format!("{}{leaf}{}", r#"{"L":["#.repeat(depth), "]}".repeat(depth));
            let maps = format!(
                "{}{leaf}{}",
                r#"{"M":{"k":"#.repeat(depth),
                "}}".repeat(depth)
            );
            for value in [lists, maps] {
                let items = format!(r#"{{"Items":[{{"v":{value}}}]}}"#);
                let key = format!(r#"{{"LastEvaluatedKey":{{"v":{value}}}}}"#);
                for body in [items, key] {
                    assert_same_reading(body.as_bytes()).expect("same reading");
                }
            }
        }
    }
}

/// An unknown member may nest without limit, as serde_json skips it; a known one may not.
#[test]
fn skipped_members_nest_as_deep_as_serde_json_allows() {
    for depth in [100, 126, 127, 128, 129, 5000] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        for name in ["Other", "ConsumedCapacity", "Count"] {
            let body = format!(r#"{{"{name}":{deep}}}"#);
            assert_same_reading(body.as_bytes()).expect("same reading");
        }
    }
}

/// A name given twice keeps its last value, in an item, a map and the last key.
#[test]
fn a_name_given_twice_keeps_its_last_value() {
    let twice = r#"{"b":{"N":"1"},"a":{"S":"x"},"b":{"N":"2"},"a":{"BOOL":true}}"#;
    let value = format!(r#"{{"M":{twice}}}"#);
    let body = format!(
        r#"{{"Items":[{twice},{{"v":{value}}}],"LastEvaluatedKey":{twice},"Count":1,"Count":2}}"#
    );
    assert_same_reading(body.as_bytes()).expect("same reading");
    let page = body_page(body.as_bytes()).expect("decodes");
    assert_eq!(
        page.page.items[0],
        crate::domain::value::Item::from([
            ("a".to_owned(), crate::domain::value::AttrValue::Bool(true)),
            ("b".to_owned(), crate::domain::value::AttrValue::n(2)),
        ])
    );
}
