//! `ddbx serve --data DIR`: the served tables kept on disk. The engine stays the source of every
//! read; each item write is kept in the store before it happens (the engine's journal, see
//! `backend::memory::journal`), each table change right after it happens and before it is
//! answered, and on start the tables and items in the store are loaded back into the engine.
//! Stream records, idempotency tokens and request counts live in memory only.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use super::error::WireError;
use super::served::Served;
use super::store::journal::Durable;
use super::store::{Store, StoredTable, record};
use super::wire::Body;
use crate::backend::memory::ItemLoader;
use crate::backend::memory::journal::not_kept;
use crate::domain::describe_table::ServedExtras;
use crate::domain::schema::TableDescription;

/// The served engine holding `tables` (all of `durable`'s namespace) loaded from the store.
fn restore(durable: &Durable, tables: &[StoredTable], read_only: bool) -> Result<Served, String> {
    let served = Served::kept_in(durable.clone(), read_only);
    for table in tables {
        let record = record::decode(&table.record)
            .map_err(|error| format!("table {} in the store: {error}", table.name))?;
        let mut loader = ItemLoader::new(record.description);
        durable
            .store
            .items(&durable.namespace, &table.name, |item| loader.push(item))?;
        let report = served.engine.add_loaded(loader);
        if let Some(rejected) = report.rejected.first() {
            return Err(format!(
                "table {}: a stored item is refused: {}",
                table.name, rejected.message
            ));
        }
        served.set_extras(&table.name, record.extras);
        if !record.tags.is_empty() {
            served.with_tags(|tags| tags.insert(table.name.clone(), record.tags));
        }
    }
    Ok(served)
}

/// What `--data DIR` opened: the served tables and how many there are.
pub struct Opened {
    pub served: Served,
    pub tables: usize,
    pub items: u64,
    /// Tables kept by a server started the other way (`--shared` or not), not served now.
    pub other_mode: usize,
}

/// Opens the store in `dir` and loads its tables: with `shared`, the shared tables; without,
/// each access key's and region's.
pub fn open(dir: &Path, shared: bool, read_only: bool) -> Result<Opened, String> {
    let store = Arc::new(Store::open(dir)?);
    let mut by_namespace: BTreeMap<String, Vec<StoredTable>> = BTreeMap::new();
    for table in store.tables()? {
        by_namespace
            .entry(table.namespace.clone())
            .or_default()
            .push(table);
    }
    let top = Durable {
        store,
        namespace: String::new(),
    };
    let shared_tables = by_namespace.remove("").unwrap_or_default();
    let (served, other_mode) = if shared {
        let others = by_namespace.values().map(Vec::len).sum();
        (restore(&top, &shared_tables, read_only)?, others)
    } else {
        let served = Served::kept_in(top.clone(), read_only).namespaced();
        for (namespace, tables) in &by_namespace {
            let durable = Durable {
                namespace: namespace.clone(),
                ..top.clone()
            };
            let (key, region) = namespace.split_once('/').unwrap_or((namespace, ""));
            served.add_namespace(key, region, restore(&durable, tables, read_only)?);
        }
        (served, shared_tables.len())
    };
    let (tables, items) = served.table_counts();
    Ok(Opened {
        served,
        tables,
        items,
        other_mode,
    })
}

/// Runs a table change (CreateTable, UpdateTable, DeleteTable, TTL, tags) and, on a durable
/// server, keeps the table's record as it now is before the answer goes out; table changes are
/// run one at a time so their records are kept in the order they happened.
pub fn table_change(
    served: &Served,
    operation: &str,
    body: &Body<'_>,
    run: impl FnOnce() -> Result<Value, WireError>,
) -> Result<Value, WireError> {
    let Some(durable) = served.durable() else {
        return run();
    };
    let _one_at_a_time = durable.store.serialize_table_changes();
    let answer = run();
    let table = match operation {
        "TagResource" | "UntagResource" => super::tags::table_of(body).map(str::to_owned),
        _ => body.table_name(),
    };
    // A change refused before naming its table changed nothing.
    if let Ok(table) = table {
        keep_table(served, durable, &table)?;
    }
    answer
}

/// Keeps the table's record as the engine now has it, or forgets it once it is gone.
fn keep_table(served: &Served, durable: &Durable, table: &str) -> Result<(), WireError> {
    let kept = match served.engine.describe(table) {
        Ok(description) => {
            let tags = served.with_tags(|tags| tags.get(table).cloned().unwrap_or_default());
            let record = record::encode(&description, &served.extras(table), &tags);
            durable
                .store
                .put_table(&durable.namespace, table, &record, false)
        }
        Err(_) => durable.store.drop_table(&durable.namespace, table),
    };
    kept.map_err(|message| not_kept(&message).into())
}

/// CreateTable's change: on a durable server the new table's record is kept first, so no item
/// written to it can be kept before its table is.
pub fn create_table(
    served: &Served,
    description: TableDescription,
    extras: &ServedExtras,
) -> Result<(), WireError> {
    let name = description.name.clone();
    if let Some(durable) = served.durable()
        && served.engine.describe(&name).is_err()
    {
        let record = record::encode(&description, extras, &Default::default());
        durable
            .store
            .put_table(&durable.namespace, &name, &record, true)
            .map_err(|message| WireError::from(not_kept(&message)))?;
    }
    served.engine.create_new_table(description)?;
    Ok(())
}
