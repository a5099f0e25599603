//! The HTTP client: plain HTTP for `http://` URLs, HTTPS for the rest. The SDK's default client
//! builds its TLS connector — reading every root certificate on the machine — the first time
//! any request is made, even to `http://127.0.0.1`; here the HTTPS side is only built when an
//! `https://` request is actually sent (AWS itself, or an SSO login next to a local endpoint).

use std::sync::{Arc, OnceLock};

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::HttpRequest;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;

/// Chooses plain HTTP or HTTPS per request from its URL's scheme.
#[derive(Debug)]
struct PerScheme {
    http: SharedHttpClient,
    /// HTTPS with rustls, as the SDK's default client; connectors are built on first use.
    https: SharedHttpClient,
}

/// The client for the SDK configuration (DynamoDB, STS and the credential providers) when the
/// endpoint is http://. Unlike the SDK's default it reads no proxy settings from the environment.
#[must_use]
pub(super) fn per_scheme() -> SharedHttpClient {
    use aws_smithy_http_client::tls::{Provider, rustls_provider::CryptoMode};
    SharedHttpClient::new(PerScheme {
        http: aws_smithy_http_client::Builder::new().build_http(),
        https: aws_smithy_http_client::Builder::new()
            .tls_provider(Provider::Rustls(CryptoMode::AwsLc))
            .build_https(),
    })
}

impl HttpClient for PerScheme {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        SharedHttpConnector::new(PerSchemeConnector {
            http: self.http.http_connector(settings, components),
            https: self.https.clone(),
            settings: settings.clone(),
            components: components.clone(),
            https_connector: Arc::new(OnceLock::new()),
        })
    }
}

#[derive(Debug)]
struct PerSchemeConnector {
    http: SharedHttpConnector,
    https: SharedHttpClient,
    settings: HttpConnectorSettings,
    components: RuntimeComponents,
    /// Built on the first `https://` request.
    https_connector: Arc<OnceLock<SharedHttpConnector>>,
}

impl HttpConnector for PerSchemeConnector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let plain = request
            .uri()
            .get(..7)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http://"));
        if plain {
            return self.http.call(request);
        }
        self.https_connector
            .get_or_init(|| self.https.http_connector(&self.settings, &self.components))
            .call(request)
    }
}
