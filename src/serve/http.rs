//! The HTTP/1.1 side: a loopback listener, one task per connection, `POST /` with
//! `X-Amz-Target: DynamoDB_20120810.<Operation>` (or `DynamoDBStreams_20120810.<Operation>`)
//! and an `application/x-amz-json-1.0` body.
//! Signatures (the `Authorization` header) are accepted and never verified.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use super::body::BodyBudget;
use super::connections::{Admission, Admitted};
use super::error::WireError;
use super::served::Served;

/// The target prefix of every DynamoDB operation.
const TARGET_PREFIX: &str = "DynamoDB_20120810.";
/// The target prefix of the DynamoDB Streams operations, served on the same port.
const STREAMS_PREFIX: &str = "DynamoDBStreams_20120810.";
/// A request's head (request line and headers) arrives within this time, or the connection is
/// closed: a slow client cannot hold a connection by trickling its headers. The same timer
/// closes a keep-alive connection left idle this long, as the service closes idle ones.
const HEADER_DEADLINE: std::time::Duration = std::time::Duration::from_secs(30);
const JSON_1_0: &str = "application/x-amz-json-1.0";

/// Where to listen.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub host: IpAddr,
    /// 0 picks a free port (printed on start).
    pub port: u16,
}

impl Default for ServeOptions {
    fn default() -> Self {
        Self {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8000,
        }
    }
}

/// The address to bind: `localhost` or a loopback IP. Anything else is refused, since the
/// server verifies no signature and must not be reachable from another machine.
pub fn check_host(host: &str) -> Result<IpAddr, String> {
    if host.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    let address: IpAddr = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .map_err(|_| format!("--host {host:?} is not an IP address or `localhost`"))?;
    if !address.is_loopback() {
        return Err(format!(
            "--host {address} is not a loopback address: ddbx serve verifies no request signature, so it listens only on 127.0.0.1, ::1 or localhost"
        ));
    }
    Ok(address)
}

/// Binds, reports the address with `listening`, and answers requests until `stop` completes.
pub async fn serve(
    served: Arc<Served>,
    options: &ServeOptions,
    listening: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let listener = TcpListener::bind((options.host, options.port)).await?;
    listening(listener.local_addr()?);
    let ids = Arc::new(AtomicU64::new(0));
    let budget = BodyBudget::default();
    let mut admission = Admission::default();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            admitted = admission.accept(&listener) => {
                let Admitted::Serve(stream, slot) = admitted else { continue };
                // Small request/response pairs: Nagle's delay would dominate their latency.
                let _ = stream.set_nodelay(true);
                let served = served.clone();
                let ids = ids.clone();
                let budget = budget.clone();
                tokio::spawn(async move {
                    let service = service_fn(move |request| {
                        let id = ids.fetch_add(1, Ordering::Relaxed);
                        handle(served.clone(), budget.clone(), id, request)
                    });
                    // A client that goes away mid-request is not the server's failure.
                    let _ = http1::Builder::new()
                        .timer(TokioTimer::new())
                        .header_read_timeout(HEADER_DEADLINE)
                        // A client may send its request and shut down its side (as `nc -N`
                        // does): it still gets its answer.
                        .half_close(true)
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                    drop(slot);
                });
            }
            () = &mut stop => return Ok(()),
        }
    }
}

fn response(status: u16, request_id: u64, body: Vec<u8>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
    let headers = response.headers_mut();
    headers.insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(JSON_1_0),
    );
    if let Ok(id) = hyper::header::HeaderValue::from_str(&format!("ddbx-{request_id:016x}")) {
        headers.insert("x-amzn-requestid", id);
    }
    response
}

fn error_response(error: &WireError, request_id: u64) -> Response<Full<Bytes>> {
    let body = serde_json::to_vec(&error.body()).unwrap_or_default();
    response(error.status, request_id, body)
}

async fn handle(
    served: Arc<Served>,
    budget: BodyBudget,
    request_id: u64,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    // Load balancers and scripts probe readiness with a plain GET, as the service answers one.
    if request.method() == Method::GET {
        let mut answer = response(200, request_id, b"healthy: ddbx serve".to_vec());
        answer.headers_mut().insert(
            hyper::header::CONTENT_TYPE,
            hyper::header::HeaderValue::from_static("text/plain"),
        );
        return Ok(answer);
    }
    let authorization = request
        .headers()
        .get(hyper::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok());
    let tables = served.for_request(authorization);
    let target = request
        .headers()
        .get("x-amz-target")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let streams = target.starts_with(STREAMS_PREFIX);
    let Some(operation) = target
        .strip_prefix(TARGET_PREFIX)
        .or_else(|| target.strip_prefix(STREAMS_PREFIX))
    else {
        served.stats.record("(unknown)", true);
        return Ok(error_response(
            &WireError::unknown_operation(&target),
            request_id,
        ));
    };
    let read = match super::body::read(request.into_body(), &budget).await {
        Ok(read) => read,
        Err(error) => {
            served.stats.record(operation, true);
            return Ok(error_response(&error, request_id));
        }
    };
    let body = read.bytes.as_slice();
    if !served.faults.delay.is_zero() {
        tokio::time::sleep(served.faults.delay).await;
    }
    if let Some(throttled) = served.faults.throttle(operation, body) {
        served.stats.record(operation, true);
        return Ok(error_response(&throttled, request_id));
    }
    let answer = if streams {
        super::streams::answer(&tables, operation, body)
    } else {
        super::dispatch::answer(&tables, operation, body).await
    };
    served.stats.record(operation, answer.is_err());
    Ok(match answer {
        Ok(json) => response(
            200,
            request_id,
            serde_json::to_vec(&json).unwrap_or_default(),
        ),
        Err(error) => error_response(&error, request_id),
    })
}
