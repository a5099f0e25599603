//! Throttling that explains itself, at the SDK boundary: a server of the test's own answers with
//! the documented throttling error shapes (API Reference: `ProvisionedThroughputExceededException`
//! and `ThrottlingException` carry `ThrottlingReasons`, each a `reason` and the `resource` ARN),
//! driven through the real AWS backend and through the real binary.

mod support;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, BackendError, ExpressionParams, QueryRequest};
use serde_json::{Value, json};
use support::cli::ddbx;
use support::shaped_server::{Request, ShapedServer, error_body};

const TABLE: &str = "Orders";
const TABLE_ARN: &str = "arn:aws:dynamodb:us-east-1:111122223333:table/Orders";
const INDEX_ARN: &str = "arn:aws:dynamodb:us-east-1:111122223333:table/Orders/index/GSI1";

fn describe_table() -> Value {
    json!({"Table": {
        "TableName": TABLE,
        "TableStatus": "ACTIVE",
        "TableArn": TABLE_ARN,
        "AttributeDefinitions": [
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"}
        ],
        "KeySchema": [
            {"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "SK", "KeyType": "RANGE"}
        ],
        "GlobalSecondaryIndexes": [{
            "IndexName": "GSI1",
            "IndexArn": INDEX_ARN,
            "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "IndexStatus": "ACTIVE"
        }]
    }})
}

fn index_read_limit() -> Value {
    error_body(
        "ProvisionedThroughputExceededException",
        "The level of configured provisioned throughput for the index was exceeded.",
        json!({"ThrottlingReasons": [
            {"reason": "IndexReadProvisionedThroughputExceeded", "resource": INDEX_ARN}
        ]}),
    )
}

/// Every Query throttled; everything else answered as a table with GSI1 would be.
fn always_throttled(operation: &str, _: &[Request]) -> (u16, Value) {
    match operation {
        "DescribeTable" => (200, describe_table()),
        "DescribeTimeToLive" => (
            200,
            json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}}),
        ),
        "Query" => (400, index_read_limit()),
        other => (
            400,
            error_body("UnknownOperationException", other, json!({})),
        ),
    }
}

fn options(server: &ShapedServer) -> AwsOptions {
    AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(server.endpoint.clone()),
    }
}

fn gsi_query() -> QueryRequest {
    let mut params = ExpressionParams::default();
    params.values.insert(
        ":p".to_owned(),
        ddbx::domain::value::AttrValue::S("CUSTOMER#1".to_owned()),
    );
    QueryRequest {
        index: Some("GSI1".to_owned()),
        ..QueryRequest::new(TABLE, "GSI1PK = :p", params)
    }
}

/// The SDK reads credentials from the environment, and edition 2024 makes setting a variable
/// in a running test unsafe; so a test without them runs itself again in a child process whose
/// environment has fake ones (they only ever reach 127.0.0.1). True in the child.
fn with_fake_credentials(test: &str) -> bool {
    if std::env::var_os("AWS_ACCESS_KEY_ID").is_some() {
        return true;
    }
    let child = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", test])
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .env("AWS_EC2_METADATA_DISABLED", "true")
        .env("AWS_CONFIG_FILE", "/nonexistent/ddbx-test/config")
        .env(
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/ddbx-test/credentials",
        )
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&child.stdout);
    assert!(
        child.status.success() && stdout.contains("1 passed"),
        "{test} in its child process:\n{stdout}\n{}",
        String::from_utf8_lossy(&child.stderr)
    );
    false
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(future)
}

#[test]
fn the_aws_backend_decodes_the_reasons_and_counts_the_retries_the_sdk_made() {
    if !with_fake_credentials(
        "the_aws_backend_decodes_the_reasons_and_counts_the_retries_the_sdk_made",
    ) {
        return;
    }
    let server = ShapedServer::start(always_throttled);
    let error = block_on(async {
        let backend = AwsBackend::connect(options(&server))
            .await
            .expect("connects");
        backend.query(gsi_query()).await.expect_err("throttled")
    });
    let BackendError::Throttled {
        code,
        reasons,
        retries,
        ..
    } = &error
    else {
        panic!("a throttling error: {error:?}");
    };
    assert_eq!(code, "ProvisionedThroughputExceededException");
    assert_eq!(reasons.len(), 1);
    assert_eq!(reasons[0].reason, "IndexReadProvisionedThroughputExceeded");
    assert_eq!(reasons[0].resource.as_deref(), Some(INDEX_ARN));
    let attempts: Vec<String> = server
        .requests("Query")
        .into_iter()
        .map(|request| request.attempt)
        .collect();
    assert_eq!(
        attempts,
        ["attempt=1; max=3", "attempt=2; max=3", "attempt=3; max=3"],
        "the SDK's standard policy retried twice"
    );
    assert_eq!(*retries, 2, "the count matches what the server saw");
    let line = error.to_string();
    assert!(!line.contains('\n'), "{line}");
    assert!(
        line.starts_with("throttled: reads on index GSI1 of table Orders exceed its provisioned read capacity: raise its read capacity units"),
        "{line}"
    );
    assert!(line.contains("(still throttled after 2 retries)"), "{line}");
    assert!(
        line.ends_with("[ProvisionedThroughputExceededException]"),
        "{line}"
    );
}

#[test]
fn a_throttle_that_clears_on_the_retry_returns_the_page() {
    if !with_fake_credentials("a_throttle_that_clears_on_the_retry_returns_the_page") {
        return;
    }
    let server = ShapedServer::start(|operation, so_far: &[Request]| match operation {
        "Query" if so_far.len() == 1 => (400, index_read_limit()),
        "Query" => (200, json!({"Items": [], "Count": 0, "ScannedCount": 0})),
        other => always_throttled(other, so_far),
    });
    let page = block_on(async {
        let backend = AwsBackend::connect(options(&server))
            .await
            .expect("connects");
        backend
            .query(gsi_query())
            .await
            .expect("the retry succeeds")
    });
    assert_eq!(page.count, 0);
    assert_eq!(server.requests("Query").len(), 2);
}

#[test]
fn each_retry_is_told_as_it_starts_with_what_the_attempt_before_it_met() {
    if !with_fake_credentials("each_retry_is_told_as_it_starts_with_what_the_attempt_before_it_met")
    {
        return;
    }
    let server = ShapedServer::start(|operation, so_far: &[Request]| match operation {
        "Query" if so_far.len() == 1 => (400, index_read_limit()),
        "Query" => (200, json!({"Items": [], "Count": 0, "ScannedCount": 0})),
        other => always_throttled(other, so_far),
    });
    let told = block_on(async {
        let backend = AwsBackend::connect(options(&server))
            .await
            .expect("connects");
        let mut notices = backend
            .retry_notices()
            .expect("the AWS backend tells retries");
        backend
            .query(gsi_query())
            .await
            .expect("the retry succeeds");
        let mut told = Vec::new();
        while let Ok(notice) = notices.try_recv() {
            told.push(notice);
        }
        told
    });
    assert_eq!(
        told,
        [ddbx::backend::RetryNotice {
            operation: "Query".to_owned(),
            attempt: 2,
            max_attempts: 3,
            after: "ProvisionedThroughputExceededException".to_owned(),
        }],
        "one retry, told once"
    );
    assert_eq!(server.requests("Query").len(), 2);
}

#[test]
fn a_headless_query_notes_each_retry_before_its_final_error() {
    let server = ShapedServer::start(always_throttled);
    let run = ddbx(
        &server.endpoint,
        Some(TABLE),
        &["query", "--index", "GSI1", "--pk", "CUSTOMER#1"],
    );
    let second =
        "ddbx: Query met ProvisionedThroughputExceededException: sent again (attempt 2 of 3)";
    let third =
        "ddbx: Query met ProvisionedThroughputExceededException: sent again (attempt 3 of 3)";
    let lines: Vec<&str> = run.stderr.lines().collect();
    let at = |wanted: &str| lines.iter().position(|line| *line == wanted);
    let (Some(second_at), Some(third_at)) = (at(second), at(third)) else {
        panic!("each retry noted:\n{}", run.stderr);
    };
    let failed_at = lines
        .iter()
        .position(|line| line.contains("still throttled after 2 retries"))
        .expect("the final error");
    assert!(
        second_at < third_at && third_at < failed_at,
        "{}",
        run.stderr
    );
    assert_eq!(run.code, Some(1));
}

/// DescribeTable declares no throttling exception, so the SDK leaves the error undecoded; the
/// reasons are read from the raw body.
#[test]
fn headless_describe_reads_the_reasons_from_the_body_of_an_undeclared_exception() {
    let server = ShapedServer::start(|operation, _: &[Request]| match operation {
        "DescribeTable" => (
            400,
            error_body(
                "ThrottlingException",
                "Rate of requests exceeds the allowed throughput.",
                json!({"ThrottlingReasons": [
                    {"reason": "TableReadAccountLimitExceeded", "resource": TABLE_ARN}
                ]}),
            ),
        ),
        other => always_throttled(other, &[]),
    });
    let run = ddbx(&server.endpoint, Some(TABLE), &["describe"]);
    run.refused(
        1,
        &[
            "throttled: reads on table Orders reached the account's per-table on-demand read quota in this Region: ask for a higher quota in Service Quotas",
            "(still throttled after 2 retries)",
            "[ThrottlingException]",
        ],
    );
    assert_eq!(server.requests("DescribeTable").len(), 3);
}

#[test]
fn a_headless_query_says_which_limit_on_which_index_and_what_to_do() {
    let server = ShapedServer::start(always_throttled);
    let run = ddbx(
        &server.endpoint,
        Some(TABLE),
        &["query", "--index", "GSI1", "--pk", "CUSTOMER#1"],
    );
    run.refused(
        1,
        &[
            "reads on index GSI1 of table Orders exceed its provisioned read capacity",
            "turn on auto scaling",
            "still throttled after 2 retries",
        ],
    );
    assert!(
        !run.stderr.contains("hint: the table is throttling reads"),
        "the reasons already say what to do: {}",
        run.stderr
    );
    assert_eq!(server.requests("Query").len(), 3);
}

/// A throttle without reasons (a local server, an older service) keeps the service's words and
/// the general hint.
#[test]
fn a_throttle_without_reasons_keeps_the_service_words_and_the_general_hint() {
    let server = ShapedServer::start(|operation, so_far: &[Request]| match operation {
        "Query" => (
            400,
            error_body(
                "ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded.",
                json!({}),
            ),
        ),
        other => always_throttled(other, so_far),
    });
    let run = ddbx(
        &server.endpoint,
        Some(TABLE),
        &["query", "--pk", "CUSTOMER#1"],
    );
    run.refused(
        1,
        &[
            "ProvisionedThroughputExceededException: The level of configured provisioned throughput for the table was exceeded. (still throttled after 2 retries)",
            "hint: the table is throttling reads",
        ],
    );
}
