//! Friendly syntax → AST → wire text with deterministic placeholders, and the request-wide
//! placeholder rules of wire text.

mod expr_support;

use ddbx::domain::expr::render::Renderer;
use ddbx::domain::expr::{
    ExprKind, ExpressionParams, WireRequest, parse_friendly_condition, parse_friendly_projection,
    parse_friendly_update,
};
use ddbx::domain::value::AttrValue;
use expr_support::{n, s};

fn render_condition(text: &str) -> (String, ExpressionParams) {
    let ast = parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
        .unwrap_or_else(|error| panic!("{text:?}: {error}"));
    let mut renderer = Renderer::new();
    let wire = renderer.condition(&ast);
    (wire, renderer.finish())
}

/// Friendly text, expected wire text, expected `#names`, expected `:v0`, `:v1`… values.
type RenderCase = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    Vec<AttrValue>,
);

fn names(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn friendly_conditions_render_to_wire_text_with_generated_placeholders() {
    let cases: &[RenderCase] = &[
        (
            r#"PK = "USER#usr_1001" AND begins_with(SK, "ORDER#")"#,
            "PK = :v0 AND begins_with(SK, :v1)",
            &[],
            vec![s("USER#usr_1001"), s("ORDER#")],
        ),
        (
            r#"status = "PENDING""#,
            "#status = :v0",
            &[("#status", "status")],
            vec![s("PENDING")],
        ),
        (
            "`order-id` = 7 AND `_private` <> -1.5e3",
            "#n0 = :v0 AND #_private <> :v1",
            &[("#n0", "order-id"), ("#_private", "_private")],
            vec![n("7"), n("-1500")],
        ),
        (
            "`a.b` = true OR data.name = null",
            "#n0 = :v0 OR #data.#name = :v1",
            &[("#n0", "a.b"), ("#data", "data"), ("#name", "name")],
            vec![AttrValue::Bool(true), AttrValue::Null],
        ),
        (
            r#"tags = {"x", "y"} AND bin = 0x00ff AND l = ["a", 1]"#,
            "tags = :v0 AND bin = :v1 AND l = :v2",
            &[],
            vec![
                AttrValue::Ss(["x".to_owned(), "y".to_owned()].into()),
                AttrValue::B(vec![0, 255]),
                AttrValue::L(vec![s("a"), n("1")]),
            ],
        ),
        (
            r#"a = "say \"hi\"\n\u00e9""#,
            "a = :v0",
            &[],
            vec![s("say \"hi\"\né")],
        ),
        (
            "(a = 1 OR b = 2) AND NOT (c = 3 OR d = 4)",
            "(a = :v0 OR b = :v1) AND NOT (c = :v2 OR d = :v3)",
            &[],
            vec![n("1"), n("2"), n("3"), n("4")],
        ),
        (
            "a = 1 OR b = 2 AND c = 3",
            "a = :v0 OR b = :v1 AND c = :v2",
            &[],
            vec![n("1"), n("2"), n("3")],
        ),
        (
            "size(a) > 3 AND a IN (1, 2) AND a BETWEEN 1 AND 2",
            "size(a) > :v0 AND a IN (:v1, :v2) AND a BETWEEN :v3 AND :v4",
            &[],
            vec![n("3"), n("1"), n("2"), n("1"), n("2")],
        ),
        (
            "`status` = 1 AND status = 2",
            "#status = :v0 AND #status = :v1",
            &[("#status", "status")],
            vec![n("1"), n("2")],
        ),
    ];
    for (friendly, wire, expected_names, expected_values) in cases {
        let (rendered, params) = render_condition(friendly);
        assert_eq!(&rendered, wire, "{friendly}");
        let got_names: Vec<(String, String)> = params.names.clone().into_iter().collect();
        let mut want_names = names(expected_names);
        want_names.sort();
        assert_eq!(got_names, want_names, "{friendly}");
        let got_values: Vec<AttrValue> = (0..expected_values.len())
            .map(|i| {
                params
                    .values
                    .get(&format!(":v{i}"))
                    .cloned()
                    .unwrap_or(AttrValue::Null)
            })
            .collect();
        assert_eq!(&got_values, expected_values, "{friendly}");
        assert_eq!(
            params.values.len(),
            expected_values.len(),
            "no extra values for {friendly}"
        );
    }
}

#[test]
fn friendly_syntax_accepts_placeholders_too() {
    let mut params = ExpressionParams::default();
    params.names.insert("#k".into(), "key".into());
    params.values.insert(":v".into(), s("x"));
    let mixed =
        parse_friendly_condition(ExprKind::Condition, r#"#k = :v AND other = "y""#, &params)
            .expect("mixed syntax");
    let literal = parse_friendly_condition(
        ExprKind::Condition,
        r#"`key` = "x" AND other = "y""#,
        &ExpressionParams::default(),
    )
    .expect("literal syntax");
    assert_eq!(mixed, literal);
}

#[test]
fn friendly_syntax_errors_point_at_the_bad_literal() {
    let cases = [
        (r#"a = "open"#, "\"open", "unterminated string literal"),
        (
            "a = 0x123",
            "0x123",
            "binary literals are 0x followed by an even number of hex digits",
        ),
        ("`` = 1", "``", "a backticked name cannot be empty"),
        (r#"a = "\q""#, "\"\\q", "invalid escape in string literal"),
    ];
    for (text, span_text, reason) in cases {
        let error = parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
            .expect_err(text);
        assert!(
            error
                .message
                .starts_with("Invalid FilterExpression: Syntax error; token: "),
            "{error}"
        );
        assert!(error.message.ends_with(&format!("({reason})")), "{error}");
        assert_eq!(&text[error.span.clone()], span_text, "{text}");
    }
    let error = parse_friendly_condition(
        ExprKind::Filter,
        r#"s = {"a", 1}"#,
        &ExpressionParams::default(),
    )
    .expect_err("mixed set");
    assert_eq!(
        error.to_string(),
        "Invalid FilterExpression: a set literal holds only strings, only numbers or only binaries"
    );
    let error =
        parse_friendly_condition(ExprKind::Filter, "n = 1e126", &ExpressionParams::default())
            .expect_err("overflow");
    assert_eq!(
        error.to_string(),
        "Invalid FilterExpression: Number overflow. Attempting to store a number with magnitude larger than supported range"
    );
}

#[test]
fn names_are_shared_across_the_expressions_of_one_request() {
    let none = ExpressionParams::default();
    let key = parse_friendly_condition(ExprKind::KeyCondition, r#"PK = "A""#, &none).expect("key");
    let filter =
        parse_friendly_condition(ExprKind::Filter, r#"status = "x""#, &none).expect("filter");
    let projection = parse_friendly_projection("PK, status, `name`", &none).expect("projection");
    let update = parse_friendly_update("SET status = status REMOVE `name`", &none).expect("update");
    let mut renderer = Renderer::new();
    assert_eq!(renderer.condition(&key), "PK = :v0");
    assert_eq!(renderer.condition(&filter), "#status = :v1");
    assert_eq!(renderer.projection(&projection), "PK, #status, #name");
    assert_eq!(
        renderer.update(&update),
        "SET #status = #status REMOVE #name"
    );
    let params = renderer.finish();
    assert_eq!(params.names.len(), 2);
    assert_eq!(params.values.len(), 2);
}

#[test]
fn rendered_update_orders_clauses_set_remove_add_delete() {
    let update = parse_friendly_update(
        r#"DELETE s {"a"} ADD n 1 REMOVE r SET a = b + 1, c = list_append(c, [1])"#,
        &ExpressionParams::default(),
    )
    .expect("update");
    let mut renderer = Renderer::new();
    assert_eq!(
        renderer.update(&update),
        "SET a = b + :v0, c = list_append(c, :v1) REMOVE r ADD n :v2 DELETE s :v3"
    );
}

#[test]
fn unused_placeholders_are_reported_across_the_whole_request() {
    let mut params = ExpressionParams::default();
    params.names.insert("#k".into(), "PK".into());
    params.names.insert("#f".into(), "flag".into());
    params.values.insert(":k".into(), s("a"));
    params.values.insert(":spare".into(), s("b"));
    let mut request = WireRequest::new(&params);
    request
        .condition(ExprKind::KeyCondition, "#k = :k")
        .expect("key");
    request.projection("#f").expect("projection uses #f");
    assert_eq!(
        request.finish().expect_err("unused value").to_string(),
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:spare}"
    );

    let mut request = WireRequest::new(&params);
    request
        .condition(ExprKind::KeyCondition, "#k = :k AND x = :spare")
        .expect("key");
    assert_eq!(
        request.finish().expect_err("unused name").to_string(),
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#f}"
    );
}

#[test]
fn a_dot_inside_a_name_placeholder_is_part_of_the_name() {
    let mut params = ExpressionParams::default();
    params
        .names
        .insert("#pr".into(), "ProductReviews.OneStar".into());
    params.values.insert(":v".into(), n("1"));
    let parsed = WireRequest::new(&params)
        .condition(ExprKind::Condition, "#pr = :v")
        .expect("valid");
    let mut renderer = Renderer::new();
    assert_eq!(renderer.condition(&parsed), "#n0 = :v0");
    assert_eq!(
        renderer.finish().names.get("#n0").map(String::as_str),
        Some("ProductReviews.OneStar")
    );
}
