//! Retrying answers that came back broken. A DynamoDB operation that succeeds answers 2xx with a
//! JSON body; a 2xx whose body the SDK cannot parse was cut short or mangled on the way (a proxy,
//! a dropped connection under a matching `Content-Length`). The SDK files that as an operation
//! error without a code and never retries it; it is as transient as a reset connection.

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::config::interceptors::{FinalizerInterceptorContextMut, InterceptorContext};
use aws_sdk_dynamodb::config::retry::{ClassifyRetry, RetryAction};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::retries::RequestAttempts;

/// Marks "2xx answer, operation failed" as a transient error, so the standard retry strategy
/// retries it within its attempts and backoff.
#[derive(Debug, Default)]
pub(super) struct InvalidAnswerClassifier;

impl ClassifyRetry for InvalidAnswerClassifier {
    fn classify_retry(&self, ctx: &InterceptorContext) -> RetryAction {
        let answered_success = ctx
            .response()
            .is_some_and(|response| response.status().is_success());
        let failed =
            matches!(ctx.output_or_error(), Some(Err(error)) if error.is_operation_error());
        if answered_success && failed {
            RetryAction::transient_error()
        } else {
            RetryAction::NoActionIndicated
        }
    }

    fn name(&self) -> &'static str {
        "unreadable 2xx answer"
    }
}

/// The header the attempt count rides on, from the SDK's retry loop to [`attempts_of`].
const ATTEMPTS_HEADER: &str = "x-ddbx-attempts";

/// Copies the number of attempts the SDK made onto the final response. The retry loop keeps the
/// count in the operation's own configuration bag, which the error handed back to the caller
/// does not carry; the raw response does, so a throttled request can say how often it was
/// retried before the SDK gave up.
#[derive(Debug, Default)]
pub(super) struct AttemptCounter;

impl Intercept for AttemptCounter {
    fn name(&self) -> &'static str {
        "attempt counter"
    }

    fn modify_before_completion(
        &self,
        context: &mut FinalizerInterceptorContextMut<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let attempts = cfg.load::<RequestAttempts>().map(RequestAttempts::attempts);
        if let (Some(attempts), Some(response)) = (attempts, context.response_mut()) {
            response
                .headers_mut()
                .insert(ATTEMPTS_HEADER, attempts.to_string());
        }
        Ok(())
    }
}

/// The attempts [`AttemptCounter`] recorded on `response`, when it did.
pub(super) fn attempts_of(response: &HttpResponse) -> Option<u32> {
    response.headers().get(ATTEMPTS_HEADER)?.parse().ok()
}
