//! Checks against a table schema: key conditions (typed result and every rejection), query
//! filters, ConsistentRead on indexes, updates of key attributes.

mod expr_support;

use ddbx::domain::expr::ast::Condition;
use ddbx::domain::expr::key_condition::{KeyCondition, SortCondition, SortOp};
use ddbx::domain::expr::validate::{check_index_read, check_query, check_update};
use ddbx::domain::expr::{ExprError, ExprKind, WireRequest};
use ddbx::domain::schema::TableDescription;
use expr_support::{hash_only, item, n, s, single_table, standard_params};

fn condition(kind: ExprKind, text: &str) -> Condition {
    let params = standard_params();
    WireRequest::new(&params)
        .condition(kind, text)
        .unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

fn query(
    table: &TableDescription,
    index: Option<&str>,
    key: &str,
) -> Result<KeyCondition, ExprError> {
    check_query(
        table,
        index,
        &condition(ExprKind::KeyCondition, key),
        None,
        false,
    )
}

#[test]
fn partition_equality_alone_selects_the_whole_collection() {
    let typed = query(&single_table(), None, "PK = :s").expect("valid");
    assert_eq!(
        typed,
        KeyCondition {
            partition_key: "PK".into(),
            partition_value: s("x"),
            more_partition: Vec::new(),
            sort_prefix: Vec::new(),
            sort: None
        }
    );
}

#[test]
fn each_sort_key_operator_becomes_its_typed_form() {
    let cases = [
        ("PK = :s AND SK = :s2", SortOp::Eq(s("y"))),
        ("PK = :s AND SK < :s2", SortOp::Lt(s("y"))),
        ("PK = :s AND SK <= :s2", SortOp::Le(s("y"))),
        ("PK = :s AND SK > :s2", SortOp::Gt(s("y"))),
        ("PK = :s AND SK >= :s2", SortOp::Ge(s("y"))),
        (
            "PK = :s AND SK BETWEEN :s AND :s2",
            SortOp::Between(s("x"), s("y")),
        ),
        (
            "PK = :s AND begins_with(SK, :s2)",
            SortOp::BeginsWith(s("y")),
        ),
        ("SK > :s2 AND PK = :s", SortOp::Gt(s("y"))),
        ("(PK = :s) AND (SK > :s2)", SortOp::Gt(s("y"))),
        ("PK = :s and SK > :s2", SortOp::Gt(s("y"))),
    ];
    for (text, op) in cases {
        let typed = query(&single_table(), None, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            typed.sort,
            Some(SortCondition {
                key: "SK".into(),
                op
            }),
            "{text}"
        );
    }
}

#[test]
fn a_value_before_the_key_flips_the_comparison() {
    let typed = query(&single_table(), None, "PK = :s AND :s2 < SK").expect("valid");
    assert_eq!(typed.sort.map(|sort| sort.op), Some(SortOp::Gt(s("y"))));
}

#[test]
fn index_key_conditions_use_the_index_key_schema() {
    let typed = query(
        &single_table(),
        Some("GSI1"),
        "GSI1PK = :s AND GSI1SK BETWEEN :n AND :n2",
    )
    .expect("valid");
    assert_eq!(typed.partition_key, "GSI1PK");
    assert_eq!(
        typed.sort.map(|sort| sort.op),
        Some(SortOp::Between(n("1"), n("2")))
    );
}

#[test]
fn typed_key_condition_matches_items_and_gives_range_bounds() {
    let typed = query(&single_table(), None, "PK = :s AND begins_with(SK, :s2)").expect("valid");
    assert!(typed.matches(&item(r#"{"PK":{"S":"x"},"SK":{"S":"yes"}}"#)));
    assert!(!typed.matches(&item(r#"{"PK":{"S":"x"},"SK":{"S":"no"}}"#)));
    assert!(!typed.matches(&item(r#"{"PK":{"S":"z"},"SK":{"S":"yes"}}"#)));
    let sort = typed.sort.expect("sort condition");
    assert_eq!(sort.op.lower_bound(), std::ops::Bound::Included(&s("y")));
    assert_eq!(sort.op.upper_bound(), std::ops::Bound::Unbounded);
}

fn rejects(
    table: &TableDescription,
    index: Option<&str>,
    text: &str,
    message: &str,
    span_text: &str,
) {
    let error = query(table, index, text).expect_err(text);
    assert_eq!(error.to_string(), message, "{text}");
    assert_eq!(&text[error.span.clone()], span_text, "span in {text}");
}

#[test]
fn key_condition_rejections_use_the_service_wording() {
    let t = single_table();
    let cases: &[(&str, &str, &str)] = &[
        (
            "PK = :s OR SK = :s2",
            "Invalid operator used in KeyConditionExpression: OR",
            "PK = :s OR SK = :s2",
        ),
        (
            "PK = :s AND NOT SK = :s2",
            "Invalid operator used in KeyConditionExpression: NOT",
            "NOT SK = :s2",
        ),
        (
            "PK = :s AND SK IN (:s, :s2)",
            "Invalid operator used in KeyConditionExpression: IN",
            "SK IN (:s, :s2)",
        ),
        (
            "PK = :s AND SK <> :s2",
            "Invalid operator used in KeyConditionExpression: <>",
            "SK <> :s2",
        ),
        (
            "PK = :s AND attribute_exists(SK)",
            "Invalid operator used in KeyConditionExpression: attribute_exists",
            "attribute_exists(SK)",
        ),
        (
            "PK = :s AND contains(SK, :s2)",
            "Invalid operator used in KeyConditionExpression: contains",
            "contains(SK, :s2)",
        ),
        (
            "PK = :s AND size(SK) > :n",
            "KeyConditionExpressions cannot contain nested operations",
            "size(SK) > :n",
        ),
        (
            "PK = :s AND SK.x = :s2",
            "KeyConditionExpressions cannot have conditions on nested attributes",
            "SK.x",
        ),
        (
            "PK = :s AND SK = PK",
            "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
            "SK = PK",
        ),
        (
            "PK = :s AND :s = :s2",
            "Invalid condition in KeyConditionExpression: No key attribute specified",
            ":s = :s2",
        ),
        (
            "PK = :s AND :s2 BETWEEN SK AND :s2",
            "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand",
            ":s2 BETWEEN SK AND :s2",
        ),
        (
            "PK = :s AND PK = :s2",
            "KeyConditionExpressions must only contain one condition per key",
            "PK = :s2",
        ),
        (
            "SK = :s",
            "Query condition missed key schema element: PK",
            "SK = :s",
        ),
        (
            "PK = :s AND extra = :s2",
            "Query condition missed key schema element: SK",
            "extra = :s2",
        ),
        ("PK > :s", "Query key condition not supported", "PK > :s"),
        (
            "a = :s AND b = :s2",
            "Query key condition not supported",
            "a = :s",
        ),
        (
            "PK = :n",
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
            "PK = :n",
        ),
        (
            "PK = :s AND SK > :n",
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
            "SK > :n",
        ),
        (
            "PK = :empty",
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: PK",
            "PK = :empty",
        ),
    ];
    for (text, message, span) in cases {
        rejects(&t, None, text, message, span);
    }
}

#[test]
fn begins_with_on_a_number_sort_key_is_rejected() {
    rejects(
        &single_table(),
        Some("GSI1"),
        "GSI1PK = :s AND begins_with(GSI1SK, :s)",
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        "begins_with(GSI1SK, :s)",
    );
}

#[test]
fn sort_condition_on_a_hash_only_table_is_not_supported() {
    rejects(
        &hash_only(),
        None,
        "id = :n AND extra > :n",
        "Query key condition not supported",
        "extra > :n",
    );
    assert!(query(&hash_only(), None, "id = :n").is_ok());
}

#[test]
fn unknown_index_is_named() {
    let error = query(&single_table(), Some("nope"), "PK = :s").expect_err("unknown index");
    assert_eq!(
        error.to_string(),
        "The table does not have the specified index: nope"
    );
}

#[test]
fn consistent_read_is_refused_on_a_gsi_but_allowed_on_an_lsi() {
    let t = single_table();
    let error = check_index_read(&t, Some("GSI1"), true, ExprKind::KeyCondition).expect_err("GSI");
    assert_eq!(
        error.to_string(),
        "Consistent reads are not supported on global secondary indexes"
    );
    assert!(check_index_read(&t, Some("LSI1"), true, ExprKind::KeyCondition).is_ok());
    assert!(check_index_read(&t, None, true, ExprKind::Filter).is_ok());
}

#[test]
fn query_filter_may_not_name_a_key_of_the_read_index() {
    let t = single_table();
    let key = condition(ExprKind::KeyCondition, "GSI1PK = :s");
    let text = "attribute_exists(x) AND GSI1SK > :n";
    let filter = condition(ExprKind::Filter, text);
    let error =
        check_query(&t, Some("GSI1"), &key, Some(&filter), false).expect_err("key in filter");
    assert_eq!(
        error.to_string(),
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: GSI1SK"
    );
    assert_eq!(&text[error.span.clone()], "GSI1SK");
    // The table's own keys are ordinary attributes when reading the GSI.
    let filter = condition(ExprKind::Filter, "begins_with(SK, :s)");
    assert!(check_query(&t, Some("GSI1"), &key, Some(&filter), false).is_ok());
}

#[test]
fn updates_may_not_touch_key_attributes() {
    let t = single_table();
    let params = standard_params();
    let cases = [
        (
            "SET PK = :s",
            "One or more parameter values were invalid: Cannot update attribute PK. This attribute is part of the key",
            "PK",
        ),
        (
            "REMOVE SK",
            "One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key",
            "SK",
        ),
        (
            "SET PK.x = :s",
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: PK",
            "PK.x",
        ),
        (
            "SET GSI1PK[0] = :s",
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: GSI1PK",
            "GSI1PK[0]",
        ),
        (
            "SET GSI1SK = :s",
            "One or more parameter values were invalid: Type mismatch for Index Key GSI1SK Expected: N Actual: S IndexName: GSI1",
            "GSI1SK",
        ),
    ];
    for (text, message, span) in cases {
        let update = WireRequest::new(&params).update(text).expect(text);
        let error = check_update(&update, &t).expect_err(text);
        assert_eq!(error.to_string(), message, "{text}");
        assert_eq!(&text[error.span.clone()], span, "{text}");
    }
    let update = WireRequest::new(&params)
        .update("SET GSI1SK = :n, extra = :s")
        .expect("valid");
    assert!(check_update(&update, &t).is_ok());
}

#[test]
fn errors_on_friendly_text_point_into_the_text_the_user_typed() {
    use ddbx::domain::expr::{ExpressionParams, parse_friendly_condition};
    let typed = r#"PK = "USER#1" OR  begins_with(SK, "ORDER#")"#;
    let ast = parse_friendly_condition(ExprKind::KeyCondition, typed, &ExpressionParams::default())
        .expect("parses");
    let error = check_query(&single_table(), None, &ast, None, false).expect_err("OR");
    assert_eq!(
        error.to_string(),
        "Invalid operator used in KeyConditionExpression: OR"
    );
    assert_eq!(&typed[error.span.clone()], typed);

    let typed = r#"PK = "A" AND `SK` > 5"#;
    let ast = parse_friendly_condition(ExprKind::KeyCondition, typed, &ExpressionParams::default())
        .expect("parses");
    let error = check_query(&single_table(), None, &ast, None, false).expect_err("N against S key");
    assert_eq!(&typed[error.span.clone()], "`SK` > 5");
}
