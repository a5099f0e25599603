//! The journal of one served engine: its item writes kept in the store under its namespace.

use std::sync::Arc;

use super::Store;
use crate::backend::memory::journal::{ItemWrite, Journal};

/// The store and the namespace (`ACCESS_KEY/REGION`, empty when shared) one engine keeps its
/// tables under.
#[derive(Clone)]
pub struct Durable {
    pub store: Arc<Store>,
    pub namespace: String,
}

impl Journal for Durable {
    fn keep(&self, writes: &[ItemWrite<'_>]) -> Result<(), String> {
        self.store.keep(&self.namespace, writes)
    }
}

/// The namespace of an access key and region.
#[must_use]
pub fn namespace_of(key: &str, region: &str) -> String {
    format!("{key}/{region}")
}
