//! Limit and cursors: pages of a table and of a GSI, and filters that leave pages empty.

use std::collections::BTreeSet;

use ddbx::backend::QueryRequest;
use ddbx::domain::value::{Item, ValueType};

use crate::pages::query_all;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::{IndexSpec, ProjectionSpec, TableSpec};

fn indexed_table() -> TableSpec {
    TableSpec::single_table("")
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N))
        .lsi("ByFlag", "flag", ValueType::S, ProjectionSpec::All)
}

fn indexed_items(count: usize) -> Vec<Item> {
    (0..count)
        .map(|i| {
            item([
                ("PK", s("USER#1")),
                ("SK", s(&format!("ORDER#{i:03}"))),
                ("GSI1PK", s("ORDERS")),
                ("GSI1SK", n(&(100 - i).to_string())),
                ("flag", s(if i == count - 1 { "last" } else { "other" })),
            ])
        })
        .collect()
}

fn key_names(key: &Item) -> BTreeSet<&str> {
    key.keys().map(String::as_str).collect()
}

pub async fn table_query_pages_with_a_cursor_of_the_table_key(h: &Harness) {
    let table = h.create("page-t", indexed_table()).await;
    let seeded = indexed_items(10);
    h.seed(&table, &seeded).await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk",
        params([("#pk", "PK")], [(":pk", s("USER#1"))]),
    );
    request.limit = Some(3);
    let (items, pages) = query_all(h.backend(), request).await;
    assert_eq!(items, seeded, "every item once, in sort key order");
    let sizes: Vec<usize> = pages.iter().map(|page| page.items.len()).collect();
    // 10 items in pages of 3; the 4th page may be followed by an empty last page.
    assert!(
        sizes.starts_with(&[3, 3, 3, 1]) && sizes.iter().skip(4).all(|&size| size == 0),
        "{sizes:?}"
    );
    let cursor = pages[0]
        .last_evaluated_key
        .as_ref()
        .expect("first page has a cursor");
    assert_eq!(key_names(cursor), BTreeSet::from(["PK", "SK"]));
    assert_eq!(
        cursor["SK"],
        s("ORDER#002"),
        "cursor is the last returned item's key"
    );
    h.drop_table(&table).await;
}

pub async fn gsi_query_pages_with_a_cursor_of_table_and_index_keys(h: &Harness) {
    let table = h.create("page-g", indexed_table()).await;
    let seeded = indexed_items(7);
    h.seed(&table, &seeded).await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk",
        params([("#pk", "GSI1PK")], [(":pk", s("ORDERS"))]),
    );
    request.index = Some("GSI1".to_owned());
    request.limit = Some(2);
    let (items, pages) = query_all(h.backend(), request).await;
    let mut expected = seeded.clone();
    expected.reverse(); // GSI1SK = 100 - i, ascending
    assert_eq!(items, expected);
    assert!(
        pages.len() >= 4,
        "7 items in pages of 2: {} pages",
        pages.len()
    );
    let cursor = pages[0]
        .last_evaluated_key
        .as_ref()
        .expect("first page has a cursor");
    assert_eq!(
        key_names(cursor),
        BTreeSet::from(["GSI1PK", "GSI1SK", "PK", "SK"])
    );
    h.drop_table(&table).await;
}

pub async fn lsi_query_pages_with_a_cursor_of_table_and_index_keys(h: &Harness) {
    let table = h.create("page-l", indexed_table()).await;
    let seeded = indexed_items(5);
    h.seed(&table, &seeded).await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk AND #f = :other",
        params(
            [("#pk", "PK"), ("#f", "flag")],
            [(":pk", s("USER#1")), (":other", s("other"))],
        ),
    );
    request.index = Some("ByFlag".to_owned());
    request.limit = Some(2);
    let (items, pages) = query_all(h.backend(), request).await;
    assert_eq!(items.len(), 4, "every item but the last has flag = other");
    let cursor = pages[0]
        .last_evaluated_key
        .as_ref()
        .expect("first page has a cursor");
    assert_eq!(key_names(cursor), BTreeSet::from(["PK", "SK", "flag"]));
    h.drop_table(&table).await;
}

pub async fn filters_can_empty_pages_and_counts_tell_evaluated_from_matched(h: &Harness) {
    let table = h.create("page-f", indexed_table()).await;
    h.seed(&table, &indexed_items(9)).await;
    let mut request = QueryRequest::new(
        &table,
        "#pk = :pk",
        params(
            [("#pk", "PK"), ("#f", "flag")],
            [(":pk", s("USER#1")), (":last", s("last"))],
        ),
    );
    request.filter = Some("#f = :last".to_owned());
    request.limit = Some(2);
    let (items, pages) = query_all(h.backend(), request).await;
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["SK"], s("ORDER#008"));
    let first = &pages[0];
    assert!(first.items.is_empty(), "the filter empties the first page");
    assert_eq!((first.count, first.scanned_count), (0, 2));
    assert!(
        first.last_evaluated_key.is_some(),
        "an empty page still carries a cursor"
    );
    assert_eq!(pages.iter().map(|page| page.scanned_count).sum::<u64>(), 9);
    assert_eq!(pages.iter().map(|page| page.count).sum::<u64>(), 1);
    h.drop_table(&table).await;
}
