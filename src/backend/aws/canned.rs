//! An SDK client whose every request is answered with one fixed response, so the SDK's whole
//! reading of a response (signing, orchestration, parsing) can be measured and compared with
//! ddbx's own reading of the same bytes, without a server's time in the figure.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::retry::RetryConfig;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::http::StatusCode;
use aws_smithy_types::body::SdkBody;
use bytes::Bytes;

use super::errors::{Target, classify};
use super::reads::{query, query_page};
use crate::backend::{BackendError, Connection, ExpressionParams, Page, QueryRequest};

/// Answers every request with one status and body, as a server would on the wire.
#[derive(Clone, Debug)]
struct Canned {
    status: StatusCode,
    body: Bytes,
}

impl HttpConnector for Canned {
    fn call(&self, _request: HttpRequest) -> HttpConnectorFuture {
        let mut response = HttpResponse::new(self.status, SdkBody::from(self.body.clone()));
        response
            .headers_mut()
            .insert("content-type", "application/x-amz-json-1.0");
        HttpConnectorFuture::ready(Ok(response))
    }
}

impl HttpClient for Canned {
    fn http_connector(
        &self,
        _settings: &HttpConnectorSettings,
        _components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(self.clone())
    }
}

/// A DynamoDB client and a connection description around one canned answer.
pub struct CannedServer {
    pub(super) client: Client,
    connection: Connection,
}

impl CannedServer {
    /// Answers `status` with `body` to every request, with no retries.
    ///
    /// # Panics
    /// When `status` is not a valid HTTP status code.
    #[must_use]
    pub fn new(status: u16, body: Vec<u8>) -> Self {
        let canned = Canned {
            status: StatusCode::try_from(status).expect("a valid HTTP status"),
            body: Bytes::from(body),
        };
        let config = aws_sdk_dynamodb::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("us-east-1"))
            .credentials_provider(Credentials::new(
                "AKIDCANNED",
                "canned",
                None,
                None,
                "canned",
            ))
            .endpoint_url("http://127.0.0.1:9")
            .retry_config(RetryConfig::disabled())
            .http_client(SharedHttpClient::new(canned))
            .build();
        Self {
            client: Client::from_conf(config),
            connection: Connection {
                kind: "aws".into(),
                endpoint: Some("http://127.0.0.1:9".into()),
                region: Some("us-east-1".into()),
                ..Connection::default()
            },
        }
    }

    pub(super) fn target(&self) -> Target<'_> {
        Target::new(&self.connection)
    }

    fn request() -> QueryRequest {
        QueryRequest::new("t", "PK = :pk", ExpressionParams::default())
    }

    /// A Query page as ddbx reads it.
    ///
    /// # Errors
    /// As [`crate::backend::Backend::query`].
    pub async fn query(&self) -> Result<Page, BackendError> {
        query(&self.client, self.target(), Self::request()).await
    }

    /// A Query page as the SDK alone reads it: its parsing, then the conversion of its items.
    ///
    /// # Errors
    /// As [`crate::backend::Backend::query`].
    pub async fn query_through_the_sdk(&self) -> Result<Page, BackendError> {
        let request = Self::request();
        let output = self
            .client
            .query()
            .table_name(request.table)
            .key_condition_expression(request.key_condition)
            .send()
            .await
            .map_err(|error| classify(&error, self.target()))?;
        query_page(output)
    }
}
