//! A `pk`/`sk` table's items and an empty discovery over it, for the sample's unit tests.

use crate::domain::collection::Collections;
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::{AttrValue, Item, ValueType};

pub(super) fn item(pk: &str, sk: &str) -> Item {
    let mut item = Item::new();
    item.insert("pk".into(), AttrValue::s(pk));
    item.insert("sk".into(), AttrValue::s(sk));
    item
}

pub(super) fn empty_collections() -> Collections {
    let key = KeySchema::new(
        KeyAttribute::new("pk", ValueType::S),
        Some(KeyAttribute::new("sk", ValueType::S)),
    );
    Collections::new(key, EntityDecoder::default())
}
