//! The table, its items and the read requests of the differential comparison
//! ([`crate::differential`]).

use ddbx::backend::{ExpressionParams, QueryRequest, Select};
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::setup::{item, n, s};
use crate::support::tables::{IndexSpec, ProjectionSpec, TableSpec};

pub fn spec() -> TableSpec {
    TableSpec::single_table("")
        .gsi(
            IndexSpec::new("GSI1", "GSI1PK", ValueType::S)
                .sort("GSI1SK", ValueType::S)
                .projection(ProjectionSpec::Include(vec!["status".into()])),
        )
        .lsi("LSI1", "LSI1SK", ValueType::N, ProjectionSpec::KeysOnly)
}

pub fn seed_items() -> Vec<Item> {
    let mut items = Vec::new();
    for user in 1..=3 {
        let pk = format!("USER#{user}");
        items.push(item([
            ("PK", s(&pk)),
            ("SK", s("METADATA")),
            ("name", s("Ann")),
        ]));
        for order in 0..7 {
            let mut row = item([
                ("PK", s(&pk)),
                ("SK", s(&format!("ORDER#2026-0{}-1{order}", 1 + order % 3))),
                (
                    "status",
                    s(if order % 2 == 0 { "PENDING" } else { "SHIPPED" }),
                ),
                ("LSI1SK", n(&(100 - order * 7).to_string())),
                ("total", n(&format!("{order}.5"))),
            ]);
            if order % 3 == 0 {
                // Sparse GSI membership: only every third order is in GSI1.
                row.insert("GSI1PK".into(), s("REVIEW"));
                row.insert("GSI1SK".into(), s(&format!("{user}-{order}")));
            }
            items.push(row);
        }
    }
    items.push(item([
        ("PK", s("Z")),
        ("SK", s("¿")),
        ("x", AttrValue::B(vec![0x80])),
    ]));
    items.push(item([("PK", s("Z")), ("SK", s("z"))]));
    items.push(item([("PK", s("Z")), ("SK", s("A"))]));
    items
}

fn query(table: &str, key_condition: &str, values: Vec<(&str, AttrValue)>) -> QueryRequest {
    let mut request = QueryRequest::new(table, key_condition, ExpressionParams::default());
    request.params.values = values
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect();
    request
}

/// The read scenarios, each built for a given table name.
pub fn reads(table: &str) -> Vec<(&'static str, QueryRequest)> {
    let user = |u: &str| vec![(":pk", s(u))];
    let mut cases = vec![
        ("whole partition", query(table, "PK = :pk", user("USER#1"))),
        ("utf-8 byte order", query(table, "PK = :pk", user("Z"))),
        (
            "missing partition",
            query(table, "PK = :pk", user("NOBODY")),
        ),
    ];
    let mut paged = query(
        table,
        "PK = :pk AND begins_with(SK, :p)",
        vec![(":pk", s("USER#2")), (":p", s("ORDER#"))],
    );
    paged.limit = Some(3);
    cases.push(("begins_with in pages of 3", paged.clone()));
    paged.forward = false;
    cases.push(("begins_with backwards in pages of 3", paged));
    let mut between = query(
        table,
        "PK = :pk AND SK BETWEEN :a AND :b",
        vec![
            (":pk", s("USER#3")),
            (":a", s("ORDER#2026-02")),
            (":b", s("ORDER#2026-03-14")),
        ],
    );
    between.limit = Some(2);
    cases.push(("between in pages of 2", between));
    let mut filtered = query(
        table,
        "PK = :pk",
        vec![(":pk", s("USER#1")), (":st", s("SHIPPED"))],
    );
    filtered.filter = Some("#st = :st".into());
    filtered.params.names.insert("#st".into(), "status".into());
    filtered.limit = Some(2);
    cases.push(("filter after limit", filtered.clone()));
    filtered.limit = None;
    filtered.select = Select::Count;
    cases.push(("count", filtered));
    let mut gsi = query(table, "GSI1PK = :r", vec![(":r", s("REVIEW"))]);
    gsi.index = Some("GSI1".into());
    gsi.limit = Some(2);
    cases.push(("sparse gsi with include projection, in pages of 2", gsi));
    let mut lsi = query(
        table,
        "PK = :pk AND LSI1SK < :n",
        vec![(":pk", s("USER#1")), (":n", n("90"))],
    );
    lsi.index = Some("LSI1".into());
    lsi.limit = Some(2);
    cases.push(("keys-only lsi on a number sort key, in pages of 2", lsi));
    let mut projected = query(table, "PK = :pk", user("USER#1"));
    projected.projection = Some("#st, total".into());
    projected.params.names.insert("#st".into(), "status".into());
    cases.push(("projection", projected));
    // Errors, compared by kind and text.
    let mut unknown_index = query(table, "PK = :pk", user("USER#1"));
    unknown_index.index = Some("Nope".into());
    cases.push(("unknown index", unknown_index));
    let mut key_filter = query(
        table,
        "PK = :pk",
        vec![(":pk", s("USER#1")), (":x", s("x"))],
    );
    key_filter.filter = Some("SK = :x".into());
    cases.push(("filter naming the sort key", key_filter));
    let mut consistent_gsi = query(table, "GSI1PK = :r", vec![(":r", s("REVIEW"))]);
    consistent_gsi.index = Some("GSI1".into());
    consistent_gsi.consistent_read = true;
    cases.push(("consistent read on a gsi", consistent_gsi));
    cases.push((
        "wrong key type",
        query(table, "PK = :pk", vec![(":pk", n("1"))]),
    ));
    cases.push((
        "reversed between",
        query(
            table,
            "PK = :pk AND SK BETWEEN :b AND :a",
            vec![(":pk", s("USER#1")), (":a", s("A")), (":b", s("B"))],
        ),
    ));
    cases.push((
        "non-equality on the partition key",
        query(table, "PK > :pk", user("USER#1")),
    ));
    let mut unused = query(
        table,
        "PK = :pk",
        vec![(":pk", s("USER#1")), (":unused", s("x"))],
    );
    unused.limit = Some(1);
    cases.push(("unused value placeholder", unused));
    let mut outside = query(table, "PK = :pk", user("USER#1"));
    outside.start_key = Some(item([("PK", s("USER#2")), ("SK", s("METADATA"))]));
    cases.push(("start key of another partition", outside));
    cases
}
