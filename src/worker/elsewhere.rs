//! The backend of another place than the session's connection, opened once and kept while
//! reads go to it: the diff screen's other side sends every page there. Only the last place is
//! kept, so an export loaded for one comparison is let go when another place is chosen.

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::backend::{Backend, BackendError};
use crate::connect::{Place, open_place};

/// The place opened last and its backend. The lock is held while a place opens, so the reads
/// sent at once (a scan segment each) wait for one load of an export rather than making four.
static OPENED: Mutex<Option<(Place, Arc<dyn Backend>)>> = Mutex::const_new(None);

/// `place`'s backend, opened unless it was the last one asked for.
pub async fn backend(place: &Place) -> Result<Arc<dyn Backend>, BackendError> {
    let mut opened = OPENED.lock().await;
    if let Some((kept, backend)) = opened.as_ref()
        && kept == place
    {
        return Ok(Arc::clone(backend));
    }
    // Let the last place go before loading another: two exports need not fit at once.
    *opened = None;
    let backend = open_place(place).await?;
    *opened = Some((place.clone(), Arc::clone(&backend)));
    Ok(backend)
}
