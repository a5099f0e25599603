//! Query builder speed: what runs on every keystroke in the form — building and validating the
//! request from the fields (key typing, filter rows, raw filter, projection, the wire-level
//! re-check) plus the preview text. Target < 1 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::domain::query_spec::{
    FilterOperator, FilterRow, Join, QuerySpec, SortChoice, build_query, preview_text,
};
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::ValueType;

fn table() -> TableDescription {
    let key = |pk: &str, sk: &str| {
        KeySchema::new(
            KeyAttribute::new(pk, ValueType::S),
            Some(KeyAttribute::new(sk, ValueType::S)),
        )
    };
    let mut table = TableDescription::new("app", key("PK", "SK"));
    table.indexes.push(IndexSchema {
        name: "GSI1".to_owned(),
        kind: IndexKind::Global,
        key: key("GSI1PK", "GSI1SK"),
        projection: Projection::Include(vec!["status".to_owned()]),
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

fn bench(c: &mut Criterion) {
    let description = table();
    let row = |attribute: &str, operator, value: &str| FilterRow {
        attribute: attribute.to_owned(),
        operator,
        value: value.to_owned(),
    };
    let spec = QuerySpec {
        index: Some("GSI1".to_owned()),
        partition: "STORE#880".to_owned(),
        sort: SortChoice::BeginsWith,
        sort_value: "STATUS#PENDING#DATE#2026-07-18".to_owned(),
        filters: vec![
            row("status", FilterOperator::Eq, "PENDING"),
            row("total", FilterOperator::Gt, "100"),
            row("customer.email", FilterOperator::Exists, ""),
        ],
        join: Join::And,
        raw_filter: r#"contains(tags, "rush") OR size(items) > 3"#.to_owned(),
        projection: "PK, SK, status, total, customer.email".to_owned(),
        page_size: "100".to_owned(),
        stop_after: "25".to_owned(),
        ..QuerySpec::default()
    };
    c.bench_function("query_form_keystroke_build_and_preview", |b| {
        b.iter(|| {
            let built = build_query(black_box(&description), black_box(&spec));
            built
                .map(|built| preview_text(&built))
                .map(|text| text.len())
        });
    });
    let mut invalid = spec.clone();
    invalid.filters[1].value = "1e99999".to_owned();
    c.bench_function("query_form_keystroke_with_an_error", |b| {
        b.iter(|| build_query(black_box(&description), black_box(&invalid)).is_err());
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
