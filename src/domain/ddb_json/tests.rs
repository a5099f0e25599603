//! DynamoDB JSON parsing: accepted shapes, and every rejection with the service's wording and the
//! path of the offending value.

use serde_json::json;

use super::{from_json, item_from_json, item_from_str, item_to_json, to_json};
use crate::domain::value::AttrValue;

fn rejection(document: &serde_json::Value) -> (String, String) {
    let error = item_from_json(document).expect_err("document should be rejected");
    (error.path, error.message)
}

#[test]
fn every_type_parses_and_renders_back_identically() {
    let document = json!({
        "pk": {"S": "USER#usr_1001"},
        "empty": {"S": ""},
        "n": {"N": "-0012.500"},
        "b": {"B": "AID/"},
        "empty_b": {"B": ""},
        "t": {"BOOL": true},
        "f": {"BOOL": false},
        "nothing": {"NULL": true},
        "m": {"M": {"inner": {"L": [{"N": "1"}, {"M": {}}, {"L": []}]}}},
        "ss": {"SS": ["b", "a", ""]},
        "ns": {"NS": ["10", "9", "1e-130"]},
        "bs": {"BS": ["gA==", "AA=="]}
    });
    let item = item_from_json(&document).expect("valid item");
    assert_eq!(item["n"], AttrValue::N("-12.5".parse().expect("number")));
    assert_eq!(item["b"], AttrValue::B(vec![0x00, 0x80, 0xff]));
    assert_eq!(item["empty"], AttrValue::s(""));
    assert_eq!(item["empty_b"], AttrValue::B(vec![]));
    let rendered = item_to_json(&item);
    // Normalised numbers and set order are the only differences from the input.
    assert_eq!(rendered["n"], json!({"N": "-12.5"}));
    assert_eq!(rendered["ss"], json!({"SS": ["", "a", "b"]}));
    assert_eq!(
        rendered["ns"],
        json!({"NS": [format!("0.{}1", "0".repeat(129)), "9", "10"]})
    );
    assert_eq!(rendered["bs"], json!({"BS": ["AA==", "gA=="]}));
    assert_eq!(item_from_json(&rendered), Ok(item));
}

#[test]
fn invalid_values_are_rejected_with_the_service_message_at_their_path() {
    let cases = [
        (
            json!({"a": {}}),
            "$.a",
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        ),
        (
            json!({"a": {"S": "x", "N": "1"}}),
            "$.a",
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        ),
        (
            json!({"a": {"NULL": false}}),
            "$.a",
            "One or more parameter values were invalid: Null attribute value types must have the value of true",
        ),
        (
            json!({"a": {"M": {"b": {"L": [{"S": "ok"}, {"N": "dog"}]}}}}),
            "$.a.b[1]",
            "The parameter cannot be converted to a numeric value: dog",
        ),
        (
            json!({"a": {"N": "1e126"}}),
            "$.a",
            "Number overflow. Attempting to store a number with magnitude larger than supported range",
        ),
        (
            json!({"a": {"N": ""}}),
            "$.a",
            "The parameter cannot be converted to a numeric value",
        ),
        (
            json!({"a": {"SS": []}}),
            "$.a",
            "One or more parameter values were invalid: An string set  may not be empty",
        ),
        (
            json!({"a": {"NS": []}}),
            "$.a",
            "One or more parameter values were invalid: An number set  may not be empty",
        ),
        (
            json!({"a": {"BS": []}}),
            "$.a",
            "One or more parameter values were invalid: Binary sets should not be empty",
        ),
        (
            json!({"a": {"SS": ["a", "a"]}}),
            "$.a",
            "One or more parameter values were invalid: Input collection [a, a] contains duplicates.",
        ),
        (
            json!({"a": {"NS": ["1", "1.0"]}}),
            "$.a",
            "Input collection contains duplicates",
        ),
        (
            json!({"a": {"BS": ["AA==", "AA=="]}}),
            "$.a",
            "One or more parameter values were invalid: Input collection [AA==, AA==]of type BS contains duplicates.",
        ),
        (
            json!({"a": {"NS": ["1", "2", "1e-131"]}}),
            "$.a[2]",
            "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        ),
    ];
    for (document, path, message) in cases {
        assert_eq!(
            rejection(&document),
            (path.to_owned(), message.to_owned()),
            "{document}"
        );
    }
}

#[test]
fn wrongly_shaped_json_is_rejected_at_its_path_with_a_clear_message() {
    // (document, path, words the message must contain)
    let cases = [
        (json!([]), "$", "object"),
        (json!({"a": "text"}), "$.a", "typed value"),
        (json!({"a": {"N": 123}}), "$.a", "JSON string"),
        (json!({"a": {"S": 1}}), "$.a", "JSON string"),
        (json!({"a": {"B": "not base64!"}}), "$.a", "base64"),
        (json!({"a": {"B": "AA"}}), "$.a", "base64"),
        (json!({"a": {"BOOL": "true"}}), "$.a", "true or false"),
        (json!({"a": {"L": {}}}), "$.a", "array"),
        (json!({"a": {"M": []}}), "$.a", "object"),
        (json!({"a": {"SS": "x"}}), "$.a", "array"),
        (json!({"a": {"SS": ["x", 1]}}), "$.a[1]", "JSON strings"),
        (json!({"a": {"BS": ["AA==", "%%"]}}), "$.a[1]", "base64"),
        (json!({"a": {"s": "x"}}), "$.a", "unknown DynamoDB type 's'"),
        (json!({"a": {"NS": [1]}}), "$.a[0]", "JSON string"),
    ];
    for (document, path, words) in cases {
        let (at, message) = rejection(&document);
        assert_eq!(at, path, "{document}");
        assert!(message.contains(words), "{document}: {message}");
    }
}

#[test]
fn control_characters_in_attribute_names_are_escaped_in_error_paths() {
    let (path, _) = rejection(&json!({"a\u{1b}[2J": {"N": "x"}}));
    assert_eq!(path, "$.a\\u{1b}[2J");
}

#[test]
fn nesting_far_beyond_the_service_limit_is_refused_instead_of_recursing() {
    let mut deep = json!({"S": "leaf"});
    for _ in 0..200 {
        deep = json!({"L": [deep]});
    }
    let error = from_json(&deep).expect_err("too deep");
    assert!(
        error
            .message
            .starts_with("Nesting Levels have exceeded supported limits"),
        "{error}"
    );
}

#[test]
fn thirty_two_levels_of_nesting_are_accepted() {
    let mut value = AttrValue::s("leaf");
    for level in 0..32 {
        value = if level % 2 == 0 {
            AttrValue::L(vec![value])
        } else {
            AttrValue::M([("k".to_owned(), value)].into_iter().collect())
        };
    }
    assert_eq!(from_json(&to_json(&value)), Ok(value));
}

#[test]
fn text_that_is_not_json_is_rejected_at_the_root() {
    let error = item_from_str("{\"a\": ").expect_err("truncated");
    assert_eq!(error.path, "$");
    assert!(error.message.starts_with("invalid JSON"), "{error}");
    assert_eq!(error.to_string(), format!("at $: {}", error.message));
}
