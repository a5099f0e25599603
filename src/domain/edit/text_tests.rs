use std::collections::{BTreeMap, BTreeSet};

use super::*;

fn num(text: &str) -> Number {
    Number::parse(text).expect("valid test number")
}

fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("valid test number"))
}

fn sample() -> Item {
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::s("USER#1"));
    item.insert("big".into(), n("12345678901234567890123456789012345678"));
    item.insert("tiny".into(), n("1E-130"));
    item.insert("bin".into(), AttrValue::B(vec![0, 0xff, 0x80]));
    item.insert("empty".into(), AttrValue::s(""));
    item.insert("nothing".into(), AttrValue::Null);
    item.insert("flag".into(), AttrValue::Bool(false));
    item.insert(
        "ss".into(),
        AttrValue::Ss(BTreeSet::from(["a".to_owned(), "b".to_owned()])),
    );
    item.insert(
        "ns".into(),
        AttrValue::Ns(BTreeSet::from([num("1"), num("-2.5")])),
    );
    item.insert(
        "bs".into(),
        AttrValue::Bs(BTreeSet::from([vec![1], vec![0xfe]])),
    );
    // A map that looks like a tag must survive typed JSON.
    item.insert(
        "tricky".into(),
        AttrValue::M(BTreeMap::from([("$ss".to_owned(), AttrValue::s("x"))])),
    );
    item.insert("emptyMap".into(), AttrValue::M(BTreeMap::new()));
    item.insert("emptyList".into(), AttrValue::L(Vec::new()));
    item
}

#[test]
fn both_formats_render_and_parse_back_to_the_same_item() {
    let item = sample();
    for format in [EditFormat::DdbJson, EditFormat::TypedJson] {
        let text = render_for_edit(&item, format);
        assert_eq!(
            parse_edited(&text, format),
            Ok(item.clone()),
            "{format:?}:\n{text}"
        );
    }
}

#[test]
fn typed_json_writes_numbers_with_every_digit_and_tags_sets_and_binary() {
    let text = render_for_edit(&sample(), EditFormat::TypedJson);
    for expected in [
        "\"big\": 12345678901234567890123456789012345678",
        "\"bin\": {\n    \"$b\": \"AP+A\"\n  }",
        "\"$ss\": [\n      \"a\",\n      \"b\"\n    ]",
        "\"tricky\": {\n    \"$m\": {\n      \"$ss\": \"x\"",
        "\"empty\": \"\"",
        "\"nothing\": null",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn value_errors_say_where_and_what_to_fix() {
    let digits39 = "1".repeat(39);
    let cases: Vec<(EditFormat, String, (usize, usize), &str)> = vec![
        (
            EditFormat::TypedJson,
            format!("{{\"a\": {digits39}}}"),
            (1, 7),
            "38 significant digits",
        ),
        (
            EditFormat::DdbJson,
            format!("{{\"a\": {{\"N\": \"{digits39}\"}}}}"),
            (1, 13),
            "38 significant digits",
        ),
        (
            EditFormat::TypedJson,
            "{\"a\": {\"$ss\": []}}".into(),
            (1, 15),
            "empty string set",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"NS\": []}}".into(),
            (1, 14),
            "empty number set",
        ),
        (
            EditFormat::TypedJson,
            "{\"a\": {\"$ns\": [1, 1.0]}}".into(),
            (1, 19),
            "appears twice",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"SS\": [\"x\", \"x\"]}}".into(),
            (1, 20),
            "appears twice",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"N\": 5}}".into(),
            (1, 13),
            "must be a JSON string",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": \"x\"}".into(),
            (1, 7),
            "object naming its type",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"s\": \"x\"}}".into(),
            (1, 8),
            "unknown type descriptor",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"S\": \"x\", \"N\": \"1\"}}".into(),
            (1, 7),
            "exactly one",
        ),
        (
            EditFormat::DdbJson,
            "{\"a\": {\"NULL\": false}}".into(),
            (1, 16),
            "{\"NULL\": true}",
        ),
        (
            EditFormat::TypedJson,
            "{\"a\": {\"$b\": \"***\"}}".into(),
            (1, 14),
            "base64",
        ),
        (
            EditFormat::TypedJson,
            "[1]".into(),
            (1, 1),
            "JSON object of attributes",
        ),
        (
            EditFormat::TypedJson,
            "{\"\": 1}".into(),
            (1, 2),
            "cannot be empty",
        ),
        (
            EditFormat::TypedJson,
            "{\"a\": 1E+126}".into(),
            (1, 7),
            "overflow",
        ),
        (
            EditFormat::TypedJson,
            "{\n  \"a\": 1,\n  \"b\": }".into(),
            (3, 8),
            "unexpected character",
        ),
    ];
    for (format, text, (line, column), message) in cases {
        let error = parse_edited(&text, format).expect_err(&text);
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text}: {error}"
        );
        assert!(error.message.contains(message), "{text}: {error}");
    }
}

#[test]
fn nesting_is_allowed_to_thirty_two_levels_and_refused_beyond() {
    let nested = |levels: usize| {
        let mut value = n("1");
        for _ in 0..levels {
            value = AttrValue::L(vec![value]);
        }
        Item::from([("deep".to_owned(), value)])
    };
    for format in [EditFormat::DdbJson, EditFormat::TypedJson] {
        let ok = nested(32);
        assert_eq!(parse_edited(&render_for_edit(&ok, format), format), Ok(ok));
        let error = parse_edited(&render_for_edit(&nested(33), format), format)
            .expect_err("33 levels are too deep");
        assert!(error.message.contains("32 levels"), "{error}");
    }
}
