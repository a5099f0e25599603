//! `ddbx serve`: the embedded engine answering DynamoDB's JSON protocol on 127.0.0.1, so an
//! application's own read code, a script or the AWS CLI can run against last night's export
//! (`--file`) or the demo table without touching a real account.
//!
//! Request signatures are accepted and never verified: the server binds only to a loopback
//! address, so only processes on this machine reach it.

mod batch;
mod describe;
mod dispatch;
mod error;
mod http;
mod items;
mod legacy;
mod reads;
mod run;
mod stats;
mod tables;
mod tags;
mod transact;
mod update_table;
mod wire;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

pub use error::WireError;
pub use http::{ServeOptions, check_host, serve};
pub use run::run;
pub use stats::Stats;

use crate::backend::memory::MemoryBackend;
use describe::TableExtras;

/// Seconds since the epoch, for `CreationDateTime`.
fn now_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |elapsed| elapsed.as_secs() as f64)
}

/// The engine being served and what the wire form needs besides it.
pub struct Served {
    pub engine: Arc<MemoryBackend>,
    pub read_only: bool,
    started: f64,
    extras: Mutex<BTreeMap<String, TableExtras>>,
    tags: Mutex<tags::Tags>,
    pub stats: Stats,
}

impl Served {
    #[must_use]
    pub fn new(engine: Arc<MemoryBackend>, read_only: bool) -> Self {
        Self {
            engine,
            read_only,
            started: now_seconds(),
            extras: Mutex::new(BTreeMap::new()),
            tags: Mutex::new(tags::Tags::new()),
            stats: Stats::default(),
        }
    }

    fn extras(&self, table: &str) -> TableExtras {
        let extras = self.extras.lock().unwrap_or_else(PoisonError::into_inner);
        extras.get(table).copied().unwrap_or(TableExtras {
            created: self.started,
            ..TableExtras::default()
        })
    }

    fn set_extras(&self, table: &str, extras: TableExtras) {
        self.extras
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(table.to_owned(), extras);
    }

    fn with_tags<T>(&self, change: impl FnOnce(&mut tags::Tags) -> T) -> T {
        change(&mut self.tags.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Forgets what was kept beside the engine about a dropped table.
    fn forget(&self, table: &str) {
        self.with_tags(|tags| tags.remove(table));
        self.extras
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(table);
    }

    /// Answers one request: the operation named by `X-Amz-Target` with its JSON body.
    pub async fn answer(
        &self,
        operation: &str,
        body: &[u8],
    ) -> Result<serde_json::Value, WireError> {
        dispatch::answer(self, operation, body).await
    }
}
