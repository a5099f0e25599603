use super::*;
use crate::domain::edit::before_from_after;
use crate::domain::expr::ExpressionParams;
use crate::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use crate::domain::value::ValueType;

fn table() -> TableDescription {
    TableDescription::new(
        "accounts",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn ctx(description: &TableDescription) -> EditContext<'_> {
    EditContext {
        table: "accounts",
        description,
        version_attribute: None,
    }
}

fn number(text: &str) -> Number {
    Number::parse(text).expect("a number")
}

fn account(balance: &str, extra: &[(&str, AttrValue)]) -> Item {
    let mut item: Item = [
        ("PK".to_owned(), AttrValue::s("ACCOUNT#1")),
        ("SK".to_owned(), AttrValue::s("BALANCE")),
        ("balance".to_owned(), AttrValue::N(number(balance))),
    ]
    .into();
    item.extend(
        extra
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone())),
    );
    item
}

fn adjust(path: &str, by: &str, at_least: Option<&str>, at_most: Option<&str>) -> Adjustment {
    Adjustment {
        path: vec![PathElement::Name(path.to_owned())],
        by: number(by),
        at_least: at_least.map(number),
        at_most: at_most.map(number),
    }
}

/// An expression with its placeholders replaced by the names and values they stand for.
fn resolved(text: &str, params: &ExpressionParams) -> String {
    let mut out = text.to_owned();
    // Longest placeholders first, so `:v10` is not read as `:v1` followed by `0`.
    let mut names: Vec<_> = params.names.iter().collect();
    names.sort_by_key(|(placeholder, _)| std::cmp::Reverse(placeholder.len()));
    for (placeholder, name) in names {
        out = out.replace(placeholder.as_str(), name);
    }
    let mut values: Vec<_> = params.values.iter().collect();
    values.sort_by_key(|(placeholder, _)| std::cmp::Reverse(placeholder.len()));
    for (placeholder, value) in values {
        out = out.replace(placeholder.as_str(), &value_text(value));
    }
    out
}

fn request(planned: &PlannedWrite) -> (String, String) {
    let WritePlan::Update(request) = &planned.plan else {
        panic!("an adjustment is an update, got {:?}", planned.plan);
    };
    (
        resolved(&request.update, &request.params),
        resolved(&request.condition.expression, &request.params),
    )
}

#[test]
fn an_adjustment_adds_where_the_number_stands_guarded_on_the_result() {
    let description = table();
    let original = account("100", &[]);
    let planned = plan_adjust(
        &ctx(&description),
        &original,
        &[adjust("balance", "-25", Some("0"), None)],
    )
    .expect("planned");
    let (update, condition) = request(&planned);
    assert_eq!(update, "SET balance = balance + -25");
    // Not on the value read (100): another writer's adjustment does not make this one fail.
    assert_eq!(condition, "attribute_exists(PK) AND balance >= 25");
    assert_eq!(
        planned
            .expected
            .as_ref()
            .and_then(|item| item.get("balance")),
        Some(&AttrValue::N(number("75")))
    );
    assert_eq!(planned.adjusts.len(), 1);
}

#[test]
fn without_a_bound_the_write_still_requires_a_number_there() {
    let description = table();
    let planned = plan_adjust(
        &ctx(&description),
        &account("1", &[]),
        &[adjust("balance", "1", None, None)],
    )
    .expect("planned");
    assert_eq!(
        request(&planned).1,
        "attribute_exists(PK) AND attribute_type(balance, \"N\")"
    );
}

#[test]
fn both_bounds_and_the_version_are_in_the_one_write() {
    let description = table();
    let original = account("10", &[("version", AttrValue::n(7))]);
    let planned = plan_adjust(
        &ctx(&description),
        &original,
        &[adjust("balance", "5", Some("0"), Some("100"))],
    )
    .expect("planned");
    let (update, condition) = request(&planned);
    assert_eq!(update, "SET balance = balance + 5, version = version + 1");
    assert_eq!(
        condition,
        "attribute_exists(PK) AND balance >= -5 AND balance <= 95"
    );
    assert_eq!(
        planned
            .expected
            .as_ref()
            .and_then(|item| item.get("version")),
        Some(&AttrValue::n(8))
    );
    assert!(
        planned
            .summary
            .contains("balance + 5 (at least 0, at most 100)")
    );
}

#[test]
fn a_guard_the_item_as_read_breaks_is_refused_before_sending() {
    let description = table();
    let refused = plan_adjust(
        &ctx(&description),
        &account("10", &[]),
        &[adjust("balance", "-25", Some("0"), None)],
    )
    .expect_err("refused");
    assert_eq!(
        refused,
        EditError::GuardFailed("balance is 10: adding -25 would leave it at -15, below 0".into())
    );
}

#[test]
fn only_a_number_that_is_there_and_not_a_key_is_adjusted() {
    let description = table();
    let ctx = ctx(&description);
    let text = account("1", &[("note", AttrValue::s("12"))]);
    let problem = |item: &Item, path: &str| {
        plan_adjust(&ctx, item, &[adjust(path, "1", None, None)])
            .expect_err("refused")
            .to_string()
    };
    assert_eq!(
        problem(&text, "note"),
        "note holds S \"12\", not a number: only a number can be adjusted; set it instead"
    );
    assert!(problem(&text, "missing").starts_with("the item has no missing"));
    assert!(problem(&text, "SK").contains("key attribute of the table"));
}

#[test]
fn thirty_eight_digits_are_kept_and_one_more_is_refused() {
    let description = table();
    let ctx = ctx(&description);
    let wide = "12345678901234567890123456789012345678";
    let planned = plan_adjust(
        &ctx,
        &account(wide, &[]),
        &[adjust("balance", "1", None, None)],
    )
    .expect("planned");
    assert_eq!(
        planned
            .expected
            .as_ref()
            .and_then(|item| item.get("balance")),
        Some(&AttrValue::N(number(
            "12345678901234567890123456789012345679"
        )))
    );
    // 10^38 is one digit; a 39th significant digit is what DynamoDB cannot hold.
    let refused = plan_adjust(
        &ctx,
        &account(wide, &[]),
        &[adjust("balance", "0.1", None, None)],
    )
    .expect_err("refused");
    assert!(refused.to_string().contains("38 digits"), "{refused}");
}

#[test]
fn the_before_image_is_the_number_written_less_the_amount_not_the_value_read() {
    let description = table();
    let planned = plan_adjust(
        &ctx(&description),
        &account("100", &[("version", AttrValue::n(3))]),
        &[adjust("balance", "-25", None, None)],
    )
    .expect("planned");
    // Two other writers added 10 each between the read and this write.
    let after = account("95", &[("version", AttrValue::n(6))]);
    let before = before_from_after(&planned, &after);
    assert_eq!(before.get("balance"), Some(&AttrValue::N(number("120"))));
    assert_eq!(before.get("version"), Some(&AttrValue::n(5)));
}

#[test]
fn nested_numbers_are_adjusted_by_their_path() {
    let description = table();
    let stats: Item = [("views".to_owned(), AttrValue::n(4))].into();
    let original = account("0", &[("stats", AttrValue::M(stats))]);
    let planned = plan_adjust(
        &ctx(&description),
        &original,
        &[Adjustment {
            path: vec![
                PathElement::Name("stats".into()),
                PathElement::Name("views".into()),
            ],
            ..adjust("x", "2", None, None)
        }],
    )
    .expect("planned");
    assert_eq!(request(&planned).0, "SET stats.views = stats.views + 2");
}

#[test]
fn the_inverse_takes_the_amount_back_within_the_same_bounds() {
    let forward = adjust("balance", "-25", Some("0"), None);
    let inverse = forward.inverse();
    assert_eq!(inverse.by, number("25"));
    assert_eq!(inverse.at_least, forward.at_least);
    assert_eq!(inverse.inverse(), forward);
}
