//! [`MemoryBackend`]: the tables of the embedded engine behind one `RwLock` each, so reads of a
//! table run concurrently and every write (single item or transaction) is atomic.

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};

use crate::backend::{BackendError, Connection};
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

use super::idempotency::Tokens;
use super::journal::Journal;
use super::limits::{WriteKind, check_item, check_item_sized};
use super::locks::{read_lock, write_lock};
use super::table::{IndexViolation, TableData, TableLoader};

/// An item refused on load, by position in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectedItem {
    pub position: usize,
    pub message: String,
}

/// What loading a table skipped: items refused outright (no valid primary key, empty set, too
/// large) and items kept in the table but left out of an index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    pub rejected: Vec<RejectedItem>,
    pub index_violations: Vec<IndexViolation>,
}

/// Loads items one at a time, checking each like a PutItem and recording refusals.
pub struct ItemLoader {
    loader: TableLoader,
    report: LoadReport,
    position: usize,
}

impl ItemLoader {
    #[must_use]
    pub fn new(description: TableDescription) -> Self {
        Self {
            loader: TableLoader::new(description),
            report: LoadReport::default(),
            position: 0,
        }
    }

    /// The description of the table being loaded.
    #[must_use]
    pub fn description(&self) -> &TableDescription {
        self.loader.description()
    }

    /// Checks and adds one item; an invalid one is recorded in the report and skipped.
    pub fn push(&mut self, item: Item) {
        match check_item_sized(self.loader.description(), &item, WriteKind::Put) {
            Ok((key, size)) => self.loader.push_sized(key, size, &item),
            Err(error) => self.report.rejected.push(RejectedItem {
                position: self.position,
                message: match error {
                    BackendError::Validation(message) => message,
                    other => other.to_string(),
                },
            }),
        }
        self.position += 1;
    }
}

/// The embedded DynamoDB engine.
pub struct MemoryBackend {
    /// Tables by name. The outer lock is only held to find, add or drop a table; each table
    /// has its own lock for its data.
    pub(super) tables: RwLock<BTreeMap<String, Arc<RwLock<TableData>>>>,
    pub(super) connection: Connection,
    /// TransactWriteItems client tokens seen in the last ten minutes.
    pub(super) tokens: Tokens,
    /// Where item writes are kept on disk before they happen (`ddbx serve --data`).
    pub(super) journal: Option<Arc<dyn Journal>>,
}

impl Default for MemoryBackend {
    fn default() -> Self {
        Self::empty()
    }
}

impl MemoryBackend {
    /// An engine without tables; add them with [`Self::create_table`].
    #[must_use]
    pub fn empty() -> Self {
        Self {
            tables: RwLock::new(BTreeMap::new()),
            tokens: Tokens::default(),
            journal: None,
            connection: Connection {
                kind: "memory".into(),
                ..Connection::default()
            },
        }
    }

    /// An engine holding one table with `items`, every one of which must be valid (the demo and
    /// tests). The first invalid item is the error.
    pub fn new(
        description: TableDescription,
        items: impl IntoIterator<Item = Item>,
    ) -> Result<Self, BackendError> {
        let engine = Self::empty();
        let report = engine.create_table(description, items);
        if let Some(rejected) = report.rejected.into_iter().next() {
            return Err(BackendError::Validation(format!(
                "item {}: {}",
                rejected.position + 1,
                rejected.message
            )));
        }
        if let Some(violation) = report.index_violations.into_iter().next() {
            return Err(BackendError::Validation(violation.message));
        }
        Ok(engine)
    }

    /// An engine holding one table, loaded leniently as an offline export is: invalid items are
    /// skipped and index-key violations stay out of their index; both are reported.
    #[must_use]
    pub fn load(
        description: TableDescription,
        items: impl IntoIterator<Item = Item>,
    ) -> (Self, LoadReport) {
        let engine = Self::empty();
        let report = engine.create_table(description, items);
        (engine, report)
    }

    /// Adds (or replaces) a table and loads `items` into it leniently. Items are encoded as they
    /// arrive, so a streaming iterator never has the whole table decoded in memory.
    pub fn create_table(
        &self,
        description: TableDescription,
        items: impl IntoIterator<Item = Item>,
    ) -> LoadReport {
        let mut loader = ItemLoader::new(description);
        for item in items {
            loader.push(item);
        }
        self.add_loaded(loader)
    }

    /// Adds the table an [`ItemLoader`] built; returns what it skipped.
    pub fn add_loaded(&self, loader: ItemLoader) -> LoadReport {
        let ItemLoader {
            loader, mut report, ..
        } = loader;
        let name = loader.description().name.clone();
        let (table, violations) = loader.finish();
        report.index_violations = violations;
        write_lock(&self.tables).insert(name, Arc::new(RwLock::new(table)));
        report
    }

    /// Adds a secondary index to a loaded table and backfills it; returns the items left out
    /// because their index key is invalid.
    pub fn add_index(
        &self,
        table: &str,
        schema: crate::domain::schema::IndexSchema,
    ) -> Result<Vec<IndexViolation>, BackendError> {
        let handle = self.table(table)?;
        let mut data = write_lock(&handle);
        if data.index(&schema.name).is_some() {
            return Err(BackendError::Validation(format!(
                "Attempting to create an index which already exists: {}",
                schema.name
            )));
        }
        for key in schema.key.attributes() {
            data.description
                .attribute_types
                .insert(key.name.clone(), key.value_type);
        }
        Ok(data.add_index(schema))
    }

    /// CreateTable: adds an empty table, refusing a name already in use as the service does.
    pub fn create_new_table(&self, description: TableDescription) -> Result<(), BackendError> {
        let name = description.name.clone();
        let (table, _) = TableLoader::new(description).finish();
        let mut tables = write_lock(&self.tables);
        if tables.contains_key(&name) {
            return Err(BackendError::Service {
                code: "ResourceInUseException".to_owned(),
                message: format!("Table already exists: {name}"),
            });
        }
        tables.insert(name, Arc::new(RwLock::new(table)));
        Ok(())
    }

    /// Drops a secondary index of a table (UpdateTable deleting a GSI).
    pub fn remove_index(&self, table: &str, index: &str) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        if write_lock(&handle).remove_index(index) {
            return Ok(());
        }
        Err(BackendError::NotFound(format!(
            "Requested resource not found: Index: {index} not found"
        )))
    }

    /// Records the table's billing mode (UpdateTable); the engine never throttles either way.
    pub fn set_billing_mode(
        &self,
        table: &str,
        mode: crate::domain::schema::BillingMode,
    ) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        write_lock(&handle).description.billing_mode = Some(mode);
        Ok(())
    }

    /// Removes a table; true when it existed. A write that found the table before it went
    /// and waits for its lock then finds it dropped, so nothing is written to a deleted table.
    pub fn drop_table(&self, name: &str) -> bool {
        let Some(handle) = write_lock(&self.tables).remove(name) else {
            return false;
        };
        write_lock(&handle).dropped = true;
        true
    }

    /// Records a TTL attribute in the table's description (the engine never expires items by
    /// itself; DynamoDB deletes expired items lazily, within days, so reads still see them).
    pub fn set_ttl(&self, table: &str, attribute: &str) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        write_lock(&handle).description.ttl = Some(crate::domain::schema::TtlDescription {
            attribute: attribute.to_owned(),
            status: "ENABLED".to_owned(),
        });
        Ok(())
    }

    /// Forgets the TTL attribute of a table (UpdateTimeToLive disabling it).
    pub fn clear_ttl(&self, table: &str) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        write_lock(&handle).description.ttl = None;
        Ok(())
    }

    /// Writes items without conditions, as BatchWriteItem does (for test setup and imports);
    /// each item is checked like a PutItem and the first invalid one stops the seeding.
    pub fn seed(
        &self,
        table: &str,
        items: impl IntoIterator<Item = Item>,
    ) -> Result<(), BackendError> {
        let handle = self.table(table)?;
        let mut data = write_lock(&handle);
        for item in items {
            let key = check_item(&data.description, &item, WriteKind::Put)?;
            data.check_index_keys(&item)
                .map_err(BackendError::Validation)?;
            data.put(&key, &item);
        }
        Ok(())
    }

    /// Sets how the header shows this engine (`memory` for the demo, `file` for an export).
    #[must_use]
    pub fn with_connection_kind(mut self, kind: &str, endpoint: Option<String>) -> Self {
        self.connection.kind = kind.to_owned();
        self.connection.endpoint = endpoint;
        self
    }

    /// The same engine, handing every item write to `journal` before making it.
    #[must_use]
    pub fn with_journal(mut self, journal: Arc<dyn Journal>) -> Self {
        self.journal = Some(journal);
        self
    }

    pub(super) fn missing(name: &str) -> BackendError {
        BackendError::NotFound(format!(
            "Requested resource not found: Table: {name} not found"
        ))
    }

    /// The table named `name`, or the service's not-found error.
    pub(super) fn table(&self, name: &str) -> Result<Arc<RwLock<TableData>>, BackendError> {
        read_lock(&self.tables)
            .get(name)
            .cloned()
            .ok_or_else(|| Self::missing(name))
    }

    /// Table names in the service's order.
    #[must_use]
    pub fn table_names(&self) -> Vec<String> {
        read_lock(&self.tables).keys().cloned().collect()
    }

    /// The description with live counts.
    pub fn describe(&self, name: &str) -> Result<TableDescription, BackendError> {
        Ok(read_lock(&*self.table(name)?).describe())
    }
}
