//! Retrying answers that came back broken. A DynamoDB operation that succeeds answers 2xx with a
//! JSON body; a 2xx whose body the SDK cannot parse was cut short or mangled on the way (a proxy,
//! a dropped connection under a matching `Content-Length`). The SDK files that as an operation
//! error without a code and never retries it; it is as transient as a reset connection.

use aws_sdk_dynamodb::config::interceptors::InterceptorContext;
use aws_sdk_dynamodb::config::retry::{ClassifyRetry, RetryAction};

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
