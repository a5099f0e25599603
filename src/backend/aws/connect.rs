//! Building the SDK clients: aws-config's default chain plus timeouts and retries that fail fast
//! against an unreachable endpoint (a local server that is not running must not hang the UI).
//! One configuration serves DynamoDB and STS (for the header's account id), and STS never goes
//! anywhere DynamoDB does not: with an endpoint URL, STS is asked at that same URL.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use aws_config::SdkConfig;
use aws_config::environment::EnvironmentVariableCredentialsProvider;
use aws_config::retry::RetryConfig;
use aws_config::timeout::TimeoutConfig;
use aws_config::{BehaviorVersion, Region};
use aws_sdk_dynamodb::Client;
use aws_types::service_config::ServiceConfigKey;

use super::http_client::per_scheme;
use super::retry::{AttemptCounter, InvalidAnswerClassifier};
use super::retry_teller::RetryTeller;
use super::unsent::UnsentRequests;
use crate::backend::{BackendError, Connection};

/// Where to connect. Each `None` falls back to aws-config's default chain (`AWS_PROFILE`,
/// `AWS_REGION`, `AWS_ENDPOINT_URL`, the config files, …).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AwsOptions {
    pub profile: Option<String>,
    pub region: Option<String>,
    /// A DynamoDB-compatible endpoint such as `http://127.0.0.1:8000`.
    pub endpoint_url: Option<String>,
}

/// A TCP/TLS connect that takes longer than this is a wrong or unreachable endpoint.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Attempts per request, the first included. With the connect timeout and the backoff cap this
/// bounds an unreachable endpoint to under ten seconds.
const MAX_ATTEMPTS: u32 = 3;
const MAX_BACKOFF: Duration = Duration::from_secs(2);
/// One request (a 1 MB page), all attempts included, that takes longer than this is stuck; the
/// command line's `--timeout` overrides it.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The SDK clients the backend uses and a description of where they point (never credentials).
pub(super) struct Clients {
    pub dynamodb: Client,
    pub on_demand: OnDemandClients,
    pub connection: Connection,
    /// Each DynamoDB request the SDK sends again, as it does.
    pub retries: tokio::sync::broadcast::Sender<crate::backend::RetryNotice>,
}

/// The STS and DynamoDB Streams clients, built on first use. Most commands call neither, and
/// creating an SDK client builds its own endpoint resolver (the partition table and its
/// patterns), a noticeable part of a one-request process.
#[derive(Clone)]
pub(super) struct OnDemandClients {
    config: SdkConfig,
    dynamodb_endpoint: Option<String>,
    sts: Arc<OnceLock<aws_sdk_sts::Client>>,
    streams: Arc<OnceLock<aws_sdk_dynamodbstreams::Client>>,
}

impl OnDemandClients {
    fn new(config: SdkConfig, dynamodb_endpoint: Option<String>) -> Self {
        Self {
            config,
            dynamodb_endpoint,
            sts: Arc::default(),
            streams: Arc::default(),
        }
    }

    /// Only for GetCallerIdentity; points where DynamoDB points when an endpoint URL is set.
    pub fn sts(&self) -> &aws_sdk_sts::Client {
        self.sts.get_or_init(|| {
            let builder = sts_builder(&self.config, self.dynamodb_endpoint.clone());
            aws_sdk_sts::Client::from_conf(builder.build())
        })
    }

    pub fn streams(&self) -> &aws_sdk_dynamodbstreams::Client {
        self.streams
            .get_or_init(|| streams_client(&self.config, self.dynamodb_endpoint.clone()))
    }
}

/// The SDK configuration: aws-config's default chain with `options` applied, timeouts and
/// retries that fail fast against an unreachable endpoint. The S3 client of `--file s3://…`
/// loads the same one, so both follow one credential chain.
pub(super) async fn sdk_config(options: &AwsOptions, request_timeout: Duration) -> SdkConfig {
    let mut loader = aws_config::defaults(BehaviorVersion::latest())
        .timeout_config(
            TimeoutConfig::builder()
                .connect_timeout(CONNECT_TIMEOUT)
                .operation_attempt_timeout(request_timeout)
                .operation_timeout(request_timeout)
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
    // Keys in the environment are the default chain's first answer, whatever the profile; taking
    // them directly spares building the rest of the chain, whose web identity provider creates
    // an STS client of its own.
    if keys_in_environment() {
        loader = loader.credentials_provider(EnvironmentVariableCredentialsProvider::new());
    }
    // For a local http:// endpoint, a client that builds TLS only for an https:// request (an
    // SSO login, say). Elsewhere the SDK's default client stays, with its proxy settings.
    if options.endpoint_url.as_deref().is_some_and(is_plain_http) {
        loader = loader.http_client(per_scheme());
    }
    loader.load().await
}

/// The DynamoDB and STS clients and where they point.
pub(super) async fn clients(
    options: AwsOptions,
    request_timeout: Duration,
) -> Result<Clients, BackendError> {
    let config = sdk_config(&options, request_timeout).await;
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
    let endpoint = dynamodb_endpoint(&config);
    let connection = Connection {
        kind: "aws".to_owned(),
        endpoint: endpoint.clone(),
        region: Some(region.to_string()),
        profile: options.profile.or_else(|| {
            std::env::var("AWS_PROFILE")
                .ok()
                .filter(|name| !name.is_empty())
        }),
        read_only: false,
    };
    // Enough room for a burst of retries across parallel segments; a watcher that falls
    // behind misses the oldest, which are stale by then.
    let (retries, _) = tokio::sync::broadcast::channel(64);
    let teller = RetryTeller {
        notices: retries.clone(),
        max_attempts: MAX_ATTEMPTS,
    };
    let dynamodb = aws_sdk_dynamodb::config::Builder::from(&config)
        .retry_classifier(InvalidAnswerClassifier)
        .interceptor(AttemptCounter)
        .interceptor(UnsentRequests)
        .interceptor(teller);
    Ok(Clients {
        dynamodb: Client::from_conf(dynamodb.build()),
        on_demand: OnDemandClients::new(config, endpoint),
        connection,
        retries,
    })
}

/// The endpoint URL the DynamoDB client will use, decided the way the SDK decides it: an explicit
/// `--endpoint-url` wins, then a DynamoDB-only setting (`AWS_ENDPOINT_URL_DYNAMODB`, a profile's
/// `services` section), then the general one (`AWS_ENDPOINT_URL`, a profile's `endpoint_url`).
/// `None` means the region's public endpoint.
fn dynamodb_endpoint(config: &SdkConfig) -> Option<String> {
    let general = config.endpoint_url().map(str::to_owned);
    if config.get_origin("endpoint_url").is_client_config() {
        return general;
    }
    let key = ServiceConfigKey::builder()
        .service_id("DynamoDB")
        .env("AWS_ENDPOINT_URL")
        .profile("endpoint_url")
        .build();
    key.ok()
        .and_then(|key| config.service_config()?.load_config(key))
        .or(general)
}

/// DynamoDB Streams at the endpoint DynamoDB uses when one is set (DynamoDB Local serves both at
/// one address), else at the region's own Streams endpoint.
fn streams_client(
    config: &SdkConfig,
    dynamodb_endpoint: Option<String>,
) -> aws_sdk_dynamodbstreams::Client {
    let mut builder = aws_sdk_dynamodbstreams::config::Builder::from(config);
    if let Some(endpoint) = dynamodb_endpoint {
        builder = builder.endpoint_url(endpoint);
    }
    aws_sdk_dynamodbstreams::Client::from_conf(builder.build())
}

/// Whether the environment provider of aws-config's default chain answers: an access key id and
/// a secret key, neither blank (its own test).
fn keys_in_environment() -> bool {
    let set = |name| std::env::var(name).is_ok_and(|value| !value.trim().is_empty());
    set("AWS_ACCESS_KEY_ID") && (set("AWS_SECRET_ACCESS_KEY") || set("SECRET_ACCESS_KEY"))
}

pub(super) fn is_plain_http(url: &str) -> bool {
    url.get(..7)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http://"))
}

/// An STS client configuration that talks to the DynamoDB endpoint when there is one (a local
/// server: moto answers GetCallerIdentity, others fail and the account stays unknown) and to the
/// region's STS otherwise. Pinning the URL keeps an STS-only setting from sending a local
/// session's signed request to AWS.
fn sts_builder(
    config: &SdkConfig,
    dynamodb_endpoint: Option<String>,
) -> aws_sdk_sts::config::Builder {
    let mut builder = aws_sdk_sts::config::Builder::from(config);
    if let Some(endpoint) = dynamodb_endpoint {
        builder = builder.endpoint_url(endpoint);
    }
    builder
}
