//! The seeded table every read test starts from, and helpers to read the binary's output.

use std::collections::{BTreeMap, BTreeSet};

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::support::cli::{Run, ddbx};
use crate::support::items::seed_items;
use crate::support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use crate::support::{Server, sdk_client, server_endpoint, unique_table_name};

pub const BIG: &str = "12345678901234567890123456789012345678";

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("valid test number"))
}

/// The USER#1 profile holds one of every type, a 38-digit number, 1E-130 and hostile text.
pub fn profile() -> Item {
    Item::from([
        ("PK".into(), s("USER#1")),
        ("SK".into(), s("PROFILE")),
        ("name".into(), s("Ann Example")),
        ("big".into(), n(BIG)),
        ("tiny".into(), n("1E-130")),
        ("empty".into(), s("")),
        ("blob".into(), AttrValue::B(vec![0x00, 0x80, 0xff])),
        ("active".into(), AttrValue::Bool(true)),
        ("nothing".into(), AttrValue::Null),
        (
            "tags".into(),
            AttrValue::Ss(BTreeSet::from(["b".to_owned(), "a".to_owned()])),
        ),
        (
            "scores".into(),
            AttrValue::Ns(BTreeSet::from([Number::from(3), Number::from(-1)])),
        ),
        (
            "blobs".into(),
            AttrValue::Bs(BTreeSet::from([vec![0xfe], vec![0x01]])),
        ),
        (
            "address".into(),
            AttrValue::M(BTreeMap::from([
                ("city".to_owned(), s("Zürich")),
                ("lines".to_owned(), AttrValue::L(vec![s("x"), n("0.5")])),
            ])),
        ),
        ("note".into(), s("red\u{1b}[31m\nnext line")),
    ])
}

/// USER#1 has twelve orders (`ORDER#01`…`ORDER#12`, amount `10·i − 35`, odd ones `status`
/// open and in GSI1 under `STATUS#open`); USER#2 has a profile and two archived orders. 16 items in all.
pub fn seed() -> Vec<Item> {
    let mut items = vec![profile()];
    for i in 1..=12_i64 {
        let status = if i % 2 == 1 {
            "STATUS#open"
        } else {
            "STATUS#closed"
        };
        items.push(Item::from([
            ("PK".into(), s("USER#1")),
            ("SK".into(), s(&format!("ORDER#{i:02}"))),
            ("amount".into(), AttrValue::n(10 * i - 35)),
            (
                "status".into(),
                s(if i % 2 == 1 { "open" } else { "closed" }),
            ),
            ("GSI1PK".into(), s(status)),
            ("GSI1SK".into(), s(&format!("2026-01-{i:02}"))),
        ]));
    }
    items.push(Item::from([
        ("PK".into(), s("USER#2")),
        ("SK".into(), s("PROFILE")),
    ]));
    for i in 1..=2 {
        items.push(Item::from([
            ("PK".into(), s("USER#2")),
            ("SK".into(), s(&format!("ORDER#{i:02}"))),
            ("GSI1PK".into(), s("STATUS#archived")),
            ("GSI1SK".into(), s(&format!("2025-12-{i:02}"))),
        ]));
    }
    items
}

/// A seeded table on one server; deleted by [`Fixture::drop_table`].
pub struct Fixture {
    pub endpoint: String,
    pub table: String,
}

impl Fixture {
    pub async fn seeded(server: Server) -> Option<Self> {
        let endpoint = server_endpoint(server)?;
        let client = sdk_client(&endpoint);
        let table = unique_table_name("cli");
        let spec = TableSpec::single_table(&table)
            .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S))
            .lsi("ByAmount", "amount", ValueType::N, ProjectionSpec::All);
        create_table(&client, &spec).await;
        seed_items(&client, &table, &seed()).await;
        Some(Self { endpoint, table })
    }

    pub fn run(&self, args: &[&str]) -> Run {
        ddbx(&self.endpoint, Some(&self.table), args)
    }

    pub async fn drop_table(self) {
        delete_table(&sdk_client(&self.endpoint), &self.table).await;
    }
}

/// The `SK` of every JSON line, in output order.
pub fn sort_keys(run: &Run) -> Vec<String> {
    run.json_lines()
        .iter()
        .map(|item| {
            item["SK"]
                .as_str()
                .expect("every item has an SK")
                .to_owned()
        })
        .collect()
}

/// Items by their (PK, SK), to compare reads whose order the server chooses.
pub fn by_key(items: Vec<Item>) -> BTreeMap<(String, String), Item> {
    items
        .into_iter()
        .map(|item| {
            let key = |name: &str| item[name].as_s().expect("string key").to_owned();
            ((key("PK"), key("SK")), item)
        })
        .collect()
}

pub fn orders(numbers: impl IntoIterator<Item = i64>) -> Vec<String> {
    numbers
        .into_iter()
        .map(|i| format!("ORDER#{i:02}"))
        .collect()
}
