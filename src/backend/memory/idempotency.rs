//! TransactWriteItems' `ClientRequestToken`: within ten minutes, the same token with the same
//! request returns the first outcome without running again (a retry after a lost answer must not
//! apply twice); the same token with a different request is refused.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::backend::{BackendError, TransactOutput, TransactWriteRequest};

use super::locks::write_lock_mutex;

/// How long a token is remembered, as the service documents.
const WINDOW: Duration = Duration::from_secs(600);

/// Remembered tokens and the outcomes of their successful transactions.
#[derive(Default)]
pub struct Tokens {
    seen: Mutex<HashMap<String, (Instant, TransactWriteRequest, TransactOutput)>>,
}

impl Tokens {
    /// Runs `transact` once per token: a repeat of the same request within the window gets the
    /// first outcome back; the same token with a different request is refused. The token table
    /// stays locked while the transaction runs, so two concurrent retries cannot both apply.
    pub fn run_once(
        &self,
        request: &TransactWriteRequest,
        transact: impl FnOnce() -> Result<TransactOutput, BackendError>,
    ) -> Result<TransactOutput, BackendError> {
        let Some(token) = &request.client_token else {
            return transact();
        };
        let mut seen = write_lock_mutex(&self.seen);
        let now = Instant::now();
        seen.retain(|_, (at, _, _)| now.duration_since(*at) < WINDOW);
        match seen.get(token) {
            Some((_, first, output)) if first.actions == request.actions => Ok(output.clone()),
            Some(_) => Err(BackendError::Service {
                code: "IdempotentParameterMismatchException".into(),
                message: "The request uses the same client token as a previous, but non-identical request.".into(),
            }),
            None => {
                let output = transact()?;
                seen.insert(token.clone(), (now, request.clone(), output.clone()));
                Ok(output)
            }
        }
    }
}
