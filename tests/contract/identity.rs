//! The account id for the header: moto answers STS GetCallerIdentity at its endpoint, dynalite
//! has no STS and the account is simply unknown, and STS is only ever asked at the endpoint
//! DynamoDB uses — never at AWS — when one is configured.

use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ddbx::backend::Backend;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::read_only::ReadOnly;

use crate::config::{in_child, run_in_scrubbed_child};
use crate::setup::Harness;
use crate::support::Server;

/// moto's fixed account for its default credentials.
const MOTO_ACCOUNT: &str = "123456789012";
/// A hang guard, not a speed assertion: retries against a closed connection end within seconds.
const HANG_GUARD: Duration = Duration::from_secs(60);

#[tokio::test]
async fn moto_reports_its_account_id_through_sts_at_the_same_endpoint() {
    let Some(harness) = Harness::aws(Server::Moto).await else {
        return;
    };
    let account = harness.backend().account_id().await;
    assert_eq!(account, Ok(Some(MOTO_ACCOUNT.to_owned())));
    let read_only = ReadOnly::new(Arc::clone(&harness.backend));
    assert_eq!(
        read_only.account_id().await,
        Ok(Some(MOTO_ACCOUNT.to_owned())),
        "the read-only wrapper passes the account through"
    );
}

#[tokio::test]
async fn dynalite_has_no_sts_so_the_account_is_unknown_without_an_error() {
    let Some(harness) = Harness::aws(Server::Dynalite).await else {
        return;
    };
    let account = tokio::time::timeout(HANG_GUARD, harness.backend().account_id())
        .await
        .expect("the lookup ends");
    assert_eq!(account, Ok(None));
}

#[tokio::test]
async fn the_embedded_engine_belongs_to_no_account() {
    let Some(harness) = Harness::memory().await else {
        return;
    };
    assert_eq!(harness.backend().account_id().await, Ok(None));
}

/// A loopback listener that accepts and at once closes every connection, counting them.
fn closing_listener() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let endpoint = format!("http://{}", listener.local_addr().expect("local address"));
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&seen);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            counter.fetch_add(1, Ordering::SeqCst);
            drop(stream);
        }
    });
    (endpoint, seen)
}

/// The child's endpoint, passed by the parent that owns the listener.
const CHILD_ENDPOINT_VAR: &str = "DDBX_CONTRACT_IDENTITY_ENDPOINT";

/// Runs test `name` in a scrubbed child with fake credentials (so a request is signed and sent)
/// and the listener's endpoint in [`CHILD_ENDPOINT_VAR`] and in each of `endpoint_vars`; returns
/// how many connections the listener saw.
fn connections_from_child(name: &str, endpoint_vars: &[&str]) -> usize {
    let (endpoint, seen) = closing_listener();
    let mut variables = vec![
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        (CHILD_ENDPOINT_VAR, endpoint.as_str()),
    ];
    variables.extend(endpoint_vars.iter().map(|var| (*var, endpoint.as_str())));
    run_in_scrubbed_child(name, &variables);
    seen.load(Ordering::SeqCst)
}

/// In the child: the listener's endpoint.
fn child_endpoint() -> String {
    std::env::var(CHILD_ENDPOINT_VAR).expect("set by the parent")
}

#[tokio::test]
async fn with_an_endpoint_url_sts_is_asked_there_and_a_failure_is_just_unknown() {
    if !in_child() {
        let seen = connections_from_child(
            "identity::with_an_endpoint_url_sts_is_asked_there_and_a_failure_is_just_unknown",
            &[],
        );
        assert!(seen >= 1, "GetCallerIdentity went to the endpoint URL");
        return;
    }
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: None,
        endpoint_url: Some(child_endpoint()),
    })
    .await
    .expect("connect");
    let account = tokio::time::timeout(HANG_GUARD, backend.account_id())
        .await
        .expect("the lookup ends");
    assert_eq!(account, Ok(None));
}

#[tokio::test]
async fn a_dynamodb_only_endpoint_setting_is_shown_and_keeps_sts_there_too() {
    if !in_child() {
        let seen = connections_from_child(
            "identity::a_dynamodb_only_endpoint_setting_is_shown_and_keeps_sts_there_too",
            &["AWS_ENDPOINT_URL_DYNAMODB"],
        );
        assert!(seen >= 1, "GetCallerIdentity went to the DynamoDB endpoint");
        return;
    }
    let backend = AwsBackend::connect(AwsOptions::default())
        .await
        .expect("connect");
    assert_eq!(backend.connection().endpoint, Some(child_endpoint()));
    let account = tokio::time::timeout(HANG_GUARD, backend.account_id())
        .await
        .expect("the lookup ends");
    assert_eq!(account, Ok(None));
}
