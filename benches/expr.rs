//! Expression-language speed: parse + validate + render of a 4 KB filter (target < 50 µs) and
//! evaluation of a 10-clause filter on one item (target < 1 µs).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::domain::expr::eval::evaluate_condition;
use ddbx::domain::expr::render::Renderer;
use ddbx::domain::expr::validate::check_filter;
use ddbx::domain::expr::{ExprKind, ExpressionParams, WireRequest, parse_friendly_condition};
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};

/// A wire filter just under 4096 bytes mixing every construct, with its params.
fn four_kb_filter() -> (String, ExpressionParams) {
    let mut params = ExpressionParams::default();
    params.names.insert("#status".into(), "status".into());
    let mut clauses = Vec::new();
    let mut text_len = 0;
    for i in 0.. {
        let clause = match i % 5 {
            0 => format!("#status = :v{i}"),
            1 => format!("begins_with(attr_{i}.child, :v{i})"),
            2 => format!("(size(list_{i}) > :v{i} OR attribute_not_exists(list_{i}[3]))"),
            3 => format!("NOT contains(tags_{i}, :v{i})"),
            _ => format!("n_{i} BETWEEN :lo AND :v{i}"),
        };
        if text_len + clause.len() + 5 > 4096 {
            break;
        }
        text_len += clause.len() + 5;
        let value = match i % 5 {
            0 | 1 | 3 => AttrValue::s(format!("value-{i}")),
            _ => AttrValue::n(i64::from(i) + 10),
        };
        params.values.insert(format!(":v{i}"), value);
        clauses.push(clause);
    }
    params.values.insert(":lo".into(), AttrValue::n(0));
    let text = clauses.join(" AND ");
    assert!(
        text.len() <= 4096 && text.len() > 3900,
        "{} bytes",
        text.len()
    );
    (text, params)
}

fn table() -> TableDescription {
    TableDescription::new(
        "app",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn parse_validate_render(c: &mut Criterion) {
    let (text, params) = four_kb_filter();
    let table = table();
    c.bench_function("parse+validate+render 4 KB filter", |b| {
        b.iter(|| {
            let mut request = WireRequest::new(&params);
            let filter = request
                .condition(ExprKind::Filter, black_box(&text))
                .expect("bench filter is valid");
            request.finish().expect("every placeholder used");
            check_filter(&filter, &table, None).expect("no key attributes");
            let mut renderer = Renderer::new();
            let wire = renderer.condition(&filter);
            black_box((wire, renderer.finish()))
        });
    });
}

fn evaluate_ten_clauses(c: &mut Criterion) {
    let filter = parse_friendly_condition(
        ExprKind::Filter,
        r#"status = "PENDING" AND begins_with(SK, "ORDER#") AND total > 100 AND total <= 10000
           AND attribute_exists(customer.email) AND NOT contains(tags, "test")
           AND size(lines) BETWEEN 1 AND 50 AND currency IN ("EUR", "USD", "GBP")
           AND priority <> 3 AND attribute_not_exists(deleted_at)"#,
        &ExpressionParams::default(),
    )
    .expect("bench filter is valid");
    let mut item = Item::new();
    item.insert("PK".into(), AttrValue::s("USER#usr_1001"));
    item.insert("SK".into(), AttrValue::s("ORDER#2026-07-01#ord_9"));
    item.insert("status".into(), AttrValue::s("PENDING"));
    item.insert("total".into(), AttrValue::n(2599));
    let mut customer = std::collections::BTreeMap::new();
    customer.insert("email".to_owned(), AttrValue::s("a@example.com"));
    item.insert("customer".into(), AttrValue::M(customer));
    item.insert(
        "tags".into(),
        AttrValue::Ss(["prod".to_owned(), "vip".to_owned()].into()),
    );
    item.insert(
        "lines".into(),
        AttrValue::L(vec![AttrValue::n(1), AttrValue::n(2)]),
    );
    item.insert("currency".into(), AttrValue::s("EUR"));
    item.insert("priority".into(), AttrValue::n(1));
    assert!(evaluate_condition(&filter, &item), "the bench item matches");
    c.bench_function("evaluate 10-clause filter", |b| {
        b.iter(|| evaluate_condition(black_box(&filter), black_box(&item)));
    });
}

criterion_group!(benches, parse_validate_render, evaluate_ten_clauses);
criterion_main!(benches);
