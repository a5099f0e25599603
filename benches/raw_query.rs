//! Raw query mode speed: building and validating the whole request on each keystroke (target
//! < 1 ms), for application-code text with its JSON maps and for inline literals.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::domain::raw_query::{RawQueryInput, build_raw_query};
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
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

fn bench(c: &mut Criterion) {
    let description = table();
    let native = RawQueryInput {
        table: "app",
        index: Some("GSI1"),
        key_condition: "#pk = :pk AND begins_with(#sk, :sk)",
        filter: Some("#st = :st AND total > :min AND attribute_exists(#c)"),
        projection: Some("PK, SK, #st, total, #c"),
        values_json: Some(
            r#"{":pk":{"S":"STORE#880"},":sk":{"S":"STATUS#PENDING#DATE#2026-07-18"},":st":{"S":"PENDING"},":min":{"N":"100"}}"#,
        ),
        names_json: Some(r##"{"#pk":"GSI1PK","#sk":"GSI1SK","#st":"status","#c":"customer"}"##),
    };
    c.bench_function("raw_query_native_with_json_maps", |b| {
        b.iter(|| build_raw_query(black_box(&description), black_box(&native)));
    });
    let friendly = RawQueryInput {
        table: "app",
        index: Some("GSI1"),
        key_condition: r#"GSI1PK = "STORE#880" AND begins_with(GSI1SK, "STATUS#PENDING#DATE#2026-07-18")"#,
        filter: Some(r#"status = "PENDING" AND total > 100 AND attribute_exists(customer)"#),
        projection: Some("PK, SK, status, total, customer"),
        values_json: None,
        names_json: None,
    };
    c.bench_function("raw_query_inline_literals", |b| {
        b.iter(|| build_raw_query(black_box(&description), black_box(&friendly)));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
