//! Query, Scan and ExecuteStatement pages are read from the response body by ddbx itself, and a
//! body it cannot read is left to the SDK. Every server's pages must take the first path: a server whose
//! answers quietly fell back would be read correctly but at the SDK's cost.

use ddbx::backend::aws::page_bodies_left_to_the_sdk;
use ddbx::backend::{ExpressionParams, QueryRequest, ScanRequest};
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::items::every_type_item;
use crate::pages::{query_all, scan_all};
use crate::partiql::{all_pages, request};
use crate::setup::{Harness, s};
use crate::support::tables::{IndexSpec, TableSpec};

fn with_index_key(mut item: Item, owner: &str) -> Item {
    item.insert("GSI1PK".to_owned(), s("EVERY"));
    item.insert("GSI1SK".to_owned(), s(owner));
    item
}

pub async fn pages_of_every_type_are_read_from_the_body(h: &Harness) {
    let spec = TableSpec::single_table("")
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S));
    let table = h.create("body", spec).await;
    let mut items: Vec<Item> = (0..6)
        .map(|i| {
            let owner = format!("USER#{i:02}");
            with_index_key(every_type_item(&owner), &owner)
        })
        .collect();
    h.seed(&table, &items).await;
    let before = page_bodies_left_to_the_sdk();

    let mut scan = ScanRequest::new(&table);
    scan.limit = Some(4);
    let (mut scanned, scan_pages) = scan_all(h.backend(), scan).await;
    let mut query = QueryRequest::new(
        &table,
        "GSI1PK = :pk",
        ExpressionParams {
            names: Default::default(),
            values: [(":pk".to_owned(), s("EVERY"))].into(),
        },
    );
    query.index = Some("GSI1".to_owned());
    query.limit = Some(4);
    let (queried, query_pages) = query_all(h.backend(), query).await;

    assert_eq!(
        page_bodies_left_to_the_sdk(),
        before,
        "a page was left to the SDK"
    );
    assert!(
        scan_pages.len() >= 2 && query_pages.len() >= 2,
        "the reads paged"
    );
    let last_key = query_pages[0].last_evaluated_key.as_ref();
    assert_eq!(
        last_key.and_then(|key| key.get("GSI1SK")),
        Some(&AttrValue::s("USER#03")),
        "an index page's last key is read too"
    );
    assert!(query_pages.iter().all(|page| page.consumed.is_some()));
    let by_key = |a: &Item, b: &Item| a["PK"].as_s().cmp(&b["PK"].as_s());
    scanned.sort_by(by_key);
    items.sort_by(by_key);
    assert_eq!(scanned, items);
    assert_eq!(queried, items);
    h.drop_table(&table).await;
}

pub async fn statement_pages_are_read_from_the_body(h: &Harness) {
    let table = h.create("body-partiql", TableSpec::single_table("")).await;
    let items: Vec<Item> = (0..5)
        .map(|i| {
            let mut item = every_type_item("USER#1");
            item.insert("SK".to_owned(), s(&format!("ORDER#{i}")));
            item
        })
        .collect();
    h.seed(&table, &items).await;
    let before = page_bodies_left_to_the_sdk();
    let statement = format!(r#"SELECT * FROM "{table}" WHERE PK = ?"#);
    let pages = all_pages(h, request(statement, vec![s("USER#1")], Some(2))).await;
    assert_eq!(
        page_bodies_left_to_the_sdk(),
        before,
        "a page was left to the SDK"
    );
    assert!(pages.len() >= 3, "5 items in pages of 2");
    assert!(
        pages[0].next_token.is_some(),
        "the first page's token is read"
    );
    let read: Vec<Item> = pages.iter().flat_map(|page| page.items.clone()).collect();
    assert_eq!(read, items);
    h.drop_table(&table).await;
}
