//! Completion data: what may come next at a cursor, for the query builder.

use ddbx::domain::expr::ExprKind;
use ddbx::domain::expr::complete::{SuggestionKind, complete};

const NAMES: [&str; 5] = ["PK", "SK", "status", "order-id", "price"];

fn offered(text: &str, kind: ExprKind) -> Vec<String> {
    complete(text, text.len(), kind, &NAMES)
        .suggestions
        .into_iter()
        .map(|suggestion| suggestion.text)
        .collect()
}

#[test]
fn an_empty_filter_offers_attributes_functions_and_not() {
    let got = offered("", ExprKind::Filter);
    for expected in [
        "PK",
        "price",
        "begins_with",
        "attribute_exists",
        "size",
        "NOT",
    ] {
        assert!(
            got.contains(&expected.to_owned()),
            "{expected} missing from {got:?}"
        );
    }
}

#[test]
fn names_that_cannot_be_bare_are_offered_backticked() {
    let got = offered("", ExprKind::Filter);
    assert!(got.contains(&"`status`".to_owned()), "{got:?}");
    assert!(got.contains(&"`order-id`".to_owned()), "{got:?}");
}

#[test]
fn a_partial_word_filters_case_insensitively_and_is_the_replaced_range() {
    let text = "PK = :pk AND pr";
    let completion = complete(text, text.len(), ExprKind::Filter, &NAMES);
    assert_eq!(completion.replace, 13..15);
    let texts: Vec<&str> = completion
        .suggestions
        .iter()
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(texts, ["price"]);
    assert_eq!(completion.suggestions[0].kind, SuggestionKind::Attribute);
}

#[test]
fn after_an_operand_comparators_and_keywords_come_next() {
    let got = offered("price ", ExprKind::Filter);
    for expected in ["=", "<>", "BETWEEN", "IN", "AND", "OR"] {
        assert!(
            got.contains(&expected.to_owned()),
            "{expected} missing from {got:?}"
        );
    }
    assert!(!got.contains(&"PK".to_owned()));
}

#[test]
fn after_a_comparator_operands_come_next() {
    let got = offered("price > ", ExprKind::Filter);
    assert!(
        got.contains(&"PK".to_owned()) && got.contains(&"size".to_owned()),
        "{got:?}"
    );
    assert!(!got.contains(&"begins_with".to_owned()), "{got:?}");
}

#[test]
fn updates_start_with_a_clause_and_set_values_offer_update_functions() {
    assert_eq!(
        offered("", ExprKind::Update),
        ["SET", "REMOVE", "ADD", "DELETE"]
    );
    assert_eq!(offered("RE", ExprKind::Update), ["REMOVE"]);
    let got = offered("SET price = ", ExprKind::Update);
    assert!(
        got.contains(&"if_not_exists".to_owned()) && got.contains(&"list_append".to_owned()),
        "{got:?}"
    );
    let got = offered("SET ", ExprKind::Update);
    assert!(
        got.contains(&"price".to_owned()) && !got.contains(&"if_not_exists".to_owned()),
        "{got:?}"
    );
}

#[test]
fn projections_offer_names_then_a_comma() {
    assert!(offered("", ExprKind::Projection).contains(&"PK".to_owned()));
    assert_eq!(offered("PK ", ExprKind::Projection), [","]);
}

#[test]
fn a_cursor_inside_a_multibyte_character_is_moved_to_a_boundary() {
    let text = "é = ";
    let completion = complete(text, 1, ExprKind::Filter, &NAMES);
    assert_eq!(completion.replace, 0..0);
}
