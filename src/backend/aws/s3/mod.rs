//! S3 for `--file s3://bucket/prefix/`: listing an export's objects and reading them as byte
//! streams, through the same credential chain as DynamoDB ([`super::connect::sdk_config`]).
//!
//! The offline readers are synchronous (they parse on plain threads), so the bucket owns a small
//! runtime of its own: each request runs there and its answer is handed over a channel, which
//! works from any thread, a runtime's worker included. An object's body arrives as chunks over a
//! bounded channel ([`body::ObjectReader`]): it is read as it streams, never held whole.

mod body;

use std::future::Future;
use std::time::Duration;

use aws_sdk_s3::Client;
use aws_sdk_s3::error::{DisplayErrorContext, ProvideErrorMetadata};
use aws_sdk_s3::operation::get_object::GetObjectOutput;
use aws_sdk_s3::primitives::ByteStream;

use super::connect::{AwsOptions, DEFAULT_REQUEST_TIMEOUT, is_plain_http, sdk_config};
use super::http_client::per_scheme;

pub use body::ObjectReader;

/// How to reach S3: the profile and region of the DynamoDB connection, and an endpoint URL for an
/// S3-compatible server (moto, MinIO), addressed path-style (`http://host/bucket/key`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct S3Options {
    pub profile: Option<String>,
    pub region: Option<String>,
    pub endpoint_url: Option<String>,
}

/// One object found by a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectInfo {
    pub key: String,
    pub size: u64,
}

/// A bucket, with the runtime its requests run on.
pub struct S3Bucket {
    handle: tokio::runtime::Handle,
    _runtime: OwnRuntime,
    client: Client,
    bucket: String,
}

/// The bucket's runtime, shut down without blocking: the bucket may be dropped on a thread of
/// another runtime, where waiting for this one's threads is refused.
struct OwnRuntime(Option<tokio::runtime::Runtime>);

impl Drop for OwnRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Threads of the bucket's runtime: the requests only wait on the network.
const RUNTIME_THREADS: usize = 2;

impl S3Bucket {
    /// Loads the configuration (credentials, region) for `bucket`; nothing is sent yet.
    pub fn connect(options: &S3Options, bucket: &str) -> Result<Self, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(RUNTIME_THREADS)
            .thread_name("ddbx-s3")
            .enable_all()
            .build()
            .map_err(|error| format!("cannot start the S3 client: {error}"))?;
        let options = options.clone();
        let client = wait(runtime.handle(), async move { client(&options).await })??;
        Ok(Self {
            handle: runtime.handle().clone(),
            _runtime: OwnRuntime(Some(runtime)),
            client,
            bucket: bucket.to_owned(),
        })
    }

    /// The bucket's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.bucket
    }

    /// Every object whose key starts with `prefix`, in key order.
    pub fn list(&self, prefix: &str) -> Result<Vec<ObjectInfo>, String> {
        let (client, bucket, prefix) =
            (self.client.clone(), self.bucket.clone(), prefix.to_owned());
        self.run(async move {
            let mut objects = Vec::new();
            let mut token = None;
            loop {
                let page = client
                    .list_objects_v2()
                    .bucket(&bucket)
                    .prefix(&prefix)
                    .set_continuation_token(token)
                    .send()
                    .await
                    .map_err(|error| explain(&error))?;
                objects.extend(page.contents().iter().filter_map(|object| {
                    Some(ObjectInfo {
                        key: object.key()?.to_owned(),
                        size: object.size().and_then(|size| u64::try_from(size).ok())?,
                    })
                }));
                token = page.next_continuation_token().map(str::to_owned);
                if token.is_none() || page.is_truncated() != Some(true) {
                    return Ok(objects);
                }
            }
        })?
    }

    /// The object at `key` as a byte stream, read as it arrives. With `etag`, an object whose
    /// ETag differs (replaced since the manifest was written) is refused before a byte is read.
    pub fn open(&self, key: &str, etag: Option<&str>) -> Result<ObjectReader, String> {
        let etag = etag.map(unquoted);
        let body = self.get(key, move |response| {
            match (etag, response.e_tag().map(unquoted)) {
                (Some(expected), Some(found)) if expected != found => Err(format!(
                    "changed since the export: its ETag is {found}, the manifest's {expected}"
                )),
                _ => Ok(()),
            }
        })?;
        Ok(self.stream(body))
    }

    /// The whole of a small object (a manifest), refused beyond `limit` bytes. Read on the
    /// bucket's runtime, so it may be called from an async task.
    pub fn read_small(&self, key: &str, limit: u64) -> Result<Vec<u8>, String> {
        let mut body = self.get(key, |_| Ok(()))?;
        self.run(async move {
            let mut bytes = Vec::new();
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(|error| DisplayErrorContext(error).to_string())?;
                bytes.extend_from_slice(&chunk);
                if bytes.len() as u64 > limit {
                    return Err(format!("larger than {limit} bytes"));
                }
            }
            Ok(bytes)
        })?
    }

    /// GetObject for `key`, its response checked by `check` before its body is read.
    fn get(
        &self,
        key: &str,
        check: impl FnOnce(&GetObjectOutput) -> Result<(), String> + Send + 'static,
    ) -> Result<ByteStream, String> {
        let (client, bucket, key) = (self.client.clone(), self.bucket.clone(), key.to_owned());
        self.run(async move {
            let response = client
                .get_object()
                .bucket(&bucket)
                .key(&key)
                .send()
                .await
                .map_err(|error| explain(&error))?;
            check(&response)?;
            Ok(response.body)
        })?
    }

    fn stream(&self, body: ByteStream) -> ObjectReader {
        ObjectReader::spawn(&self.handle, body)
    }

    /// Runs `future` on the bucket's runtime and waits for its answer.
    fn run<T: Send + 'static>(
        &self,
        future: impl Future<Output = T> + Send + 'static,
    ) -> Result<T, String> {
        wait(&self.handle, future)
    }
}

/// Spawns `future` on `runtime` and blocks this thread (any thread) until it answers.
fn wait<T: Send + 'static>(
    runtime: &tokio::runtime::Handle,
    future: impl Future<Output = T> + Send + 'static,
) -> Result<T, String> {
    let (sender, receiver) = std::sync::mpsc::sync_channel(1);
    runtime.spawn(async move {
        let _ = sender.send(future.await);
    });
    receiver
        .recv()
        .map_err(|_| "the S3 request was abandoned".to_owned())
}

/// Requests that wait this long for their first byte are stuck; a body then streams for as
/// long as it takes.
const REQUEST_TIMEOUT: Duration = DEFAULT_REQUEST_TIMEOUT;

async fn client(options: &S3Options) -> Result<Client, String> {
    let aws = AwsOptions {
        profile: options.profile.clone(),
        region: options.region.clone(),
        endpoint_url: None,
    };
    let config = sdk_config(&aws, REQUEST_TIMEOUT).await;
    if config.region().is_none() {
        return Err(
            "no AWS region is configured for S3: pass --region (e.g. --region us-east-1) or set AWS_REGION"
                .to_owned(),
        );
    }
    let mut builder = aws_sdk_s3::config::Builder::from(&config);
    // An endpoint the environment sets is the SDK's to apply; like the flag's, it names a server
    // reached path-style (`http://host/bucket/key`), not one with a DNS name per bucket.
    let endpoint = options.endpoint_url.clone().or_else(environment_endpoint);
    if let Some(endpoint) = &endpoint {
        builder = builder.endpoint_url(endpoint).force_path_style(true);
        if is_plain_http(endpoint) {
            builder = builder.http_client(per_scheme());
        }
    }
    Ok(Client::from_conf(builder.build()))
}

/// The S3 endpoint set in the environment: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`.
fn environment_endpoint() -> Option<String> {
    ["AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"]
        .into_iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.trim().is_empty())
}

/// An S3 error as one line: the service's code and message, else the whole cause chain. The
/// caller says which object it is about.
fn explain<E>(error: &aws_sdk_s3::error::SdkError<E>) -> String
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
{
    match (error.code(), error.message()) {
        (Some(code), Some(message)) => format!("{code}: {message}"),
        (Some(code), None) => code.to_owned(),
        _ => DisplayErrorContext(error).to_string(),
    }
}

/// An ETag without the quotes S3 puts around it.
fn unquoted(etag: &str) -> String {
    etag.trim_matches('"').to_owned()
}
