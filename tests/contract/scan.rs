//! Scan: paging, parallel segments, filters and counts.

use std::collections::BTreeMap;

use ddbx::backend::ScanRequest;
use ddbx::domain::value::Item;

use crate::pages::scan_all;
use crate::setup::{Harness, item, n, params, s};
use crate::support::tables::TableSpec;

fn spread_items(count: usize) -> Vec<Item> {
    (0..count)
        .map(|i| {
            item([
                ("PK", s(&format!("USER#{i:03}"))),
                ("SK", s("PROFILE")),
                ("n", n(&i.to_string())),
            ])
        })
        .collect()
}

fn by_key(items: Vec<Item>) -> BTreeMap<String, Item> {
    let mut map = BTreeMap::new();
    for item in items {
        let pk = item["PK"].as_s().expect("string partition key").to_owned();
        let previous = map.insert(pk, item);
        assert!(
            previous.is_none(),
            "an item was returned twice: {previous:?}"
        );
    }
    map
}

pub async fn scan_pages_through_every_item(h: &Harness) {
    let table = h.create("scan", TableSpec::single_table("")).await;
    let seeded = spread_items(25);
    h.seed(&table, &seeded).await;
    let mut request = ScanRequest::new(&table);
    request.limit = Some(4);
    let (items, pages) = scan_all(h.backend(), request).await;
    assert_eq!(by_key(items), by_key(seeded));
    assert!(
        pages.len() >= 7,
        "25 items in pages of 4: {} pages",
        pages.len()
    );
    assert!(pages.iter().all(|page| page.items.len() <= 4));
    assert!(
        pages.iter().all(|page| page.consumed.is_some()),
        "Scan reports consumed capacity"
    );
    h.drop_table(&table).await;
}

pub async fn parallel_scan_segments_cover_every_item_exactly_once(h: &Harness) {
    let table = h.create("segments", TableSpec::single_table("")).await;
    let seeded = spread_items(40);
    h.seed(&table, &seeded).await;
    let total = 4;
    let mut all = Vec::new();
    for segment in 0..total {
        let mut request = ScanRequest::new(&table);
        request.segment = Some((segment, total));
        request.limit = Some(7);
        let (items, _) = scan_all(h.backend(), request).await;
        all.extend(items);
    }
    // by_key fails on any item returned by two segments.
    assert_eq!(by_key(all), by_key(seeded));
    h.drop_table(&table).await;
}

pub async fn filtered_scan_counts_scanned_and_matched_items(h: &Harness) {
    let table = h.create("scan-f", TableSpec::single_table("")).await;
    h.seed(&table, &spread_items(20)).await;
    let mut request = ScanRequest::new(&table);
    request.filter = Some("#n BETWEEN :low AND :high".to_owned());
    request.params = params([("#n", "n")], [(":low", n("5")), (":high", n("9"))]);
    request.projection = Some("PK".to_owned());
    let (items, pages) = scan_all(h.backend(), request).await;
    assert_eq!(items.len(), 5);
    assert!(
        items
            .iter()
            .all(|item| item.len() == 1 && item.contains_key("PK")),
        "{items:?}"
    );
    assert_eq!(pages.iter().map(|page| page.count).sum::<u64>(), 5);
    assert_eq!(pages.iter().map(|page| page.scanned_count).sum::<u64>(), 20);
    h.drop_table(&table).await;
}
