//! Update expressions applied to items: reads before writes, list append/shift rules, ADD and
//! DELETE on numbers and sets, functions, exact arithmetic and runtime errors.

mod expr_support;

use ddbx::domain::expr::eval::apply_update;
use ddbx::domain::expr::{ExprError, ExpressionParams, parse_friendly_update};
use ddbx::domain::value::Item;
use expr_support::item;

fn update(expression: &str, on: Option<&Item>) -> Result<Item, ExprError> {
    let parsed = parse_friendly_update(expression, &ExpressionParams::default())
        .unwrap_or_else(|error| panic!("{expression:?}: {error}"));
    apply_update(&parsed, on)
}

fn applies(expression: &str, before: &str, after: &str) {
    let result = update(expression, Some(&item(before)))
        .unwrap_or_else(|error| panic!("{expression}: {error}"));
    assert_eq!(result, item(after), "{expression}");
}

fn fails(expression: &str, before: &str, message: &str) {
    let error = update(expression, Some(&item(before))).expect_err(expression);
    assert_eq!(error.to_string(), message, "{expression}");
}

const MISSING: &str =
    "The provided expression refers to an attribute that does not exist in the item";
const WRONG_TYPE: &str = "An operand in the update expression has an incorrect data type";
const BAD_PATH: &str = "The document path provided in the update expression is invalid for update";

#[test]
fn all_reads_happen_before_any_write() {
    applies(
        "REMOVE a SET b = a",
        r#"{"a": {"N": "1"}}"#,
        r#"{"b": {"N": "1"}}"#,
    );
    applies(
        "SET a = b, b = a",
        r#"{"a": {"N": "1"}, "b": {"N": "2"}}"#,
        r#"{"a": {"N": "2"}, "b": {"N": "1"}}"#,
    );
}

#[test]
fn set_reading_a_missing_attribute_fails() {
    fails("SET c = z", "{}", MISSING);
    fails("SET n = n + 1", "{}", MISSING);
}

#[test]
fn arithmetic_is_exact_to_38_digits() {
    applies(
        "SET n = n + 0.0000000000000000000000000000000000001",
        r#"{"n": {"N": "1"}}"#,
        r#"{"n": {"N": "1.0000000000000000000000000000000000001"}}"#,
    );
    applies(
        "SET n = n - 2.5",
        r#"{"n": {"N": "1"}}"#,
        r#"{"n": {"N": "-1.5"}}"#,
    );
}

#[test]
fn arithmetic_needing_more_than_38_digits_fails_as_the_service_does() {
    fails(
        "SET n = n + 1",
        r#"{"n": {"N": "1e50"}}"#,
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
    );
    fails(
        "SET n = n + 0.00000000000000000000000000000000000001",
        r#"{"n": {"N": "1"}}"#,
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
    );
}

#[test]
fn arithmetic_on_a_string_attribute_fails_at_runtime() {
    fails("SET n = n + 1", r#"{"n": {"S": "1"}}"#, WRONG_TYPE);
}

#[test]
fn if_not_exists_keeps_an_existing_value_or_uses_the_default() {
    applies(
        "SET a = if_not_exists(a, 5)",
        r#"{"a": {"N": "1"}}"#,
        r#"{"a": {"N": "1"}}"#,
    );
    applies("SET a = if_not_exists(a, 5)", "{}", r#"{"a": {"N": "5"}}"#);
    applies(
        "SET v = if_not_exists(v, 0) + 1",
        "{}",
        r#"{"v": {"N": "1"}}"#,
    );
}

#[test]
fn list_append_concatenates_in_argument_order() {
    applies(
        r#"SET l = list_append(["z"], l)"#,
        r#"{"l": {"L": [{"S": "a"}]}}"#,
        r#"{"l": {"L": [{"S": "z"}, {"S": "a"}]}}"#,
    );
    applies(
        r#"SET l = list_append(if_not_exists(l, []), ["a"])"#,
        "{}",
        r#"{"l": {"L": [{"S": "a"}]}}"#,
    );
    fails(
        r#"SET l = list_append(l, ["a"])"#,
        r#"{"l": {"S": "x"}}"#,
        WRONG_TYPE,
    );
    fails(r#"SET l = list_append(l, ["a"])"#, "{}", MISSING);
}

#[test]
fn set_past_the_end_of_a_list_appends_in_index_order() {
    applies(
        r#"SET l[10] = "ten", l[5] = "five", l[0] = "zero""#,
        r#"{"l": {"L": [{"S": "a"}, {"S": "b"}]}}"#,
        r#"{"l": {"L": [{"S": "zero"}, {"S": "b"}, {"S": "five"}, {"S": "ten"}]}}"#,
    );
}

#[test]
fn remove_of_list_elements_uses_indexes_of_the_list_before_the_update() {
    applies(
        "REMOVE l[0], l[2]",
        r#"{"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}, {"N": "3"}]}}"#,
        r#"{"l": {"L": [{"N": "1"}, {"N": "3"}]}}"#,
    );
    applies(
        r#"REMOVE l[0] SET l[1] = "new""#,
        r#"{"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}]}}"#,
        r#"{"l": {"L": [{"S": "new"}, {"N": "2"}]}}"#,
    );
}

#[test]
fn remove_past_the_end_is_a_no_op_even_when_a_set_appends_there() {
    applies(
        "REMOVE l[7]",
        r#"{"l": {"L": [{"N": "0"}]}}"#,
        r#"{"l": {"L": [{"N": "0"}]}}"#,
    );
    applies(
        r#"REMOVE l[1] SET l[5] = "x""#,
        r#"{"l": {"L": [{"N": "0"}]}}"#,
        r#"{"l": {"L": [{"N": "0"}, {"S": "x"}]}}"#,
    );
}

#[test]
fn remove_of_a_missing_leaf_is_a_no_op_but_a_missing_parent_is_invalid() {
    applies(
        "REMOVE m.x, gone",
        r#"{"m": {"M": {}}}"#,
        r#"{"m": {"M": {}}}"#,
    );
    fails("REMOVE m.x.y", r#"{"m": {"M": {}}}"#, BAD_PATH);
    fails("REMOVE s.x", r#"{"s": {"S": "flat"}}"#, BAD_PATH);
}

#[test]
fn nested_remove_on_a_missing_item_is_accepted() {
    assert_eq!(update("REMOVE a.b", None).expect("accepted"), Item::new());
}

#[test]
fn set_through_a_missing_or_scalar_parent_is_invalid() {
    fails("SET m.a.b = 1", r#"{"m": {"M": {}}}"#, BAD_PATH);
    fails("SET s[0] = 1", r#"{"s": {"S": "x"}}"#, BAD_PATH);
    applies(
        "SET m.a = 1",
        r#"{"m": {"M": {}}}"#,
        r#"{"m": {"M": {"a": {"N": "1"}}}}"#,
    );
}

#[test]
fn add_adds_numbers_treating_missing_as_zero() {
    applies("ADD n 5", r#"{"n": {"N": "1"}}"#, r#"{"n": {"N": "6"}}"#);
    applies("ADD n -5", "{}", r#"{"n": {"N": "-5"}}"#);
    assert_eq!(
        update("ADD n 1", None).expect("creates"),
        item(r#"{"n": {"N": "1"}}"#)
    );
}

#[test]
fn add_unites_sets_of_the_same_type_only() {
    applies(
        r#"ADD s {"b", "c"}"#,
        r#"{"s": {"SS": ["a", "b"]}}"#,
        r#"{"s": {"SS": ["a", "b", "c"]}}"#,
    );
    fails("ADD s {1}", r#"{"s": {"SS": ["a"]}}"#, WRONG_TYPE);
    fails("ADD n 1", r#"{"n": {"S": "1"}}"#, WRONG_TYPE);
}

#[test]
fn nested_add_works_when_the_parent_exists() {
    applies(
        "ADD m.n 2",
        r#"{"m": {"M": {"n": {"N": "1"}}}}"#,
        r#"{"m": {"M": {"n": {"N": "3"}}}}"#,
    );
}

#[test]
fn delete_removes_members_and_drops_an_emptied_set() {
    applies(
        r#"DELETE s {"a"}"#,
        r#"{"s": {"SS": ["a", "b"]}}"#,
        r#"{"s": {"SS": ["b"]}}"#,
    );
    applies(
        r#"DELETE s {"a", "b"}"#,
        r#"{"s": {"SS": ["a", "b"]}, "k": {"N": "1"}}"#,
        r#"{"k": {"N": "1"}}"#,
    );
    applies(
        r#"DELETE s {"zz"}, gone {"a"}"#,
        r#"{"s": {"SS": ["a"]}}"#,
        r#"{"s": {"SS": ["a"]}}"#,
    );
    fails("DELETE s {1}", r#"{"s": {"SS": ["a"]}}"#, WRONG_TYPE);
}

#[test]
fn clause_order_does_not_matter() {
    let before = r#"{"a": {"N": "1"}, "s": {"NS": ["1", "2"]}, "x": {"S": "old"}}"#;
    let expected = r#"{"a": {"N": "3"}, "s": {"NS": ["2"]}, "y": {"S": "old"}}"#;
    applies("SET y = x REMOVE x ADD a 2 DELETE s {1}", before, expected);
    applies("DELETE s {1} ADD a 2 REMOVE x SET y = x", before, expected);
}
