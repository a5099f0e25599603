//! SDK errors → [`BackendError`], classified once here. The service's own code and message are
//! always kept: the SDK's `Display` says only "service error", which tells a user nothing.

use std::error::Error;

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};

use super::cause_chain::cause_chain;
use super::retry::attempts_of;
use super::throttling::reasons_of;
use super::unsent::never_sent;
use crate::backend::{BackendError, Connection};

/// Names the server in network errors.
#[derive(Clone, Copy, Debug)]
pub(super) struct Target<'a> {
    connection: &'a Connection,
}

impl<'a> Target<'a> {
    pub(super) fn new(connection: &'a Connection) -> Self {
        Self { connection }
    }

    fn describe(self) -> String {
        match (&self.connection.endpoint, &self.connection.region) {
            (Some(endpoint), _) => endpoint.clone(),
            (None, Some(region)) => format!("the DynamoDB endpoint of region {region}"),
            (None, None) => "the DynamoDB endpoint".to_owned(),
        }
    }

    fn hint(self) -> &'static str {
        if self.connection.endpoint.is_some() {
            "check that the server is running and that --endpoint-url is right"
        } else {
            "check the network connection and the region (--region)"
        }
    }
}

/// What classification reads off a raw response, when there is one (tests classify errors
/// without one): its HTTP status, its body, and how many attempts the SDK made.
pub(super) trait HttpStatus {
    fn http_status(&self) -> Option<u16>;

    fn body_bytes(&self) -> Option<&[u8]> {
        None
    }

    fn attempts(&self) -> Option<u32> {
        None
    }
}

impl HttpStatus for HttpResponse {
    fn http_status(&self) -> Option<u16> {
        Some(self.status().as_u16())
    }

    fn body_bytes(&self) -> Option<&[u8]> {
        self.body().bytes()
    }

    fn attempts(&self) -> Option<u32> {
        attempts_of(self)
    }
}

impl HttpStatus for () {
    fn http_status(&self) -> Option<u16> {
        None
    }
}

/// Service codes meaning "slow down and retry".
const THROTTLING_CODES: &[&str] = &[
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "Throttling",
    "RequestLimitExceeded",
];

/// Service codes meaning the credentials are missing, wrong, expired or not allowed.
const AUTH_CODES: &[&str] = &[
    "UnrecognizedClientException",
    "InvalidSignatureException",
    "ExpiredTokenException",
    "ExpiredToken",
    "AccessDeniedException",
    "AccessDenied",
    "MissingAuthenticationToken",
    "MissingAuthenticationTokenException",
    "IncompleteSignatureException",
    "InvalidClientTokenId",
];

const AUTH_HINT: &str = "check the credentials: the profile (--profile or AWS_PROFILE), `aws sso login` for SSO \
     profiles, or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY";

/// Classifies any SDK error. Operation-specific details (the current item of a failed
/// condition, cancellation reasons) are added by the callers, which know the operation's type.
pub(super) fn classify<E, R>(error: &SdkError<E, R>, target: Target<'_>) -> BackendError
where
    E: ProvideErrorMetadata + Error + 'static,
    R: HttpStatus + std::fmt::Debug,
{
    match error {
        SdkError::ServiceError(context) => {
            let service = context.err();
            let message = service.message().unwrap_or_default().to_owned();
            let status = context.raw().http_status();
            match service.code() {
                Some(code) => {
                    with_throttling_details(classify_code(code, message), service, context.raw())
                }
                // A success status with an error means the body could not be parsed: it was
                // cut short or mangled on the way, and was retried as a transient error.
                None if status.is_some_and(|status| (200..300).contains(&status)) => {
                    invalid_answer(target, status.unwrap_or_default(), service)
                }
                // Not a DynamoDB error at all: a proxy page, or a local server that crashed on
                // the request. Say so plainly instead of dumping the unparsable body.
                None => BackendError::Service {
                    code: context.raw().http_status().map_or_else(
                        || "UnknownError".to_owned(),
                        |status| format!("HTTP{status}"),
                    ),
                    message: format!(
                        "{} answered{} without a DynamoDB error code or message (the server may have failed on this request)",
                        target.describe(),
                        context
                            .raw()
                            .http_status()
                            .map(|status| format!(" with HTTP status {status}"))
                            .unwrap_or_default(),
                    ),
                },
            }
        }
        SdkError::TimeoutError(_) => BackendError::Network(format!(
            "{} did not answer in time (timed out; --timeout SECONDS sets how long to wait); {}",
            target.describe(),
            target.hint()
        )),
        SdkError::DispatchFailure(_) | SdkError::ConstructionFailure(_) => {
            let chain = cause_chain(error);
            if mentions_credentials(&chain) {
                BackendError::Auth {
                    code: "CredentialsNotLoaded".to_owned(),
                    message: format!("no usable AWS credentials ({chain}); {AUTH_HINT}"),
                }
            } else if matches!(error, SdkError::DispatchFailure(_)) {
                let message = format!(
                    "could not reach {} ({chain}); {}",
                    target.describe(),
                    target.hint()
                );
                let unsent = match error {
                    SdkError::DispatchFailure(failure) => failure
                        .as_connector_error()
                        .is_some_and(|connector| never_sent(connector)),
                    _ => false,
                };
                if unsent {
                    BackendError::NotSent(message)
                } else {
                    BackendError::Network(message)
                }
            } else {
                BackendError::Service {
                    code: "RequestNotSent".to_owned(),
                    message: chain,
                }
            }
        }
        _ => BackendError::Service {
            code: "InvalidServerResponse".to_owned(),
            message: format!(
                "{} sent a response ddbx could not read ({})",
                target.describe(),
                cause_chain(error)
            ),
        },
    }
}

/// A throttling error with the reasons the service gave and the retries the SDK made.
fn with_throttling_details<R: HttpStatus>(
    classified: BackendError,
    service: &(dyn Error + 'static),
    raw: &R,
) -> BackendError {
    match classified {
        BackendError::Throttled { code, message, .. } => BackendError::Throttled {
            code,
            message,
            reasons: reasons_of(service, raw.body_bytes()),
            retries: raw
                .attempts()
                .map_or(0, |attempts| attempts.saturating_sub(1)),
        },
        other => other,
    }
}

/// A success status with an error means the body could not be parsed: it was cut short or
/// mangled on the way, and was already retried as a transient error.
fn invalid_answer(target: Target<'_>, status: u16, service: &dyn Error) -> BackendError {
    BackendError::Service {
        code: "InvalidServerResponse".to_owned(),
        message: format!(
            "{} sent a truncated or invalid answer (HTTP status {status}, body not readable as DynamoDB JSON: {}); retrying did not help: something between ddbx and the server (a proxy, the network) may be cutting answers short",
            target.describe(),
            cause_chain(service).trim_start_matches("unhandled error: "),
        ),
    }
}

fn classify_code(code: &str, message: String) -> BackendError {
    match code {
        "ConditionalCheckFailedException" => BackendError::ConditionFailed { current: None },
        "TransactionCanceledException" => BackendError::TransactionCanceled {
            message,
            reasons: Vec::new(),
        },
        "ValidationException" => BackendError::Validation(message),
        "ResourceNotFoundException" => BackendError::NotFound(message),
        code if THROTTLING_CODES.contains(&code) => BackendError::Throttled {
            code: code.to_owned(),
            message,
            reasons: Vec::new(),
            retries: 0,
        },
        code if AUTH_CODES.contains(&code) => BackendError::Auth {
            code: code.to_owned(),
            message: format!("{message} ({AUTH_HINT})"),
        },
        code => BackendError::Service {
            code: code.to_owned(),
            message: if message.is_empty() {
                "(the server sent no message)".to_owned()
            } else {
                message
            },
        },
    }
}

/// Credential resolution fails before anything is sent; the SDK reports it as a dispatch or
/// construction failure whose cause chain names credentials or the identity resolver.
fn mentions_credentials(chain: &str) -> bool {
    let lower = chain.to_ascii_lowercase();
    lower.contains("credential") || lower.contains("identity")
}

#[cfg(test)]
mod tests;
