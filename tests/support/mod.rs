//! Shared support for integration tests that talk to real DynamoDB-compatible servers
//! (DynamoDB Local, dynalite, moto and Dynoxide, started by `scripts/test-servers.sh`).
//!
//! - [`server_endpoint`] reads a server's endpoint from the environment; under
//!   `DDBX_TEST_REQUIRE_SERVERS=1` a missing endpoint fails the test instead of skipping it.
//! - [`unique_table_name`] gives every test its own table so tests run in parallel.
//! - [`tables`] creates tables (optional sort key, GSIs and LSIs with key types and projections)
//!   and deletes them; [`items`] seeds `Item`s with BatchWriteItem.
//!
//! Table setup uses the AWS SDK directly because ddbx's `Backend` has no create_table. Every
//! client built here has a fixed region, static fake credentials and an explicit loopback
//! endpoint, so nothing ever leaves the machine.
//!
//! Each test crate includes this with `mod support;` (or `#[path = "../support/mod.rs"] mod
//! support;` from a `tests/<name>/main.rs` crate); not every crate uses every helper.
//!
//! A typical end-to-end test:
//! ```ignore
//! let Some(endpoint) = support::server_endpoint(Server::Dynalite) else { return };
//! let client = support::sdk_client(&endpoint);
//! let table = support::unique_table_name("cli-query");
//! support::block_on(async {
//!     create_table(&client, &TableSpec::single_table(&table)).await;
//!     seed_items(&client, &table, &items).await;
//! });
//! // ... run the binary with --endpoint-url <endpoint> --table <table> ...
//! support::block_on(delete_table(&client, &table));
//! ```
#![allow(dead_code)]

/// Runs `$name(server)` as one test per server, named `<name>::dynalite` and `<name>::moto`.
/// `$name` is an `async fn(Server)` in the invoking module.
#[allow(unused_macros)]
macro_rules! on_both_servers {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn dynalite() {
                super::$name(crate::support::Server::Dynalite).await;
            }
            #[tokio::test]
            async fn moto() {
                super::$name(crate::support::Server::Moto).await;
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use on_both_servers;

/// Runs `$name(server)` as one test per server: `<name>::dynalite`, `<name>::ddblocal` and
/// `<name>::moto`.
#[allow(unused_macros)]
macro_rules! on_every_server {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn dynalite() {
                super::$name(crate::support::Server::Dynalite).await;
            }
            #[tokio::test]
            async fn ddblocal() {
                super::$name(crate::support::Server::DdbLocal).await;
            }
            #[tokio::test]
            async fn moto() {
                super::$name(crate::support::Server::Moto).await;
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use on_every_server;

pub mod cli;
pub mod fault_proxy;
pub mod incident_shapes;
pub mod items;
pub mod libraries;
pub mod scratch;
pub mod shaped_server;
pub mod tables;

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};

/// Set by `scripts/test-servers.sh`: a test that finds no server must fail, not skip.
pub const REQUIRE_SERVERS_VAR: &str = "DDBX_TEST_REQUIRE_SERVERS";
/// The region every test client uses (moto needs a real region name).
pub const TEST_REGION: &str = "us-east-1";

/// A DynamoDB-compatible server the test harness starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Server {
    /// DynamoDB Local, AWS's own emulator: the reference the other backends are held to.
    DdbLocal,
    /// dynalite: faithful validation and numbers; no transactions, no ALL_OLD on condition failure.
    Dynalite,
    /// moto: transactions, cancellation reasons, ALL_OLD on condition failure; lax validation.
    Moto,
    /// Dynoxide: a Rust emulator on SQLite, with transactions, PartiQL and streams.
    Dynoxide,
    /// ddbx's embedded engine, in-process: no endpoint, follows DynamoDB where servers deviate.
    Memory,
    /// The embedded engine behind `ddbx serve`, started by the test itself: the wire protocol
    /// layer on top of the engine, read through the AWS backend like the other servers.
    Served,
}

impl Server {
    /// The environment variable holding this server's `http://127.0.0.1:PORT`.
    #[must_use]
    pub const fn endpoint_var(self) -> &'static str {
        match self {
            Self::DdbLocal => "DDBX_TEST_DDBLOCAL_ENDPOINT",
            Self::Dynalite => "DDBX_TEST_DYNALITE_ENDPOINT",
            Self::Moto => "DDBX_TEST_MOTO_ENDPOINT",
            Self::Dynoxide => "DDBX_TEST_DYNOXIDE_ENDPOINT",
            // Never read: the engine runs inside the test process, or the test starts it.
            Self::Memory | Self::Served => "",
        }
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::DdbLocal => "ddblocal",
            Self::Dynalite => "dynalite",
            Self::Moto => "moto",
            Self::Dynoxide => "dynoxide",
            Self::Memory => "memory",
            Self::Served => "ddbx serve",
        }
    }
}

/// True when the harness demands real servers (`DDBX_TEST_REQUIRE_SERVERS=1`).
#[must_use]
pub fn servers_required() -> bool {
    std::env::var(REQUIRE_SERVERS_VAR).is_ok_and(|value| value == "1")
}

/// The endpoint of `server`, or `None` (with a printed note) when it is not configured and
/// servers are optional. Panics — failing the test — when the variable is missing under
/// `DDBX_TEST_REQUIRE_SERVERS=1`.
#[must_use]
pub fn server_endpoint(server: Server) -> Option<String> {
    let var = server.endpoint_var();
    match std::env::var(var) {
        Ok(endpoint) if !endpoint.trim().is_empty() => Some(endpoint),
        _ if servers_required() => panic!(
            "{var} is not set but {REQUIRE_SERVERS_VAR}=1: run the tests through \
             `scripts/test-servers.sh run -- <command>` (or scripts/test)"
        ),
        _ => {
            eprintln!(
                "skipping: {var} is not set (run through scripts/test-servers.sh to test against {})",
                server.name()
            );
            None
        }
    }
}

/// A table name no other test (in this or a concurrent test process) will use:
/// `ddbx-<prefix>-<pid>-<counter>-<nanos>`, within DynamoDB's 3–255 characters of `[a-zA-Z0-9_.-]`.
#[must_use]
pub fn unique_table_name(prefix: &str) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let counter = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    let prefix: String = prefix
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(100)
        .collect();
    format!("ddbx-{prefix}-{}-{counter}-{nanos}", std::process::id())
}

/// Runs `future` to completion, for synchronous tests (e.g. tests that run the `ddbx` binary)
/// that need the async setup helpers. One runtime serves the whole test process, so the SDK
/// client's pooled connections (tasks on that runtime) outlive each call. Do not call it from
/// inside a `#[tokio::test]`; `.await` the helpers there.
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a tokio runtime for test setup")
        })
        .block_on(future)
}

/// An SDK client for test setup against `endpoint`: fixed region, static fake credentials (the
/// harness's `test`/`test`), no credential chain, no instance metadata.
#[must_use]
pub fn sdk_client(endpoint: &str) -> Client {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(TEST_REGION))
        .credentials_provider(Credentials::new("test", "test", None, None, "ddbx-tests"))
        .endpoint_url(endpoint)
        .build();
    Client::from_conf(config)
}
