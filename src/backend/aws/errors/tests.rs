//! Classification of SDK errors, one kind at a time.

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
                reasons: Vec::new(),
                retries: 0,
            },
        ),
        (
            "ThrottlingException",
            "Rate of requests exceeds the allowed throughput.",
            BackendError::Throttled {
                code: "ThrottlingException".into(),
                message: "Rate of requests exceeds the allowed throughput.".into(),
                reasons: Vec::new(),
                retries: 0,
            },
        ),
        (
            "RequestLimitExceeded",
            "quota",
            BackendError::Throttled {
                code: "RequestLimitExceeded".into(),
                message: "quota".into(),
                reasons: Vec::new(),
                retries: 0,
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
            "the DynamoDB endpoint of region us-east-1 did not answer in time (timed out; --timeout SECONDS sets how long to wait); check the network connection and the region (--region)".into()
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
    let BackendError::Auth { code, message } = classify(&error, Target::new(&connection)) else {
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

/// A test error with an optional cause, like the SDK's wrappers.
#[derive(Debug)]
struct Layer {
    text: &'static str,
    cause: Option<Box<Layer>>,
}

impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}

impl std::error::Error for Layer {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause
            .as_deref()
            .map(|cause| cause as &(dyn std::error::Error + 'static))
    }
}

#[test]
fn cause_chain_joins_each_cause_once_and_never_dumps_debug_output() {
    let error = Layer {
        text: "dispatch failure",
        cause: Some(Box::new(Layer {
            text: "io error: connection refused",
            cause: Some(Box::new(Layer {
                text: "connection refused",
                cause: None,
            })),
        })),
    };
    assert_eq!(
        super::cause_chain(&error),
        "dispatch failure: io error: connection refused"
    );
}
