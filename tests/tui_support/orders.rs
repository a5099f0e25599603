//! A small orders table for the query builder's tests: PK/SK strings, GSI1 (ALL), LSI1 on a
//! numeric sort key, and a sparse KEYS_ONLY `Review` index that only flagged orders are in.

use std::sync::Arc;

use ddbx::backend::memory::MemoryBackend;
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::{AttrValue, Item, ValueType};

pub const TABLE: &str = "Orders";
/// Orders of `USER#big` whose status is PENDING (all others are SHIPPED).
pub const BIG_PENDING: [u32; 5] = [17, 61, 102, 150, 199];

fn key(partition: (&str, ValueType), sort: Option<(&str, ValueType)>) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(partition.0, partition.1),
        sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
    )
}

fn index(name: &str, kind: IndexKind, key: KeySchema, projection: Projection) -> IndexSchema {
    IndexSchema {
        name: name.to_owned(),
        kind,
        key,
        projection,
        item_count: None,
        size_bytes: None,
        status: None,
    }
}

pub fn description() -> TableDescription {
    let mut table =
        TableDescription::new(TABLE, key(("PK", ValueType::S), Some(("SK", ValueType::S))));
    table.indexes = vec![
        index(
            "GSI1",
            IndexKind::Global,
            key(("GSI1PK", ValueType::S), Some(("GSI1SK", ValueType::S))),
            Projection::All,
        ),
        index(
            "LSI1",
            IndexKind::Local,
            key(("PK", ValueType::S), Some(("amount", ValueType::N))),
            Projection::All,
        ),
        index(
            "Review",
            IndexKind::Global,
            key(("reviewPK", ValueType::S), None),
            Projection::KeysOnly,
        ),
    ];
    for (name, value_type) in [
        ("GSI1PK", ValueType::S),
        ("GSI1SK", ValueType::S),
        ("amount", ValueType::N),
        ("reviewPK", ValueType::S),
    ] {
        table.attribute_types.insert(name.to_owned(), value_type);
    }
    table
}

fn order(pk: &str, sk: &str, status: &str, amount: i64) -> Item {
    let mut item = Item::new();
    item.insert("PK".to_owned(), AttrValue::s(pk));
    item.insert("SK".to_owned(), AttrValue::s(sk));
    item.insert("status".to_owned(), AttrValue::s(status));
    item.insert("amount".to_owned(), AttrValue::n(amount));
    item
}

/// `USER#u1`: a METADATA item and five orders (o2 and o4 flagged for review); `USER#big`:
/// 200 orders of which [`BIG_PENDING`] are PENDING.
pub fn items() -> Vec<Item> {
    let mut items = Vec::new();
    let mut user = Item::new();
    user.insert("PK".to_owned(), AttrValue::s("USER#u1"));
    user.insert("SK".to_owned(), AttrValue::s("METADATA"));
    user.insert("name".to_owned(), AttrValue::s("Ada"));
    items.push(user);
    for n in 1..=5_i64 {
        let status = if n % 2 == 1 { "PENDING" } else { "SHIPPED" };
        let mut item = order(
            "USER#u1",
            &format!("ORDER#2026-07-0{n}#o{n}"),
            status,
            n * 10,
        );
        item.insert(
            "GSI1PK".to_owned(),
            AttrValue::s(format!("STATUS#{status}")),
        );
        item.insert(
            "GSI1SK".to_owned(),
            AttrValue::s(format!("DATE#2026-07-0{n}")),
        );
        if n % 2 == 0 {
            item.insert("reviewPK".to_owned(), AttrValue::s("REVIEW"));
        }
        items.push(item);
    }
    for n in 0..200_u32 {
        let status = if BIG_PENDING.contains(&n) {
            "PENDING"
        } else {
            "SHIPPED"
        };
        items.push(order(
            "USER#big",
            &format!("ORDER#{n:04}"),
            status,
            i64::from(n),
        ));
    }
    items
}

pub fn backend() -> Arc<MemoryBackend> {
    Arc::new(MemoryBackend::new(description(), items()).expect("the orders table loads"))
}
