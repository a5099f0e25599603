//! Tells each retry as the SDK's retry loop starts it. The loop keeps the attempt number in the
//! operation's configuration bag; the failure that caused the retry is seen as its attempt
//! ends, kept in the same bag and told with the attempt that follows.

use aws_sdk_dynamodb::config::interceptors::{
    BeforeTransmitInterceptorContextRef, FinalizerInterceptorContextRef,
};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_smithy_runtime_api::client::retries::RequestAttempts;
use aws_smithy_types::config_bag::{Storable, StoreReplace};
use tokio::sync::broadcast;

use crate::backend::RetryNotice;

/// What the last failed attempt of this operation met.
#[derive(Clone, Debug)]
struct LastFailure(String);

impl Storable for LastFailure {
    type Storer = StoreReplace<Self>;
}

#[derive(Debug)]
pub(super) struct RetryTeller {
    pub(super) notices: broadcast::Sender<RetryNotice>,
    pub(super) max_attempts: u32,
}

impl Intercept for RetryTeller {
    fn name(&self) -> &'static str {
        "retry teller"
    }

    fn read_after_attempt(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(failure) = failure_of(context) {
            cfg.interceptor_state().store_put(LastFailure(failure));
        }
        Ok(())
    }

    fn read_before_attempt(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let attempt = cfg
            .load::<RequestAttempts>()
            .map_or(1, RequestAttempts::attempts);
        if attempt < 2 {
            return Ok(());
        }
        let notice = RetryNotice {
            operation: cfg.load::<Metadata>().map_or_else(
                || "a request".to_owned(),
                |metadata| metadata.name().to_owned(),
            ),
            attempt,
            max_attempts: self.max_attempts,
            after: cfg
                .load::<LastFailure>()
                .map_or_else(|| "a failure".to_owned(), |failure| failure.0.clone()),
        };
        // Nobody listening is fine: a retry is told to whoever watches, never required.
        let _ = self.notices.send(notice);
        Ok(())
    }
}

/// The failure of an attempt, in the service's words when it answered: its error code (the
/// body's `__type`, without the namespace), else the HTTP status; without an answer, what
/// happened to the connection.
fn failure_of(context: &FinalizerInterceptorContextRef<'_>) -> Option<String> {
    let Some(Err(error)) = context.output_or_error() else {
        return None;
    };
    if let Some(response) = context.response()
        && !response.status().is_success()
    {
        let code = response
            .body()
            .bytes()
            .and_then(|body| serde_json::from_slice::<serde_json::Value>(body).ok())
            .and_then(|body| {
                let kind = body.get("__type")?.as_str()?;
                Some(kind.rsplit('#').next().unwrap_or(kind).to_owned())
            });
        return Some(code.unwrap_or_else(|| format!("HTTP {}", response.status().as_u16())));
    }
    Some(if error.is_timeout_error() {
        "no answer in time".to_owned()
    } else if error.is_connector_error() {
        "a failed connection".to_owned()
    } else {
        "an unreadable answer".to_owned()
    })
}
