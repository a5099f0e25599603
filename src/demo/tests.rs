//! Demo generator behaviour.

use super::*;
use crate::backend::memory::limits::{WriteKind, check_item};
use crate::backend::memory::table::TableData;
use crate::domain::value::item_size;

#[test]
fn the_same_seed_and_size_give_the_same_items_and_another_seed_differs() {
    assert_eq!(generate(7, 800), generate(7, 800));
    assert_ne!(generate(7, 800).1, generate(8, 800).1);
}

#[test]
fn the_table_holds_exactly_the_requested_number_of_distinct_valid_items() {
    for size in [0, 1, 5, 100, DEFAULT_SIZE, 200_000] {
        let (description, items) = generate(DEFAULT_SEED, size);
        assert_eq!(items.len(), size);
        let keyed: Vec<_> = items
            .iter()
            .map(|item| {
                let key = check_item(&description, item, WriteKind::Put)
                    .unwrap_or_else(|e| panic!("demo item {item:?} is invalid: {e}"));
                (key, item.clone())
            })
            .collect();
        let (table, violations) = TableData::load(description, keyed);
        assert_eq!(
            table.item_count(),
            size,
            "duplicate keys in a demo of {size}"
        );
        assert!(violations.is_empty(), "{violations:?}");
    }
}

#[test]
fn every_access_pattern_of_the_model_has_data() {
    let (description, items) = generate(DEFAULT_SEED, DEFAULT_SIZE);
    let has = |predicate: &dyn Fn(&Item) -> bool| items.iter().any(predicate);
    let text = |item: &Item, name: &str| {
        item.get(name)
            .and_then(|v| v.as_s())
            .unwrap_or("")
            .to_owned()
    };
    assert!(has(
        &|i| text(i, "PK").starts_with("USER#") && text(i, "SK") == "METADATA"
    ));
    assert!(has(
        &|i| text(i, "PK").starts_with("USER#") && text(i, "SK").starts_with("ORDER#")
    ));
    assert!(has(
        &|i| text(i, "PK").starts_with("ORDER#") && text(i, "SK").starts_with("ITEM#")
    ));
    assert!(has(
        &|i| text(i, "GSI1PK").starts_with("GROUP#") && text(i, "GSI1SK").starts_with("USER#")
    ));
    assert!(has(
        &|i| text(i, "SK").starts_with("STATUS#") && text(i, "SK").contains("#DATE#")
    ));
    assert!(has(&|i| text(i, "GSI2PK") == "ORDERS_PENDING_REVIEW"));
    assert!(has(&|i| text(i, "PK").starts_with("ACCOUNT#")
        && i.contains_key("version")
        && i.contains_key("balance")));
    assert!(has(&|i| i.contains_key("expiresAt")));
    assert!(has(&|i| i.contains_key("type")) && has(&|i| !i.contains_key("type")));
    assert!(has(&|i| item_size(i) > 100_000));
    // The review index is sparse: only some orders are in it.
    let orders = items
        .iter()
        .filter(|i| text(i, "PK").starts_with("ORDER#") && text(i, "SK") == "METADATA")
        .count();
    let flagged = items.iter().filter(|i| i.contains_key("GSI2PK")).count();
    assert!(flagged > 0 && flagged < orders / 4, "{flagged} of {orders}");
    assert_eq!(description.name, TABLE_NAME);
}
