//! TransactGetItems: every get reads the same moment, with the tables involved read-locked
//! together (in name order, as transactions lock them, so the two cannot deadlock), so no
//! transaction's writes are seen half applied.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, RwLock, RwLockReadGuard};

use crate::backend::{BackendError, GetOutput, GetRequest};

use super::engine::MemoryBackend;
use super::locks::read_lock;
use super::reads::get_in;
use super::table::TableData;

impl MemoryBackend {
    /// Each get's answer, all read at once; a missing table fails the whole request.
    pub fn transact_get_now(
        &self,
        gets: &[GetRequest],
    ) -> Result<Vec<Result<GetOutput, BackendError>>, BackendError> {
        let names: BTreeSet<&str> = gets.iter().map(|get| get.table.as_str()).collect();
        let handles: Vec<(&str, Arc<RwLock<TableData>>)> = names
            .into_iter()
            .map(|name| Ok((name, self.table(name)?)))
            .collect::<Result<_, BackendError>>()?;
        let guards: BTreeMap<&str, RwLockReadGuard<'_, TableData>> = handles
            .iter()
            .map(|(name, handle)| (*name, read_lock(handle)))
            .collect();
        Ok(gets
            .iter()
            .map(|get| get_in(&guards[get.table.as_str()], get))
            .collect())
    }
}
