//! Every item of a table as the engine holds it, for a reader of the whole table (insights): no
//! pages, cursor or capacity, and each item decoded only as far as the reader asks, its size read
//! from the stored bytes.

use crate::backend::{BackendError, HeldItem, HeldItems};
use crate::domain::compact::AttributeNames;
use crate::domain::value::Item;

use super::codec::{KeyParts, StoredItem};
use super::engine::MemoryBackend;
use super::locks::read_lock;
use super::read::corrupt;

struct Held<'a> {
    key: KeyParts<'a>,
    stored: &'a StoredItem,
    names: &'a AttributeNames,
}

impl HeldItem for Held<'_> {
    fn size(&self) -> u64 {
        self.stored.size() as u64
    }

    fn decode_only(&self, keep: &dyn Fn(&str) -> bool) -> Result<Item, BackendError> {
        self.stored
            .decode_only(self.key, self.names, keep)
            .map_err(|_| corrupt())
    }
}

impl MemoryBackend {
    /// Hands every item of `table` to `each` in table order, under the table's read lock;
    /// returns how many.
    pub(super) fn each_held_now(
        &self,
        table: &str,
        each: HeldItems<'_>,
    ) -> Result<u64, BackendError> {
        let handle = self.table(table)?;
        let data = read_lock(&handle);
        let schema = &data.description.key;
        let mut count = 0;
        for (row, stored) in &data.rows {
            let Some(partition) = row.partition_value() else {
                continue;
            };
            let key = KeyParts {
                schema,
                partition,
                sort: row.sort_value(),
            };
            each(&Held {
                key,
                stored,
                names: &data.names,
            });
            count += 1;
        }
        Ok(count)
    }
}
