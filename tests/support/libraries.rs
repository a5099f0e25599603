//! Tables written by the single-table design libraries themselves: runs a writer script of
//! tests/libraries/ with the libraries from npm (`DDBX_TEST_LIBRARIES_NODE_PATH`, exported by
//! scripts/test-servers.sh) against dynalite, and reads the table back through ddbx's backend.

use std::process::Command;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, ScanRequest};
use ddbx::domain::schema::TableDescription;
use ddbx::domain::value::Item;

use super::{Server, server_endpoint, servers_required};

const LIBRARIES_VAR: &str = "DDBX_TEST_LIBRARIES_NODE_PATH";

/// The dynalite endpoint and the libraries' node_modules, or `None` (skip) outside the harness.
pub fn harness() -> Option<(String, String)> {
    let endpoint = server_endpoint(Server::Dynalite)?;
    match std::env::var(LIBRARIES_VAR) {
        Ok(path) if !path.is_empty() => Some((endpoint, path)),
        _ if servers_required() => {
            panic!("{LIBRARIES_VAR} is not set: run through scripts/test-servers.sh")
        }
        _ => None,
    }
}

/// Runs a table writer of tests/libraries with the library from npm.
pub fn write_with_library(script: &str, (endpoint, node_path): &(String, String), tables: &[&str]) {
    let path = format!("{}/tests/libraries/{script}", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("node")
        .arg(path)
        .args(tables)
        .env("NODE_PATH", node_path)
        .env("DDBX_TEST_DYNALITE_ENDPOINT", endpoint)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The table's description and every item, read through ddbx's backend over HTTP.
pub fn read_table(endpoint: &str, table: &str) -> (TableDescription, Vec<Item>) {
    super::block_on(async {
        let backend = dynalite_backend(endpoint).await;
        let description = backend.describe_table(table).await.expect("describes");
        let mut request = ScanRequest::new(table.to_owned());
        let mut items = Vec::new();
        loop {
            let page = backend.scan(request.clone()).await.expect("scans");
            items.extend(page.items);
            match page.last_evaluated_key {
                Some(key) => request.start_key = Some(key),
                None => return (description, items),
            }
        }
    })
}

/// ddbx's backend for dynalite, as the app connects to it.
pub async fn dynalite_backend(endpoint: &str) -> AwsBackend {
    AwsBackend::connect(AwsOptions {
        region: Some("us-east-1".into()),
        endpoint_url: Some(endpoint.into()),
        profile: None,
    })
    .await
    .expect("connects")
}

/// A table name as unique as [`super::unique_table_name`] but always as long, so that screens
/// showing it can be snapshotted with the name masked.
#[must_use]
pub fn fixed_width_table_name(prefix: &str) -> String {
    use std::hash::{BuildHasher, RandomState};
    let unique = super::unique_table_name(prefix);
    format!("{prefix}-{:016x}", RandomState::new().hash_one(unique))
}
