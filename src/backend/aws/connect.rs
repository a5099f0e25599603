//! Building the SDK client: aws-config's default chain plus timeouts and retries that fail fast
//! against an unreachable endpoint (a local server that is not running must not hang the UI).

use std::time::Duration;

use aws_config::retry::RetryConfig;
use aws_config::timeout::TimeoutConfig;
use aws_config::{BehaviorVersion, Region};
use aws_sdk_dynamodb::Client;

use super::AwsOptions;
use crate::backend::{BackendError, Connection};

/// A TCP/TLS connect that takes longer than this is a wrong or unreachable endpoint.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Attempts per request, the first included. With the connect timeout and the backoff cap this
/// bounds an unreachable endpoint to under ten seconds.
const MAX_ATTEMPTS: u32 = 3;
const MAX_BACKOFF: Duration = Duration::from_secs(2);
/// One attempt of one request (a 1 MB page) that takes longer than this is stuck.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(30);

/// The client and a description of where it points (never credentials).
pub(super) async fn client(options: AwsOptions) -> Result<(Client, Connection), BackendError> {
    let mut loader = aws_config::defaults(BehaviorVersion::latest())
        .timeout_config(
            TimeoutConfig::builder()
                .connect_timeout(CONNECT_TIMEOUT)
                .operation_attempt_timeout(ATTEMPT_TIMEOUT)
                .build(),
        )
        .retry_config(
            RetryConfig::standard()
                .with_max_attempts(MAX_ATTEMPTS)
                .with_max_backoff(MAX_BACKOFF),
        );
    if let Some(profile) = &options.profile {
        loader = loader.profile_name(profile);
    }
    if let Some(region) = &options.region {
        loader = loader.region(Region::new(region.clone()));
    }
    if let Some(endpoint) = &options.endpoint_url {
        loader = loader.endpoint_url(endpoint);
    }
    let config = loader.load().await;
    let Some(region) = config.region() else {
        return Err(BackendError::Service {
            code: "MissingRegion".to_owned(),
            message: format!(
                "no AWS region is configured{}: pass --region (e.g. --region us-east-1) or set AWS_REGION",
                options
                    .profile
                    .as_deref()
                    .map(|profile| format!(" (profile {profile} has none)"))
                    .unwrap_or_default()
            ),
        });
    };
    let connection = Connection {
        kind: "aws".to_owned(),
        endpoint: config.endpoint_url().map(str::to_owned),
        region: Some(region.to_string()),
        profile: options.profile.or_else(|| {
            std::env::var("AWS_PROFILE")
                .ok()
                .filter(|name| !name.is_empty())
        }),
        read_only: false,
    };
    Ok((Client::new(&config), connection))
}
