//! Reads of the demo table: order, paging, Limit before the filter, sparse indexes.

use std::collections::BTreeMap;

use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, QueryRequest, ScanRequest, Select};
use ddbx::demo;
use ddbx::domain::value::AttrValue;

use crate::{demo_engine, params, text};

async fn user_with_orders(engine: &MemoryBackend, orders: usize) -> String {
    let mut request = ScanRequest::new(demo::TABLE_NAME);
    request.filter = Some("begins_with(SK, :o)".into());
    request.params = params(&[], &[(":o", AttrValue::s("ORDER#"))]);
    let page = engine.scan(request).await.expect("scan");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for item in &page.items {
        *counts.entry(text(item, "PK").to_owned()).or_default() += 1;
    }
    counts
        .into_iter()
        .find(|(pk, count)| pk.starts_with("USER#") && *count >= orders)
        .map(|(pk, _)| pk)
        .expect("some user has enough orders")
}

#[tokio::test]
async fn a_users_orders_come_back_newest_first_and_page_with_a_cursor() {
    let engine = demo_engine();
    let user = user_with_orders(&engine, 3).await;
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "PK = :pk AND begins_with(SK, :prefix)",
        params(
            &[],
            &[
                (":pk", AttrValue::s(&user)),
                (":prefix", AttrValue::s("ORDER#")),
            ],
        ),
    );
    request.forward = false;
    let whole = engine.query(request.clone()).await.expect("query");
    let keys: Vec<&str> = whole.items.iter().map(|i| text(i, "SK")).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);
    assert!(keys.len() >= 3);
    assert_eq!(whole.last_evaluated_key, None);

    request.limit = Some(2);
    let first = engine.query(request.clone()).await.expect("first page");
    assert_eq!(first.items, whole.items[..2]);
    let cursor = first.last_evaluated_key.expect("cursor");
    assert_eq!(
        cursor.keys().map(String::as_str).collect::<Vec<_>>(),
        ["PK", "SK"]
    );
    request.start_key = Some(cursor);
    let second = engine.query(request).await.expect("second page");
    assert_eq!(second.items[0], whole.items[2]);
}

#[tokio::test]
async fn limit_applies_before_the_filter_and_count_reports_both_counts() {
    let engine = demo_engine();
    let user = user_with_orders(&engine, 2).await;
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "PK = :pk",
        params(
            &[("#t", "type")],
            &[(":pk", AttrValue::s(&user)), (":u", AttrValue::s("User"))],
        ),
    );
    request.filter = Some("#t = :u".into());
    request.limit = Some(1);
    request.forward = false;
    // Newest first: the first item read is an ORDER or SESSION row, which the filter drops.
    let page = engine.query(request.clone()).await.expect("query");
    assert_eq!((page.count, page.scanned_count), (0, 1));
    assert!(page.items.is_empty());
    assert!(page.last_evaluated_key.is_some());

    request.limit = None;
    request.select = Select::Count;
    let counted = engine.query(request).await.expect("count");
    assert!(counted.items.is_empty());
    assert_eq!(counted.count, 1);
    assert!(counted.scanned_count >= 3);
}

#[tokio::test]
async fn the_sparse_review_index_holds_only_flagged_orders_with_its_included_attributes() {
    let engine = demo_engine();
    let mut request = QueryRequest::new(
        demo::TABLE_NAME,
        "GSI2PK = :review",
        params(&[], &[(":review", AttrValue::s("ORDERS_PENDING_REVIEW"))]),
    );
    request.index = Some("GSI2".into());
    let page = engine.query(request).await.expect("query");
    assert!(!page.items.is_empty());
    for item in &page.items {
        let names: Vec<&str> = item.keys().map(String::as_str).collect();
        assert_eq!(names, ["GSI2PK", "GSI2SK", "PK", "SK", "status", "total"]);
        assert_eq!(text(item, "status"), "PENDING");
    }
    let consumed = page.consumed.expect("capacity");
    assert!(consumed.indexes.contains_key("GSI2"));
}

#[tokio::test]
async fn the_connection_reports_memory_and_lists_the_demo_table() {
    let engine = demo_engine();
    assert_eq!(engine.connection().kind, "memory");
    assert_eq!(
        engine.list_tables().await.expect("list"),
        [demo::TABLE_NAME]
    );
    let description = engine
        .describe_table(demo::TABLE_NAME)
        .await
        .expect("describe");
    assert_eq!(description.item_count, Some(2_000));
}
