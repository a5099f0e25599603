//! Where the engine hands its item writes to be kept on disk (`ddbx serve --data`): every write
//! is given to the [`Journal`] after it is decided and before it changes the tables, while the
//! tables it touches are locked, so what the journal kept is exactly what the engine holds, and
//! a transaction's writes arrive together, to be kept all or none.

use crate::backend::BackendError;
use crate::domain::schema::KeySchema;
use crate::domain::value::Item;

use super::rows::PrimaryKey;

/// One item written: its table, its table key attributes, and the item now under that key
/// (`None` when it was deleted).
#[derive(Debug)]
pub struct ItemWrite<'a> {
    pub table: &'a str,
    pub key: Item,
    pub item: Option<&'a Item>,
}

/// Keeps the engine's item writes; an error refuses the write, which then changes nothing.
pub trait Journal: Send + Sync {
    /// Keeps `writes` as one unit: all of them or, on error, none.
    fn keep(&self, writes: &[ItemWrite<'_>]) -> Result<(), String>;
}

/// The table key attributes of `key`, as an item.
#[must_use]
pub fn key_item(schema: &KeySchema, key: &PrimaryKey) -> Item {
    let mut item = Item::new();
    item.insert(schema.partition.name.clone(), key.partition.to_value());
    if let (Some(attribute), Some(sort)) = (&schema.sort, &key.sort) {
        item.insert(attribute.name.clone(), sort.to_value());
    }
    item
}

/// A write the journal could not keep, as the service's internal error (HTTP 500): the client
/// may retry it.
#[must_use]
pub fn not_kept(message: &str) -> BackendError {
    BackendError::Service {
        code: "InternalServerError".to_owned(),
        message: format!("the write was not stored and did not happen: {message}"),
    }
}
