//! Configuration failures: no region, no credentials. These need an environment without the
//! harness's AWS variables, and changing the environment of a running test process is unsound,
//! so each test re-runs itself as a child process with a scrubbed environment.

use std::process::Command;
use std::time::Duration;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, BackendError};

/// Set in the child process: run the real assertions instead of spawning.
const CHILD_VAR: &str = "DDBX_CONTRACT_CONFIG_CHILD";
const HANG_GUARD: Duration = Duration::from_secs(60);

/// Re-runs test `name` in a child whose environment has no AWS variables and no readable AWS
/// config or credentials files; `extra` adds variables. Fails if the child's test fails.
pub(crate) fn run_in_scrubbed_child(name: &str, extra: &[(&str, &str)]) {
    let mut command = Command::new(std::env::current_exe().expect("test binary path"));
    command.args(["--exact", name, "--nocapture"]);
    for (key, _) in std::env::vars() {
        if key.starts_with("AWS_") {
            command.env_remove(key);
        }
    }
    command
        .env("AWS_CONFIG_FILE", "/nonexistent/ddbx-test/config")
        .env(
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/ddbx-test/credentials",
        )
        .env("AWS_EC2_METADATA_DISABLED", "true")
        .env(CHILD_VAR, "1");
    for (key, value) in extra {
        command.env(key, value);
    }
    let output = command.output().expect("run the child test");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "child test {name} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

pub(crate) fn in_child() -> bool {
    std::env::var(CHILD_VAR).is_ok()
}

#[tokio::test]
async fn missing_region_is_a_clear_error_naming_the_fix() {
    if !in_child() {
        return run_in_scrubbed_child(
            "config::missing_region_is_a_clear_error_naming_the_fix",
            &[],
        );
    }
    let result = AwsBackend::connect(AwsOptions {
        profile: None,
        region: None,
        endpoint_url: Some("http://127.0.0.1:9".to_owned()),
    })
    .await;
    let Err(BackendError::Service { code, message }) = result else {
        panic!("expected a missing-region error, got {result:?}")
    };
    assert_eq!(code, "MissingRegion");
    assert!(
        message.contains("--region") && message.contains("AWS_REGION"),
        "{message}"
    );
}

#[tokio::test]
async fn missing_credentials_are_an_auth_error_with_a_hint() {
    if !in_child() {
        return run_in_scrubbed_child(
            "config::missing_credentials_are_an_auth_error_with_a_hint",
            &[("AWS_REGION", "us-east-1")],
        );
    }
    // Nothing listens on the discard port: if credentials were somehow found, the request
    // would fail as a network error instead and this test would say so.
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: None,
        endpoint_url: Some("http://127.0.0.1:9".to_owned()),
    })
    .await
    .expect("the region comes from AWS_REGION");
    assert_eq!(backend.connection().region.as_deref(), Some("us-east-1"));
    let result = tokio::time::timeout(HANG_GUARD, backend.list_tables())
        .await
        .expect("credential resolution ends");
    let Err(BackendError::Auth { code, message }) = result else {
        panic!("expected an Auth error, got {result:?}")
    };
    assert_eq!(code, "CredentialsNotLoaded");
    assert!(
        message.contains("--profile") && message.contains("AWS_ACCESS_KEY_ID"),
        "{message}"
    );
}

#[tokio::test]
async fn connection_names_kind_endpoint_region_and_profile_but_no_secret() {
    let backend = AwsBackend::connect(AwsOptions {
        profile: Some("support-readonly".to_owned()),
        region: Some("eu-west-2".to_owned()),
        endpoint_url: Some("http://127.0.0.1:9".to_owned()),
    })
    .await
    .expect("connect");
    let connection = backend.connection();
    assert_eq!(connection.kind, "aws");
    assert_eq!(connection.endpoint.as_deref(), Some("http://127.0.0.1:9"));
    assert_eq!(connection.region.as_deref(), Some("eu-west-2"));
    assert_eq!(connection.profile.as_deref(), Some("support-readonly"));
    assert!(!connection.read_only);
    let debug = format!("{backend:?}");
    assert!(
        !debug.contains("secret") && !debug.contains("test"),
        "{debug}"
    );
}

#[tokio::test]
async fn blank_keys_in_the_environment_leave_the_credentials_to_the_profile() {
    if !in_child() {
        let credentials = std::env::temp_dir().join(format!(
            "ddbx-blank-keys-{}-credentials",
            std::process::id()
        ));
        std::fs::write(
            &credentials,
            "[default]\naws_access_key_id = fromprofile\naws_secret_access_key = fromprofile\n",
        )
        .expect("write the credentials file");
        let path = credentials.to_string_lossy().into_owned();
        let _removed = RemovedAtEnd(credentials);
        run_in_scrubbed_child(
            "config::blank_keys_in_the_environment_leave_the_credentials_to_the_profile",
            &[
                ("AWS_SHARED_CREDENTIALS_FILE", &path),
                ("AWS_ACCESS_KEY_ID", " "),
                ("AWS_SECRET_ACCESS_KEY", "ignored-without-a-key-id"),
            ],
        );
        return;
    }
    let Some(endpoint) = crate::support::server_endpoint(crate::support::Server::Dynalite) else {
        return;
    };
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint),
    })
    .await
    .expect("connect");
    // Taking the blank key from the environment would end the chain with CredentialsNotLoaded.
    let tables = tokio::time::timeout(HANG_GUARD, backend.list_tables())
        .await
        .expect("credential resolution ends");
    assert!(tables.is_ok(), "{tables:?}");
}

/// A file the test wrote, removed when the test ends, failed or not.
struct RemovedAtEnd(std::path::PathBuf);

impl Drop for RemovedAtEnd {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
