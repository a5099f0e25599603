//! The tables of `ddbx serve --data DIR` on disk, in one redb database (`DIR/ddbx.redb`): a
//! commit returns only once it is on disk, and a crash at any moment leaves the last commit
//! whole (redb's copy-on-write pages and checksummed commits), so an acknowledged write is never
//! lost and a transaction is never half kept.
//!
//! Layout: `tables` maps (namespace, table name) to the table's record (see [`record`]); each
//! table's items are a redb table of their own, key attributes → item, both as DynamoDB JSON
//! text, so the store is readable with any redb tool and never depends on the engine's private
//! encoding. The namespace is empty with `--shared`, else `ACCESS_KEY/REGION`.

pub mod journal;
pub mod record;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, TableError};

use crate::backend::memory::journal::ItemWrite;
use crate::domain::ddb_json::{item_from_str, item_to_json};
use crate::domain::value::Item;

/// The file inside `--data DIR`.
pub const FILE_NAME: &str = "ddbx.redb";

const TABLES: TableDefinition<(&str, &str), &str> = TableDefinition::new("tables");
const META: TableDefinition<&str, &str> = TableDefinition::new("meta");
/// The layout above; a store written in another is refused, not misread.
const FORMAT: &str = "1";

/// A table kept in the store: where it belongs, its name and its record.
pub struct StoredTable {
    pub namespace: String,
    pub name: String,
    pub record: String,
}

pub struct Store {
    db: Database,
    path: PathBuf,
    /// Held while a table is created, changed or deleted, so its record is written in the order
    /// the changes happened.
    table_changes: Mutex<()>,
}

fn failed(path: &Path, error: impl std::fmt::Display) -> String {
    format!("{}: {error}", path.display())
}

/// The name of the redb table holding one table's items (JSON, so no name can run into another).
fn items_table(namespace: &str, table: &str) -> String {
    serde_json::json!(["items", namespace, table]).to_string()
}

impl Store {
    /// Opens (or creates) the store in `dir`, which is created if missing.
    pub fn open(dir: &Path) -> Result<Self, String> {
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "--data {} is a file: name a folder to keep the tables in",
                dir.display()
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|error| format!("--data {}: cannot create it: {error}", dir.display()))?;
        let path = dir.join(FILE_NAME);
        let db = Database::create(&path).map_err(|error| match error {
            redb::DatabaseError::DatabaseAlreadyOpen => format!(
                "--data {}: another ddbx serve is using it; stop it or name another folder",
                dir.display()
            ),
            other => format!("--data {}: cannot open the store: {other}", dir.display()),
        })?;
        let store = Self {
            db,
            path,
            table_changes: Mutex::new(()),
        };
        store.check_format()?;
        Ok(store)
    }

    /// Writes the format of a new store, refuses one written in another.
    fn check_format(&self) -> Result<(), String> {
        let txn = self.db.begin_write().map_err(|e| failed(&self.path, e))?;
        {
            let mut meta = txn.open_table(META).map_err(|e| failed(&self.path, e))?;
            let found = meta
                .get("format")
                .map_err(|e| failed(&self.path, e))?
                .map(|value| value.value().to_owned());
            match found.as_deref() {
                None => {
                    meta.insert("format", FORMAT)
                        .map_err(|e| failed(&self.path, e))?;
                }
                Some(FORMAT) => {}
                Some(other) => {
                    return Err(format!(
                        "{}: written in store format {other}, which this ddbx does not read (it reads {FORMAT})",
                        self.path.display()
                    ));
                }
            }
            txn.open_table(TABLES).map_err(|e| failed(&self.path, e))?;
        }
        txn.commit().map_err(|e| failed(&self.path, e))
    }

    /// Held while a table change and its record are written.
    pub fn serialize_table_changes(&self) -> MutexGuard<'_, ()> {
        self.table_changes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Every table kept, in namespace and name order.
    pub fn tables(&self) -> Result<Vec<StoredTable>, String> {
        let txn = self.db.begin_read().map_err(|e| failed(&self.path, e))?;
        let tables = txn.open_table(TABLES).map_err(|e| failed(&self.path, e))?;
        let mut out = Vec::new();
        for entry in tables.iter().map_err(|e| failed(&self.path, e))? {
            let (key, record) = entry.map_err(|e| failed(&self.path, e))?;
            let (namespace, name) = key.value();
            out.push(StoredTable {
                namespace: namespace.to_owned(),
                name: name.to_owned(),
                record: record.value().to_owned(),
            });
        }
        Ok(out)
    }

    /// Gives each item of a table to `each`, in key order.
    pub fn items(
        &self,
        namespace: &str,
        table: &str,
        mut each: impl FnMut(Item),
    ) -> Result<(), String> {
        let txn = self.db.begin_read().map_err(|e| failed(&self.path, e))?;
        let name = items_table(namespace, table);
        let items = match txn.open_table(TableDefinition::<&str, &str>::new(&name)) {
            Ok(items) => items,
            Err(TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(error) => return Err(failed(&self.path, error)),
        };
        for entry in items.iter().map_err(|e| failed(&self.path, e))? {
            let (key, item) = entry.map_err(|e| failed(&self.path, e))?;
            let item = item_from_str(item.value()).map_err(|error| {
                failed(
                    &self.path,
                    format!("table {table}, item {}: {error}", key.value()),
                )
            })?;
            each(item);
        }
        Ok(())
    }

    /// Keeps a table's record; a `fresh` table (just created) starts without items, so none
    /// left by an earlier table of the same name can come back.
    pub fn put_table(
        &self,
        namespace: &str,
        name: &str,
        record: &str,
        fresh: bool,
    ) -> Result<(), String> {
        let txn = self.db.begin_write().map_err(|e| failed(&self.path, e))?;
        {
            if fresh {
                let items = items_table(namespace, name);
                txn.delete_table(TableDefinition::<&str, &str>::new(&items))
                    .map_err(|e| failed(&self.path, e))?;
            }
            let mut tables = txn.open_table(TABLES).map_err(|e| failed(&self.path, e))?;
            tables
                .insert((namespace, name), record)
                .map_err(|e| failed(&self.path, e))?;
        }
        txn.commit().map_err(|e| failed(&self.path, e))
    }

    /// Forgets a table and its items.
    pub fn drop_table(&self, namespace: &str, name: &str) -> Result<(), String> {
        let txn = self.db.begin_write().map_err(|e| failed(&self.path, e))?;
        {
            let items = items_table(namespace, name);
            txn.delete_table(TableDefinition::<&str, &str>::new(&items))
                .map_err(|e| failed(&self.path, e))?;
            let mut tables = txn.open_table(TABLES).map_err(|e| failed(&self.path, e))?;
            tables
                .remove((namespace, name))
                .map_err(|e| failed(&self.path, e))?;
        }
        txn.commit().map_err(|e| failed(&self.path, e))
    }

    /// Keeps item writes in one commit: all of them are on disk when this returns, or none.
    pub fn keep(&self, namespace: &str, writes: &[ItemWrite<'_>]) -> Result<(), String> {
        let mut by_table: Vec<&str> = writes.iter().map(|write| write.table).collect();
        by_table.sort_unstable();
        by_table.dedup();
        let txn = self.db.begin_write().map_err(|e| failed(&self.path, e))?;
        for table in by_table {
            let name = items_table(namespace, table);
            let mut items = txn
                .open_table(TableDefinition::<&str, &str>::new(&name))
                .map_err(|e| failed(&self.path, e))?;
            for write in writes.iter().filter(|write| write.table == table) {
                let key = item_to_json(&write.key).to_string();
                match write.item {
                    Some(item) => {
                        let item = item_to_json(item).to_string();
                        items.insert(key.as_str(), item.as_str())
                    }
                    None => items.remove(key.as_str()),
                }
                .map_err(|e| failed(&self.path, e))?;
            }
        }
        txn.commit().map_err(|e| failed(&self.path, e))
    }
}
