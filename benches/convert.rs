//! Reading a page of realistic single-table items: the cost ddbx pays on every page it reads.
//! Reported as items per second (criterion's "thrpt", in elem/s).
//!
//! - `sdk_to_domain`: converting the SDK's items into ddbx's (the SDK has already parsed them);
//! - `body_to_domain`: ddbx's own decoding of the response body into its items, which replaces
//!   both the SDK's parsing and that conversion;
//! - `read_page`: a whole Query call through the SDK against a connector that answers at once
//!   with the same body: `sdk` is the SDK's parsing plus the conversion, `ddbx` reads the body
//!   itself. Their ratio is what a page costs the client, before and after, in the same run.
//!
//! `cargo bench --bench convert -- --warm-up-time 1 --measurement-time 3`

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use ddbx::backend::bench_support::{
    CannedServer, SdkItem, item_to_sdk, items_from_sdk, page_from_body,
};
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::value::{AttrValue, Item};

const PAGE: usize = 1000;

fn number(text: &str) -> AttrValue {
    AttrValue::N(text.parse().expect("benchmark numbers are valid"))
}

/// An order in a single-table design: table and GSI keys, strings, numbers, a small map, a
/// list of line maps and a string set — 15 attributes, about 600 bytes.
fn order(index: usize) -> Item {
    let user = 1000 + index % 97;
    let line = |sku: &str, qty: &str, price: &str| {
        AttrValue::M(BTreeMap::from([
            ("sku".to_owned(), AttrValue::s(sku)),
            ("qty".to_owned(), number(qty)),
            ("price".to_owned(), number(price)),
        ]))
    };
    Item::from([
        ("PK".to_owned(), AttrValue::s(format!("USER#usr_{user}"))),
        (
            "SK".to_owned(),
            AttrValue::s(format!("ORDER#2026-07-{:02}#ord_{index}", 1 + index % 28)),
        ),
        ("GSI1PK".to_owned(), AttrValue::s("ORDER")),
        (
            "GSI1SK".to_owned(),
            AttrValue::s(format!(
                "2026-07-{:02}T10:{:02}:00Z",
                1 + index % 28,
                index % 60
            )),
        ),
        ("entityType".to_owned(), AttrValue::s("Order")),
        (
            "status".to_owned(),
            AttrValue::s(if index.is_multiple_of(3) {
                "SHIPPED"
            } else {
                "PLACED"
            }),
        ),
        (
            "total".to_owned(),
            number(&format!("{}.{:02}", 10 + index % 500, index % 100)),
        ),
        ("itemCount".to_owned(), number(&(1 + index % 5).to_string())),
        ("version".to_owned(), number(&(index % 17).to_string())),
        (
            "email".to_owned(),
            AttrValue::s(format!("customer{user}@example.com")),
        ),
        (
            "createdAt".to_owned(),
            AttrValue::s("2026-07-01T10:00:00.000Z"),
        ),
        (
            "shipTo".to_owned(),
            AttrValue::M(BTreeMap::from([
                ("street".to_owned(), AttrValue::s("12 Harbour Road")),
                ("city".to_owned(), AttrValue::s("Lisbon")),
                ("zip".to_owned(), AttrValue::s("1100-001")),
            ])),
        ),
        (
            "lines".to_owned(),
            AttrValue::L(vec![
                line("sku-1", "2", "19.99"),
                line("sku-7", "1", "89.50"),
            ]),
        ),
        (
            "tags".to_owned(),
            AttrValue::Ss(BTreeSet::from(["gift".to_owned(), "priority".to_owned()])),
        ),
        ("gift".to_owned(), AttrValue::Bool(index.is_multiple_of(2))),
    ])
}

fn sdk_page() -> Vec<SdkItem> {
    (0..PAGE).map(|index| item_to_sdk(order(index))).collect()
}

fn sdk_to_domain(c: &mut Criterion) {
    let page = sdk_page();
    let mut group = c.benchmark_group("sdk_to_domain");
    group.throughput(Throughput::Elements(PAGE as u64));
    group.bench_function("single_table_orders", |b| {
        // The page is cloned outside the timed part: conversion consumes its input.
        b.iter_batched(
            || page.clone(),
            |page| black_box(items_from_sdk(page).expect("valid items")),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

/// The page as DynamoDB sends it: a Query response body.
fn response_body() -> Vec<u8> {
    let items: Vec<_> = (0..PAGE).map(|index| item_to_json(&order(index))).collect();
    let body = serde_json::json!({
        "ConsumedCapacity": {"CapacityUnits": 128.5, "TableName": "SingleTableApp"},
        "Count": PAGE,
        "Items": items,
        "ScannedCount": PAGE,
    });
    serde_json::to_vec(&body).expect("the page renders")
}

/// The same page with every object's members in a scrambled order, as DynamoDB sends them: it
/// orders an item's attributes by its own hashing, never by name. (`response_body` writes them
/// sorted, serde_json's order, which spares a decoder its sorting.)
fn unsorted_response_body() -> Vec<u8> {
    let sorted: serde_json::Value =
        serde_json::from_slice(&response_body()).expect("the page parses");
    let mut body = Vec::new();
    write_scrambled(&sorted, &mut body);
    body
}

/// `value` as JSON with each object's members ordered by a hash of their names.
fn write_scrambled(value: &serde_json::Value, out: &mut Vec<u8>) {
    let scramble = |name: &str| {
        name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
        })
    };
    match value {
        serde_json::Value::Object(members) => {
            let mut members: Vec<_> = members.iter().collect();
            members.sort_by_key(|(name, _)| scramble(name));
            out.push(b'{');
            for (index, (name, member)) in members.into_iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut *out, name).expect("a name renders");
                out.push(b':');
                write_scrambled(member, out);
            }
            out.push(b'}');
        }
        serde_json::Value::Array(elements) => {
            out.push(b'[');
            for (index, element) in elements.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                write_scrambled(element, out);
            }
            out.push(b']');
        }
        scalar => serde_json::to_writer(&mut *out, scalar).expect("a value renders"),
    }
}

fn body_to_domain(c: &mut Criterion) {
    let mut group = c.benchmark_group("body_to_domain");
    group.throughput(Throughput::Elements(PAGE as u64));
    let bodies = [
        ("single_table_orders", response_body()),
        ("single_table_orders_unsorted", unsorted_response_body()),
    ];
    assert_eq!(
        page_from_body(&bodies[0].1).expect("a valid body"),
        page_from_body(&bodies[1].1).expect("a valid body"),
        "the member order changes nothing read",
    );
    for (name, body) in &bodies {
        group.bench_function(*name, |b| {
            // As for sdk_to_domain, the items are dropped outside the timed part.
            b.iter_batched(
                || (),
                |()| black_box(page_from_body(black_box(body)).expect("a valid body")),
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn read_page(c: &mut Criterion) {
    let server = CannedServer::new(200, response_body());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut group = c.benchmark_group("read_page");
    group.throughput(Throughput::Elements(PAGE as u64));
    group.bench_function("sdk", |b| {
        b.iter(|| black_box(runtime.block_on(server.query_through_the_sdk())).expect("a page"));
    });
    group.bench_function("ddbx", |b| {
        b.iter(|| black_box(runtime.block_on(server.query())).expect("a page"));
    });
    group.finish();
}

/// The floor under any decoder that builds ddbx's items: making the same items by copying them,
/// with no text to read at all.
fn clone_floor(c: &mut Criterion) {
    let page: Vec<Item> = (0..PAGE).map(order).collect();
    let mut group = c.benchmark_group("items_clone_floor");
    group.throughput(Throughput::Elements(PAGE as u64));
    group.bench_function("single_table_orders", |b| {
        b.iter_batched(|| (), |()| black_box(page.clone()), BatchSize::LargeInput);
    });
    group.finish();
}

criterion_group!(
    benches,
    sdk_to_domain,
    body_to_domain,
    clone_floor,
    read_page
);
criterion_main!(benches);
