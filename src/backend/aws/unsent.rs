//! Telling a request that never left from one whose answer was lost. A write whose connection
//! could not be opened (refused, no such host, TLS handshake failed, connect timed out) was not
//! applied, and the journal may say so; a write that reached a connection and got no answer may
//! have been applied. The SDK retries both kinds alike, and its final error only describes the
//! last attempt, so each attempt is looked at as it ends: once any attempt got past connecting,
//! the request counts as possibly sent, whatever the later attempts say.

use std::error::Error;

use aws_sdk_dynamodb::config::interceptors::{
    FinalizerInterceptorContextMut, FinalizerInterceptorContextRef,
};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::dns::ResolveDnsError;
use aws_smithy_runtime_api::client::orchestrator::OrchestratorError;
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_types::config_bag::{Storable, StoreReplace};

use super::cause_chain::cause_chain;

/// Marks, in the operation's configuration bag, that an attempt got past opening a connection.
#[derive(Clone, Debug)]
struct ReachedConnection;

impl Storable for ReachedConnection {
    type Storer = StoreReplace<Self>;
}

/// The error that replaces the last connect failure of a request none of whose attempts ever
/// had a connection: what [`never_sent`] finds in a dispatch failure's causes.
#[derive(Debug)]
struct NeverSent(String);

impl std::fmt::Display for NeverSent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for NeverSent {}

/// Watches every attempt of every operation; see the module's documentation.
#[derive(Debug, Default)]
pub(super) struct UnsentRequests;

impl Intercept for UnsentRequests {
    fn name(&self) -> &'static str {
        "unsent requests"
    }

    fn read_after_attempt(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let connect_failed = matches!(
            context.output_or_error(),
            Some(Err(error)) if error.as_connector_error().is_some_and(is_connect_failure)
        );
        if !connect_failed {
            cfg.interceptor_state().store_put(ReachedConnection);
        }
        Ok(())
    }

    fn modify_before_completion(
        &self,
        context: &mut FinalizerInterceptorContextMut<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if cfg.load::<ReachedConnection>().is_some() {
            return Ok(());
        }
        if let Some(Err(error)) = context.output_or_error_mut()
            && let Some(connector) = error.as_connector_error()
            && is_connect_failure(connector)
        {
            let message = cause_chain(connector);
            *error = OrchestratorError::connector(ConnectorError::io(Box::new(NeverSent(message))));
        }
        Ok(())
    }
}

/// Whether `error` failed before a connection was open: hyper's "error trying to connect"
/// (which covers refusal, connect timeouts and TLS handshakes) or a failed DNS lookup.
fn is_connect_failure(error: &ConnectorError) -> bool {
    let mut current: Option<&(dyn Error + 'static)> = Some(error);
    while let Some(cause) = current {
        let connect = cause
            .downcast_ref::<hyper_util::client::legacy::Error>()
            .is_some_and(hyper_util::client::legacy::Error::is_connect);
        if connect || cause.downcast_ref::<ResolveDnsError>().is_some() || cause.is::<NeverSent>() {
            return true;
        }
        current = cause.source();
    }
    false
}

/// Whether `error` (a whole SDK error, any of its causes) says the request was never sent.
pub(super) fn never_sent(error: &(dyn Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(cause) = current {
        if cause.is::<NeverSent>() {
            return true;
        }
        current = cause.source();
    }
    false
}
