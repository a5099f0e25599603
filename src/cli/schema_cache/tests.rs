use std::time::Duration;

use super::form::SchemaForm;
use super::{lacks_key, store, ttl_from};
use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{AttrValue, Item, ValueType};

fn orders() -> TableDescription {
    let key = KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    );
    let mut table = TableDescription::new("orders", key);
    let index_key = KeySchema::from_parts(
        vec![
            KeyAttribute::new("tenant", ValueType::S),
            KeyAttribute::new("region", ValueType::S),
        ],
        vec![KeyAttribute::new("at", ValueType::N)],
    )
    .expect("a valid multi-attribute key");
    for attribute in index_key.attributes() {
        table
            .attribute_types
            .insert(attribute.name.clone(), attribute.value_type);
    }
    table.indexes.push(IndexSchema {
        name: "byTenant".to_owned(),
        kind: IndexKind::Global,
        key: index_key,
        projection: Projection::Include(vec!["total".to_owned()]),
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table.unsupported_indexes.push("odd".to_owned());
    table
}

/// A directory of this test's own under the system's temporary directory.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ddbx-schema-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_form_keeps_keys_types_and_indexes() {
    let table = orders();
    let back = SchemaForm::of(&table).to_table().expect("readable");
    assert_eq!(back, table);
}

#[test]
fn the_form_survives_the_file_and_expires() {
    let dir = scratch_dir("expires");
    let path = dir.join("ddbx").join("schema-cache.json");
    let ttl = Duration::from_secs(60);
    assert!(store::load(&path, "a", ttl).is_none(), "empty at first");
    store::save(&path, "a", Some(SchemaForm::of(&orders())), ttl);
    store::save(&path, "b", Some(SchemaForm::of(&orders())), ttl);
    let loaded = store::load(&path, "a", ttl).expect("saved");
    assert_eq!(loaded.to_table(), Some(orders()));
    assert!(
        store::load(&path, "a", Duration::ZERO).is_none(),
        "older than the TTL"
    );
    store::save(&path, "a", None, ttl);
    assert!(store::load(&path, "a", ttl).is_none(), "dropped");
    assert!(store::load(&path, "b", ttl).is_some(), "the other stays");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_garbled_file_is_an_empty_cache_and_is_replaced() {
    let dir = scratch_dir("garbled");
    std::fs::create_dir_all(&dir).expect("created");
    let path = dir.join("schema-cache.json");
    std::fs::write(&path, b"{not json").expect("written");
    let ttl = Duration::from_secs(60);
    assert!(store::load(&path, "a", ttl).is_none());
    store::save(&path, "a", Some(SchemaForm::of(&orders())), ttl);
    assert!(store::load(&path, "a", ttl).is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ttl_is_whole_seconds_with_a_default() {
    assert_eq!(ttl_from(None), Duration::from_secs(300));
    assert_eq!(ttl_from(Some("0")), Duration::ZERO);
    assert_eq!(ttl_from(Some(" 42 ")), Duration::from_secs(42));
    assert_eq!(ttl_from(Some("soon")), Duration::from_secs(300));
}

#[test]
fn an_item_without_a_key_attribute_shows_a_stale_schema() {
    let table = orders();
    let mut item = Item::new();
    item.insert("PK".to_owned(), AttrValue::S("USER#1".to_owned()));
    assert!(lacks_key(&table, std::slice::from_ref(&item)));
    item.insert("SK".to_owned(), AttrValue::S("ORDER#1".to_owned()));
    assert!(!lacks_key(&table, &[item]));
    assert!(!lacks_key(&table, &[]));
}
