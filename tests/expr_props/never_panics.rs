//! The parser returns (never panics, never overflows the stack) on any input.

use ddbx::domain::expr::eval::evaluate_condition;
use ddbx::domain::expr::{
    ExprKind, ExpressionParams, WireRequest, parse_friendly_condition, parse_friendly_projection,
    parse_friendly_update,
};
use ddbx::domain::value::{AttrValue, Item};
use proptest::prelude::*;

const FRAGMENTS: &[&str] = &[
    "a",
    "#n",
    ":v",
    " ",
    "AND ",
    "OR ",
    "NOT ",
    "(",
    ")",
    "[",
    "]",
    "0",
    "12",
    ".",
    ",",
    "=",
    "<",
    "<>",
    ">=",
    "BETWEEN ",
    "IN ",
    "size(",
    "contains(",
    "attribute_exists(",
    "if_not_exists(",
    "list_append(",
    "SET ",
    "REMOVE ",
    "ADD ",
    "DELETE ",
    "+",
    "-",
    "\"",
    "\\",
    "`",
    "{",
    "}",
    "0x",
    "ff",
    "1e5",
    "true",
    "é",
    "\u{0}",
    "\u{202e}",
    "status",
    "_x",
    "#",
    ":",
];

fn parse_everything(text: &str) {
    let mut params = ExpressionParams::default();
    params.names.insert("#n".into(), "n".into());
    params.values.insert(":v".into(), AttrValue::n(1));
    for kind in [
        ExprKind::Condition,
        ExprKind::Filter,
        ExprKind::KeyCondition,
    ] {
        let _ = WireRequest::new(&params).condition(kind, text);
        let _ = parse_friendly_condition(kind, text, &params);
    }
    let _ = WireRequest::new(&params).update(text);
    let _ = WireRequest::new(&params).projection(text);
    let _ = parse_friendly_update(text, &params);
    let _ = parse_friendly_projection(text, &params);
    let _ = ddbx::domain::expr::complete::complete(text, text.len() / 2, ExprKind::Filter, &["a"]);
    let _ = ddbx::domain::expr::complete::complete(text, text.len(), ExprKind::Update, &["a-b"]);
}

proptest! {
    #[test]
    fn parser_never_panics_on_arbitrary_text(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn parser_never_panics_on_lossy_decoded_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parser_never_panics_on_grammar_shaped_noise(pieces in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..200)) {
        parse_everything(&pieces.concat());
    }
}

const HUNDRED_KB: usize = 100 * 1024;

/// The pieces, repeated from the start as often as needed, until the text holds 100 KB.
fn at_least_100_kb(pieces: &[&str]) -> String {
    let mut text = String::with_capacity(HUNDRED_KB + 16);
    for piece in pieces.iter().cycle() {
        if text.len() >= HUNDRED_KB {
            break;
        }
        text.push_str(piece);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn parser_never_panics_on_100_kb_inputs(pieces in prop::collection::vec(prop::sample::select(FRAGMENTS), 1_000..30_000)) {
        let text = at_least_100_kb(&pieces);
        prop_assert!(text.len() >= HUNDRED_KB, "{} bytes", text.len());
        parse_everything(&text);
    }
}

#[test]
fn deep_nesting_is_rejected_without_overflowing_the_stack() {
    let deep = [
        "(".repeat(100_000),
        "NOT ".repeat(50_000) + "a = :v",
        format!("{}a = :v{}", "(".repeat(50_000), ")".repeat(50_000)),
        format!(
            "SET x = {}a{}",
            "if_not_exists(a, ".repeat(30_000),
            ")".repeat(30_000)
        ),
        format!("a IN ({})", vec![":v"; 40_000].join(",")),
        "a".to_owned() + &".b".repeat(50_000) + " = :v",
        format!("a = {}1{}", "[".repeat(50_000), "]".repeat(50_000)),
        format!("a = {}", "{".repeat(50_000)),
    ];
    for text in deep {
        let mut params = ExpressionParams::default();
        params.values.insert(":v".into(), AttrValue::n(1));
        let friendly = parse_friendly_condition(ExprKind::Filter, &text, &params);
        let update = parse_friendly_update(&text, &params);
        assert!(
            friendly.is_err() || update.is_err(),
            "{} bytes accepted",
            text.len()
        );
    }
}

#[test]
fn a_chain_of_three_hundred_nots_is_within_the_operator_limit() {
    let mut params = ExpressionParams::default();
    params.values.insert(":v".into(), AttrValue::n(1));
    let text = "NOT ".repeat(299) + "a = :v";
    let parsed = WireRequest::new(&params)
        .condition(ExprKind::Condition, &text)
        .expect("300 operators");
    assert!(
        evaluate_condition(&parsed, &Item::new()),
        "an odd number of NOTs over a false comparison"
    );
    let too_many = "NOT ".repeat(300) + "a = :v";
    let error = WireRequest::new(&params)
        .condition(ExprKind::Condition, &too_many)
        .expect_err("301");
    assert_eq!(
        error.to_string(),
        "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"
    );
}
