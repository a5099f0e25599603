use proptest::prelude::*;

use super::*;
use crate::domain::ddb_json::item_to_json;
use crate::domain::plain_json::item_to_plain_json;

/// The text the writer replaced: a `serde_json::Value` per item, escaped for the terminal.
fn through_value(format: OutputFormat, item: &Item) -> String {
    let value = match format {
        OutputFormat::Ddb => item_to_json(item),
        OutputFormat::Json | OutputFormat::Table => item_to_plain_json(item),
    };
    escape_json_for_terminal(value.to_string())
}

fn rendered(format: OutputFormat, item: &Item) -> String {
    let mut writer = LineWriter::new(format);
    writer.render(item).to_owned()
}

fn number(text: &str) -> Number {
    Number::parse(text).expect("valid number")
}

fn arb_number() -> impl Strategy<Value = Number> {
    (any::<i64>(), 0u32..40).prop_map(|(mantissa, scale)| {
        Number::parse(&format!("{mantissa}e-{scale}")).expect("an i64 mantissa fits 38 digits")
    })
}

/// Text with what needs escaping: quotes, backslashes, C0, DEL, C1, bidi controls, non-ASCII.
fn arb_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('"'),
            Just('\\'),
            Just('\u{1b}'),
            Just('\n'),
            Just('\u{7f}'),
            Just('\u{9b}'),
            Just('\u{202e}'),
            Just('ü'),
            Just('😀'),
            any::<char>(),
            proptest::char::range('a', 'z'),
        ],
        0..10,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn arb_value() -> impl Strategy<Value = AttrValue> {
    let leaf = prop_oneof![
        arb_text().prop_map(AttrValue::S),
        arb_number().prop_map(AttrValue::N),
        proptest::collection::vec(any::<u8>(), 0..8).prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        proptest::collection::btree_set(arb_text(), 1..4).prop_map(AttrValue::Ss),
        proptest::collection::btree_set(arb_number(), 1..4).prop_map(AttrValue::Ns),
        proptest::collection::btree_set(proptest::collection::vec(any::<u8>(), 0..4), 1..4)
            .prop_map(AttrValue::Bs),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(AttrValue::L),
            proptest::collection::btree_map(arb_text(), inner, 0..4).prop_map(AttrValue::M),
        ]
    })
}

proptest! {
    #[test]
    fn the_number_grammar_accepts_exactly_what_serde_json_reads(text in "[-+0-9.eE]{0,12}") {
        prop_assert_eq!(
            is_json_number(&text),
            text.parse::<serde_json::Number>().is_ok(),
            "{:?}", text
        );
    }

    #[test]
    fn a_value_alone_is_what_the_value_tree_rendered(value in arb_value()) {
        let tree = crate::domain::plain_json::to_plain_json(&value).to_string();
        prop_assert_eq!(plain_json_text(&value), escape_json_for_terminal(tree));
    }

    #[test]
    fn lines_are_byte_for_byte_what_the_value_tree_rendered(
        item in proptest::collection::btree_map(arb_text(), arb_value(), 0..6)
    ) {
        for format in [OutputFormat::Ddb, OutputFormat::Json] {
            prop_assert_eq!(rendered(format, &item), through_value(format, &item));
        }
    }
}

#[test]
fn every_type_renders_as_before_in_both_formats() {
    let item = Item::from([
        ("PK".to_owned(), AttrValue::s("USER#1")),
        (
            "big".to_owned(),
            AttrValue::N(number("-12345678901234567890123456789012345678e-40")),
        ),
        ("bin".to_owned(), AttrValue::B(vec![0, 159, 255])),
        ("empty".to_owned(), AttrValue::s("")),
        ("flag".to_owned(), AttrValue::Bool(false)),
        ("nothing".to_owned(), AttrValue::Null),
        (
            "nested".to_owned(),
            AttrValue::M(Item::from([(
                "list".to_owned(),
                AttrValue::L(vec![AttrValue::s("a\u{9b}"), AttrValue::N(number("7"))]),
            )])),
        ),
        (
            "ss".to_owned(),
            AttrValue::Ss(["b".to_owned(), "a".to_owned()].into()),
        ),
        (
            "ns".to_owned(),
            AttrValue::Ns([number("10"), number("0.5")].into()),
        ),
        ("bs".to_owned(), AttrValue::Bs([vec![1], vec![]].into())),
    ]);
    for format in [OutputFormat::Ddb, OutputFormat::Json] {
        assert_eq!(rendered(format, &item), through_value(format, &item));
    }
    assert!(rendered(OutputFormat::Ddb, &item).contains(r#""nothing":{"NULL":true}"#));
    assert!(rendered(OutputFormat::Json, &item).contains(r#""a\u009b",7"#));
}

#[test]
fn a_writer_reused_for_many_lines_keeps_none_of_the_last() {
    let mut writer = LineWriter::new(OutputFormat::Json);
    let mut out = Vec::new();
    let evil = Item::from([("k".to_owned(), AttrValue::s("\u{202e}"))]);
    let plain = Item::from([("k".to_owned(), AttrValue::s("x"))]);
    for item in [&evil, &plain, &evil] {
        writer.write(&mut out, item).expect("writes to memory");
    }
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        "{\"k\":\"\\u202e\"}\n{\"k\":\"x\"}\n{\"k\":\"\\u202e\"}\n"
    );
}
