//! Conditions and projections evaluated on items, with the service's runtime type rules.

mod expr_support;

use ddbx::domain::expr::eval::{apply_projection, evaluate_condition};
use ddbx::domain::expr::{
    ExprKind, ExpressionParams, parse_friendly_condition, parse_friendly_projection,
};
use ddbx::domain::value::Item;
use expr_support::item;

fn holds(condition: &str, on: &Item) -> bool {
    let parsed =
        parse_friendly_condition(ExprKind::Condition, condition, &ExpressionParams::default())
            .unwrap_or_else(|error| panic!("{condition:?}: {error}"));
    evaluate_condition(&parsed, on)
}

fn sample() -> Item {
    item(
        r#"{
        "PK": {"S": "USER#1"}, "count": {"N": "6"}, "six": {"S": "6"}, "price": {"N": "10.50"},
        "tags": {"SS": ["b", "a"]}, "nums": {"NS": ["1", "2"]}, "bin": {"B": "AQID"},
        "list": {"L": [{"S": "x"}, {"N": "1"}]}, "map": {"M": {"k": {"S": "v"}}},
        "nothing": {"NULL": true}, "flag": {"BOOL": true}, "name": {"S": "héllo"}, "empty": {"S": ""}
    }"#,
    )
}

#[test]
fn condition_scenarios_follow_the_service_type_rules() {
    let item = sample();
    let cases: &[(&str, &str, bool)] = &[
        ("equality of same type", r#"PK = "USER#1""#, true),
        ("equality across types is false", r#"count = "6""#, false),
        ("string six is not number six", "six = 6", false),
        ("not-equal across types is true", r#"count <> "6""#, true),
        (
            "not-equal with a missing side is true",
            "missing <> 1",
            true,
        ),
        (
            "not-equal with both sides missing is true",
            "missing <> alsomissing",
            true,
        ),
        (
            "equality with a missing side is false",
            "missing = missing2",
            false,
        ),
        ("less-than across types is false", r#"count < "7""#, false),
        (
            "greater-than across types is false",
            r#"count > "0""#,
            false,
        ),
        (
            "less-than on a missing attribute is false",
            "missing < 1",
            false,
        ),
        (
            "less-than on an unordered attribute is false",
            "list < 1",
            false,
        ),
        (
            "numbers compare numerically",
            "price < 10.6 AND price > 9",
            true,
        ),
        ("trailing zeros do not matter", "price = 10.5", true),
        ("sets compare unordered", r#"tags = {"a", "b"}"#, true),
        ("number sets compare unordered", "nums = {2, 1}", true),
        (
            "between is inclusive at both ends",
            "count BETWEEN 6 AND 6",
            true,
        ),
        (
            "between across types is false",
            r#"count BETWEEN "1" AND "9""#,
            false,
        ),
        ("in finds a match", "count IN (1, 6, 9)", true),
        ("in across types misses", r#"count IN ("6")"#, false),
        ("null counts as present", "attribute_exists(nothing)", true),
        (
            "missing is not present",
            "attribute_not_exists(missing)",
            true,
        ),
        (
            "nested paths are followed",
            r#"map.k = "v" AND list[0] = "x""#,
            true,
        ),
        (
            "index past the end is missing",
            "attribute_not_exists(list[5])",
            true,
        ),
        (
            "attribute_type matches the type",
            r#"attribute_type(tags, "SS") AND attribute_type(nothing, "NULL")"#,
            true,
        ),
        (
            "attribute_type rejects other types",
            r#"attribute_type(count, "S")"#,
            false,
        ),
        (
            "begins_with on strings",
            r#"begins_with(PK, "USER#")"#,
            true,
        ),
        ("begins_with on binary", "begins_with(bin, 0x0102)", true),
        (
            "begins_with on a number attribute is false",
            r#"begins_with(count, "6")"#,
            false,
        ),
        ("contains substring", r#"contains(PK, "ER#")"#, true),
        ("contains set member", r#"contains(tags, "a")"#, true),
        (
            "contains wrong-type set member is false",
            "contains(tags, 1)",
            false,
        ),
        ("contains list element", "contains(list, 1)", true),
        (
            "size of a string counts UTF-8 bytes",
            "size(name) = 6",
            true,
        ),
        ("size of an empty string is zero", "size(empty) = 0", true),
        ("size of a set counts members", "size(tags) = 2", true),
        (
            "size of a list and a map count elements",
            "size(list) = 2 AND size(map) = 1",
            true,
        ),
        ("size of binary counts bytes", "size(bin) = 3", true),
        ("size of a number has no value", "size(count) >= 0", false),
        (
            "size of a number is unequal to anything",
            "size(count) <> 0",
            true,
        ),
        (
            "AND binds tighter than OR",
            "PK = 1 OR count = 6 AND flag = true",
            true,
        ),
        (
            "AND binds tighter than OR (false case)",
            "count = 6 OR PK = 1 AND flag = false",
            true,
        ),
        (
            "parentheses override precedence",
            "(count = 6 OR PK = 1) AND flag = false",
            false,
        ),
        (
            "NOT binds tighter than AND",
            "NOT flag = false AND count = 6",
            true,
        ),
        (
            "keywords are case-insensitive",
            "not flag = false and count = 6",
            true,
        ),
        (
            "empty string compares equal to empty",
            r#"empty = """#,
            true,
        ),
    ];
    let mut failures = Vec::new();
    for (name, condition, expected) in cases {
        if holds(condition, &item) != *expected {
            failures.push(format!("{name}: {condition} should be {expected}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_missing_item_satisfies_attribute_not_exists_and_nothing_else() {
    let empty = Item::new();
    assert!(holds("attribute_not_exists(PK)", &empty));
    assert!(!holds("PK = 1", &empty));
    assert!(holds("PK <> 1", &empty));
}

fn project(projection: &str, on: &Item) -> Item {
    let parsed = parse_friendly_projection(projection, &ExpressionParams::default())
        .unwrap_or_else(|error| panic!("{projection:?}: {error}"));
    apply_projection(&parsed, on)
}

#[test]
fn projection_keeps_only_named_attributes_and_skips_missing_ones() {
    let on = item(r#"{"a": {"S": "1"}, "b": {"N": "2"}, "c": {"BOOL": false}}"#);
    assert_eq!(
        project("a, c, missing", &on),
        item(r#"{"a": {"S": "1"}, "c": {"BOOL": false}}"#)
    );
}

#[test]
fn projected_list_elements_come_back_compacted_in_index_order() {
    let on = item(
        r#"{"RelatedItems": {"L": [{"N": "341"}, {"N": "472"}, {"N": "649"}, {"N": "700"}]}}"#,
    );
    assert_eq!(
        project("RelatedItems[0]", &on),
        item(r#"{"RelatedItems": {"L": [{"N": "341"}]}}"#)
    );
    assert_eq!(
        project("RelatedItems[3], RelatedItems[1], RelatedItems[9]", &on),
        item(r#"{"RelatedItems": {"L": [{"N": "472"}, {"N": "700"}]}}"#)
    );
}

#[test]
fn projected_map_keys_keep_only_the_selected_branch() {
    let on = item(
        r#"{"m": {"M": {"keep": {"M": {"x": {"N": "1"}, "y": {"N": "2"}}}, "drop": {"S": "z"}}}}"#,
    );
    assert_eq!(
        project("m.keep.x, m.nothing", &on),
        item(r#"{"m": {"M": {"keep": {"M": {"x": {"N": "1"}}}}}}"#)
    );
    assert_eq!(project("m.absent", &on), Item::new());
}

#[test]
fn projection_names_with_dots_address_top_level_attributes() {
    let on = item(
        r#"{"ProductReviews.OneStar": {"N": "1"}, "ProductReviews": {"M": {"OneStar": {"N": "2"}}}}"#,
    );
    assert_eq!(
        project("`ProductReviews.OneStar`", &on),
        item(r#"{"ProductReviews.OneStar": {"N": "1"}}"#)
    );
    assert_eq!(
        project("ProductReviews.OneStar", &on),
        item(r#"{"ProductReviews": {"M": {"OneStar": {"N": "2"}}}}"#)
    );
}
