//! SDK errors → [`BackendError`], classified once here. The service's own code and message are
//! always kept: the SDK's `Display` says only "service error", which tells a user nothing.

use std::error::Error;

use aws_sdk_dynamodb::config::http::HttpResponse;
use aws_sdk_dynamodb::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};

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

/// The HTTP status of a raw response, when there is one (tests classify errors without one).
pub(super) trait HttpStatus {
    fn http_status(&self) -> Option<u16>;
}

impl HttpStatus for HttpResponse {
    fn http_status(&self) -> Option<u16> {
        Some(self.status().as_u16())
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
            match service.code() {
                Some(code) => classify_code(code, message),
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
            "{} did not answer in time; {}",
            target.describe(),
            target.hint()
        )),
        SdkError::DispatchFailure(_) | SdkError::ConstructionFailure(_) => {
            let chain = DisplayErrorContext(error).to_string();
            if mentions_credentials(&chain) {
                BackendError::Auth {
                    code: "CredentialsNotLoaded".to_owned(),
                    message: format!("no usable AWS credentials ({chain}); {AUTH_HINT}"),
                }
            } else if matches!(error, SdkError::DispatchFailure(_)) {
                BackendError::Network(format!(
                    "could not reach {} ({chain}); {}",
                    target.describe(),
                    target.hint()
                ))
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
                DisplayErrorContext(error)
            ),
        },
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
mod tests {
    use aws_sdk_dynamodb::error::ConnectorError;
    use aws_sdk_dynamodb::error::ErrorMetadata;
    use aws_sdk_dynamodb::operation::put_item::PutItemError;
    use aws_sdk_dynamodb::types::error::ConditionalCheckFailedException;

    use super::*;

    fn local() -> Connection {
        Connection {
            kind: "aws".into(),
            endpoint: Some("http://127.0.0.1:9".into()),
            region: Some("us-east-1".into()),
            ..Connection::default()
        }
    }

    fn service_error(code: &str, message: &str) -> SdkError<PutItemError, ()> {
        let meta = ErrorMetadata::builder().code(code).message(message).build();
        SdkError::service_error(PutItemError::generic(meta), ())
    }

    #[test]
    fn service_codes_map_to_their_kind_and_keep_the_service_message() {
        let connection = local();
        let target = Target::new(&connection);
        let cases: Vec<(&str, &str, BackendError)> = vec![
            (
                "ValidationException",
                "Query condition missed key schema element: SK",
                BackendError::Validation("Query condition missed key schema element: SK".into()),
            ),
            (
                "ResourceNotFoundException",
                "Requested resource not found",
                BackendError::NotFound("Requested resource not found".into()),
            ),
            (
                "ConditionalCheckFailedException",
                "The conditional request failed",
                BackendError::ConditionFailed { current: None },
            ),
            (
                "ProvisionedThroughputExceededException",
                "slow down",
                BackendError::Throttled {
                    code: "ProvisionedThroughputExceededException".into(),
                    message: "slow down".into(),
                },
            ),
            (
                "ThrottlingException",
                "Rate of requests exceeds the allowed throughput.",
                BackendError::Throttled {
                    code: "ThrottlingException".into(),
                    message: "Rate of requests exceeds the allowed throughput.".into(),
                },
            ),
            (
                "RequestLimitExceeded",
                "quota",
                BackendError::Throttled {
                    code: "RequestLimitExceeded".into(),
                    message: "quota".into(),
                },
            ),
            (
                "ItemCollectionSizeLimitExceededException",
                "Collection size exceeded.",
                BackendError::Service {
                    code: "ItemCollectionSizeLimitExceededException".into(),
                    message: "Collection size exceeded.".into(),
                },
            ),
        ];
        for (code, message, expected) in cases {
            assert_eq!(
                classify(&service_error(code, message), target),
                expected,
                "{code}"
            );
        }
    }

    #[test]
    fn auth_codes_become_auth_errors_with_the_message_and_a_hint() {
        let connection = local();
        for code in [
            "UnrecognizedClientException",
            "InvalidSignatureException",
            "ExpiredTokenException",
            "AccessDeniedException",
        ] {
            let error = classify(
                &service_error(
                    code,
                    "The security token included in the request is invalid.",
                ),
                Target::new(&connection),
            );
            let BackendError::Auth { code: got, message } = error else {
                panic!("{code}: {error:?}")
            };
            assert_eq!(got, code);
            assert!(
                message.starts_with("The security token included in the request is invalid."),
                "{message}"
            );
            assert!(message.contains("aws sso login"), "{message}");
        }
    }

    #[test]
    fn a_refused_connection_is_a_network_error_naming_the_endpoint() {
        let connection = local();
        let error: SdkError<PutItemError, ()> = SdkError::dispatch_failure(ConnectorError::io(
            std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "Connection refused").into(),
        ));
        let BackendError::Network(message) = classify(&error, Target::new(&connection)) else {
            panic!("not a network error")
        };
        assert!(message.contains("http://127.0.0.1:9"), "{message}");
        assert!(message.contains("Connection refused"), "{message}");
        assert!(message.contains("--endpoint-url"), "{message}");
    }

    #[test]
    fn an_unknown_code_without_a_message_still_reads_as_a_sentence() {
        let connection = local();
        let error = classify(
            &service_error("UnknownOperationException", ""),
            Target::new(&connection),
        );
        assert_eq!(
            error.to_string(),
            "UnknownOperationException: (the server sent no message)"
        );
    }

    #[test]
    fn a_timeout_is_a_network_error() {
        let connection = Connection {
            endpoint: None,
            ..local()
        };
        let error: SdkError<PutItemError, ()> = SdkError::timeout_error("operation timed out");
        let classified = classify(&error, Target::new(&connection));
        assert_eq!(
            classified,
            BackendError::Network(
                "the DynamoDB endpoint of region us-east-1 did not answer in time; check the network connection and the region (--region)".into()
            )
        );
    }

    #[test]
    fn missing_credentials_before_sending_are_an_auth_error() {
        let connection = local();
        let error: SdkError<PutItemError, ()> = SdkError::dispatch_failure(ConnectorError::other(
            "failed to resolve identity: the credential provider was not enabled: no providers in chain provided credentials".into(),
            None,
        ));
        let BackendError::Auth { code, message } = classify(&error, Target::new(&connection))
        else {
            panic!("not auth")
        };
        assert_eq!(code, "CredentialsNotLoaded");
        assert!(
            message.contains("no providers in chain provided credentials"),
            "{message}"
        );
        assert!(message.contains("--profile"), "{message}");
    }

    #[test]
    fn a_modelled_condition_failure_is_classified_by_its_code() {
        let connection = local();
        let exception = ConditionalCheckFailedException::builder()
            .message("The conditional request failed")
            .meta(
                ErrorMetadata::builder()
                    .code("ConditionalCheckFailedException")
                    .message("The conditional request failed")
                    .build(),
            )
            .build();
        let error =
            SdkError::service_error(PutItemError::ConditionalCheckFailedException(exception), ());
        assert_eq!(
            classify(&error, Target::new(&connection)),
            BackendError::ConditionFailed { current: None }
        );
    }
}
