//! The engine being served, and what the wire form keeps beside it: creation times,
//! provisioned throughput and tags of the tables, and the request counts.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::backend::memory::MemoryBackend;

/// Tags of every table that has any, by table name.
pub type Tags = BTreeMap<String, TableTags>;
use super::faults::Faults;
use super::stats::Stats;
use super::store::journal::{Durable, namespace_of};
use super::store::record::TableTags;
use crate::domain::describe_table::ServedExtras;

/// Seconds since the epoch, for `CreationDateTime`.
pub(super) fn now_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |elapsed| elapsed.as_secs() as f64)
}

/// The engine being served and what the wire form needs besides it.
pub struct Served {
    pub engine: Arc<MemoryBackend>,
    pub read_only: bool,
    started: f64,
    extras: Mutex<BTreeMap<String, ServedExtras>>,
    tags: Mutex<Tags>,
    pub stats: Stats,
    /// Delay and throttling asked for with `--delay-ms` and `--throttle-rate`.
    pub faults: Faults,
    /// The tables of each access key and region, when they are kept apart (not `--shared`).
    namespaces: Option<Mutex<Namespaces>>,
    /// Where the tables are kept on disk (`--data`); `None` keeps them in memory only.
    durable: Option<Durable>,
}

/// Tables by the access key and region of the requests that made them.
type Namespaces = BTreeMap<(String, String), Arc<Served>>;

/// The access key and region an `Authorization` header's credential scope names
/// (`Credential=KEY/DATE/REGION/dynamodb/aws4_request`); empty for an unsigned request.
fn credential_scope(authorization: Option<&str>) -> (String, String) {
    let scope = authorization
        .and_then(|header| header.split("Credential=").nth(1))
        .and_then(|rest| rest.split([',', ' ']).next())
        .unwrap_or_default();
    let mut parts = scope.split('/');
    let key = parts.next().unwrap_or_default().to_owned();
    let region = parts.nth(1).unwrap_or_default().to_owned();
    (key, region)
}

impl Served {
    #[must_use]
    pub fn new(engine: Arc<MemoryBackend>, read_only: bool) -> Self {
        Self {
            engine,
            read_only,
            started: now_seconds(),
            extras: Mutex::new(BTreeMap::new()),
            tags: Mutex::new(Tags::new()),
            stats: Stats::default(),
            faults: Faults::default(),
            namespaces: None,
            durable: None,
        }
    }

    /// A served engine with no tables yet, keeping them in `durable`'s store.
    #[must_use]
    pub fn kept_in(durable: Durable, read_only: bool) -> Self {
        let engine = MemoryBackend::empty().with_journal(Arc::new(durable.clone()));
        Self::new(Arc::new(engine), read_only).with_durable(durable)
    }

    /// The same, keeping its tables in `durable`'s store.
    #[must_use]
    pub fn with_durable(mut self, durable: Durable) -> Self {
        self.durable = Some(durable);
        self
    }

    /// Where the tables are kept on disk, if they are.
    #[must_use]
    pub fn durable(&self) -> Option<&Durable> {
        self.durable.as_ref()
    }

    /// Adds the tables of an access key and region loaded from the store.
    pub fn add_namespace(&self, key: &str, region: &str, served: Self) {
        if let Some(namespaces) = &self.namespaces {
            namespaces
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert((key.to_owned(), region.to_owned()), Arc::new(served));
        }
    }

    /// How many tables and items are served, every namespace counted.
    #[must_use]
    pub fn table_counts(&self) -> (usize, u64) {
        let own = self
            .engine
            .table_names()
            .into_iter()
            .fold((0, 0), |(tables, items), name| {
                let count = self.engine.describe(&name).ok().and_then(|d| d.item_count);
                (tables + 1, items + count.unwrap_or(0))
            });
        let Some(namespaces) = &self.namespaces else {
            return own;
        };
        let namespaces = namespaces.lock().unwrap_or_else(PoisonError::into_inner);
        namespaces.values().fold(own, |(tables, items), served| {
            let (more_tables, more_items) = served.table_counts();
            (tables + more_tables, items + more_items)
        })
    }

    /// The tables of a new access key and region: empty, kept where these are kept.
    fn new_namespace(&self, (key, region): &(String, String)) -> Self {
        match &self.durable {
            Some(durable) => Self::kept_in(
                Durable {
                    namespace: namespace_of(key, region),
                    ..durable.clone()
                },
                self.read_only,
            ),
            None => Self::new(Arc::new(MemoryBackend::empty()), self.read_only),
        }
    }

    /// The same, keeping each access key's and region's tables apart, as DynamoDB Local does
    /// without `-sharedDb`: each pair starts with no tables.
    #[must_use]
    pub fn namespaced(mut self) -> Self {
        self.namespaces = Some(Mutex::new(Namespaces::new()));
        self
    }

    /// The tables a request signed with `authorization` sees: its access key's and region's
    /// when they are kept apart, else these.
    pub fn for_request(self: &Arc<Self>, authorization: Option<&str>) -> Arc<Self> {
        let Some(namespaces) = &self.namespaces else {
            return self.clone();
        };
        let scope = credential_scope(authorization);
        let mut namespaces = namespaces.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(served) = namespaces.get(&scope) {
            return served.clone();
        }
        let served = Arc::new(self.new_namespace(&scope));
        namespaces.insert(scope, served.clone());
        served
    }

    /// The same, answering with `faults`.
    #[must_use]
    pub fn with_faults(mut self, faults: Faults) -> Self {
        self.faults = faults;
        self
    }

    pub(super) fn extras(&self, table: &str) -> ServedExtras {
        let extras = self.extras.lock().unwrap_or_else(PoisonError::into_inner);
        extras.get(table).copied().unwrap_or(ServedExtras {
            created: self.started,
            ..ServedExtras::default()
        })
    }

    pub(super) fn set_extras(&self, table: &str, extras: ServedExtras) {
        self.extras
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(table.to_owned(), extras);
    }

    pub(super) fn with_tags<T>(&self, change: impl FnOnce(&mut Tags) -> T) -> T {
        change(&mut self.tags.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Forgets what was kept beside the engine about a dropped table.
    pub(super) fn forget(&self, table: &str) {
        self.with_tags(|tags| tags.remove(table));
        self.extras
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(table);
    }
}
