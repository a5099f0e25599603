//! `ddbx serve` answers real clients — boto3, the JavaScript SDK v3 and the AWS CLI — on the
//! demo engine (writable: every operation, values kept exactly) and on an Export-to-S3 folder
//! (read-only: writes refused with AccessDeniedException, nothing changed).
//!
//! The clients come from scripts/test-servers.sh (`DDBX_TEST_VENV_BIN`,
//! `DDBX_TEST_JS_SDK_NODE_PATH`); without them the tests skip, unless
//! `DDBX_TEST_REQUIRE_SERVERS=1`.

#[path = "serve/server.rs"]
mod server;
mod support;

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};
use server::{PROFILE, Served, write_export};

const BIG: &str = "12345678901234567890123456789012345678";

struct Tools {
    venv_bin: PathBuf,
    node_path: PathBuf,
}

fn tools() -> Option<Tools> {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    match (var("DDBX_TEST_VENV_BIN"), var("DDBX_TEST_JS_SDK_NODE_PATH")) {
        (Some(venv_bin), Some(node_path)) => Some(Tools {
            venv_bin: venv_bin.into(),
            node_path: node_path.into(),
        }),
        _ if support::servers_required() => panic!(
            "DDBX_TEST_VENV_BIN and DDBX_TEST_JS_SDK_NODE_PATH must be set under DDBX_TEST_REQUIRE_SERVERS=1"
        ),
        _ => {
            eprintln!(
                "skipping: the client tools are not installed (run through scripts/test-servers.sh)"
            );
            None
        }
    }
}

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/serve")
        .join(name)
}

/// Fake credentials and a region, as any client needs them; nothing else from the environment.
fn client_command(program: PathBuf) -> Command {
    let mut command = Command::new(program);
    command
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .env("AWS_DEFAULT_REGION", "us-east-1")
        .env("AWS_REGION", "us-east-1")
        .env("AWS_CONFIG_FILE", "/nonexistent/ddbx-test/config")
        .env(
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/ddbx-test/credentials",
        )
        .env("AWS_EC2_METADATA_DISABLED", "true");
    command
}

fn json_output(mut command: Command, what: &str) -> Value {
    let output = command.output().expect("the client starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{what} failed:\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout)
        .unwrap_or_else(|error| panic!("{what} printed no JSON ({error}):\n{stdout}"))
}

fn boto3(tools: &Tools, endpoint: &str, mode: &str) -> Value {
    let mut command = client_command(tools.venv_bin.join("python"));
    command
        .arg(script("boto3_session.py"))
        .args([endpoint, mode]);
    json_output(command, "the boto3 session")
}

fn javascript(tools: &Tools, endpoint: &str, mode: &str) -> Value {
    let mut command = client_command(PathBuf::from("node"));
    command
        .arg(script("js_session.mjs"))
        .args([endpoint, mode])
        .env("NODE_PATH", &tools.node_path);
    json_output(command, "the JavaScript session")
}

/// What a write session must see on any engine that behaves like DynamoDB.
fn expected_write_session() -> Value {
    json!({
        "created": "ACTIVE",
        "got": {
            "PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}, "big": {"N": BIG},
            "tags": {"SS": ["a", "b"]}, "blob": {"B": "AP9iaW4="}, "empty": {"S": ""},
            "version": {"N": "1"},
        },
        "query_count": 1,
        "scan_count": 2,
        "updated_version": "2",
        "stale_update": "ConditionalCheckFailedException",
        "stale_update_item_version": "2",
        "batch_got": 3,
        "transact_cancelled": "TransactionCanceledException",
        "cancellation_codes": ["None", "ConditionalCheckFailed"],
        "t2_written": false,
        "deleted_big": BIG,
        "after_delete": false,
    })
}

fn expected_read_only_session() -> Value {
    let profile: Value = serde_json::from_str(PROFILE).expect("the profile is JSON");
    json!({
        "table": "Orders",
        "got": profile,
        "scan_count": 3,
        "put": "AccessDeniedException",
        "delete": "AccessDeniedException",
        "got_after": profile,
    })
}

fn export_dir() -> tempfile_dir::Dir {
    let dir = tempfile_dir::Dir::new();
    write_export(dir.path());
    dir
}

/// A scratch directory removed on drop.
mod tempfile_dir {
    use std::path::{Path, PathBuf};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new() -> Self {
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("ddbx-serve-test-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).expect("the scratch directory is created");
            Self(path)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[test]
fn boto3_runs_every_operation_against_the_demo_engine_and_the_summary_counts_them() {
    let Some(tools) = tools() else { return };
    let served = Served::start(&["--demo"]);
    assert_eq!(
        boto3(&tools, &served.endpoint, "write"),
        expected_write_session()
    );
    let summary = served.stop();
    for counted in [
        "CreateTable 1",
        "PutItem 2",
        "GetItem 3",
        "Query 1",
        "Scan 1",
        "UpdateItem 2 (1 error)",
        "BatchWriteItem 1",
        "BatchGetItem 1",
        "TransactWriteItems 2 (1 error)",
        "DeleteItem 1",
    ] {
        assert!(
            summary.contains(counted),
            "{counted:?} missing from:\n{summary}"
        );
    }
}

#[test]
fn the_javascript_sdk_runs_every_operation_against_the_demo_engine() {
    let Some(tools) = tools() else { return };
    let served = Served::start(&["--demo"]);
    assert_eq!(
        javascript(&tools, &served.endpoint, "write"),
        expected_write_session()
    );
    served.stop();
}

#[test]
fn boto3_reads_an_export_folder_and_its_writes_are_refused() {
    let Some(tools) = tools() else { return };
    let dir = export_dir();
    let served = Served::start(&["--file", dir.path().to_str().expect("a UTF-8 path")]);
    assert_eq!(
        boto3(&tools, &served.endpoint, "read-only"),
        expected_read_only_session()
    );
    served.stop();
}

#[test]
fn the_javascript_sdk_reads_an_export_folder_and_its_writes_are_refused() {
    let Some(tools) = tools() else { return };
    let dir = export_dir();
    let served = Served::start(&["--file", dir.path().to_str().expect("a UTF-8 path")]);
    assert_eq!(
        javascript(&tools, &served.endpoint, "read-only"),
        expected_read_only_session()
    );
    served.stop();
}

/// One `aws dynamodb` call; `Err` holds stderr when it failed.
fn aws(tools: &Tools, endpoint: &str, args: &[&str]) -> Result<Value, String> {
    let mut command = client_command(tools.venv_bin.join("aws"));
    command
        .args(["--endpoint-url", endpoint, "--output", "json", "dynamodb"])
        .args(args);
    let output = command.output().expect("the AWS CLI starts");
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    if stdout.trim().is_empty() {
        return Ok(Value::Null);
    }
    Ok(serde_json::from_str(&stdout).expect("the AWS CLI prints JSON"))
}

#[test]
fn the_aws_cli_writes_and_reads_the_demo_engine() {
    let Some(tools) = tools() else { return };
    let served = Served::start(&["--demo"]);
    let call = |args: &[&str]| aws(&tools, &served.endpoint, args);
    let tables = call(&["list-tables"]).expect("list-tables");
    assert_eq!(tables["TableNames"], json!(["SingleTableApp"]));
    let demo = call(&[
        "scan",
        "--table-name",
        "SingleTableApp",
        "--select",
        "COUNT",
    ])
    .expect("scan of the demo table");
    assert!(
        demo["Count"].as_u64().is_some_and(|count| count > 100),
        "{demo}"
    );
    call(&[
        "create-table",
        "--table-name",
        "Cli",
        "--attribute-definitions",
        "AttributeName=PK,AttributeType=S",
        "--key-schema",
        "AttributeName=PK,KeyType=HASH",
        "--billing-mode",
        "PAY_PER_REQUEST",
    ])
    .expect("create-table");
    let item = format!(r#"{{"PK":{{"S":"a"}},"big":{{"N":"{BIG}"}},"n":{{"N":"1"}}}}"#);
    call(&["put-item", "--table-name", "Cli", "--item", &item]).expect("put-item");
    let got = call(&[
        "get-item",
        "--table-name",
        "Cli",
        "--key",
        r#"{"PK":{"S":"a"}}"#,
    ])
    .expect("get-item");
    assert_eq!(got["Item"]["big"], json!({"N": BIG}));
    let update = [
        "update-item",
        "--table-name",
        "Cli",
        "--key",
        r#"{"PK":{"S":"a"}}"#,
        "--update-expression",
        "SET n = n + :one",
        "--condition-expression",
        "n = :one",
        "--expression-attribute-values",
        r#"{":one":{"N":"1"}}"#,
        "--return-values",
        "UPDATED_NEW",
    ];
    assert_eq!(
        call(&update).expect("update-item")["Attributes"],
        json!({"n": {"N": "2"}})
    );
    let stale = call(&update).expect_err("the condition no longer holds");
    assert!(stale.contains("ConditionalCheckFailedException"), "{stale}");
    let query = call(&[
        "query",
        "--table-name",
        "Cli",
        "--key-condition-expression",
        "PK = :pk",
        "--expression-attribute-values",
        r#"{":pk":{"S":"a"}}"#,
    ])
    .expect("query");
    assert_eq!(query["Count"], json!(1));
    let batch = r#"{"Cli":[{"PutRequest":{"Item":{"PK":{"S":"b"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"a"}}}}]}"#;
    call(&["batch-write-item", "--request-items", batch]).expect("batch-write-item");
    let transact = r#"[{"Put":{"TableName":"Cli","Item":{"PK":{"S":"c"}},"ConditionExpression":"attribute_not_exists(PK)"}}]"#;
    call(&["transact-write-items", "--transact-items", transact]).expect("transact-write-items");
    let cancelled =
        call(&["transact-write-items", "--transact-items", transact]).expect_err("c exists now");
    assert!(
        cancelled.contains("TransactionCanceledException"),
        "{cancelled}"
    );
    let scan = call(&["scan", "--table-name", "Cli"]).expect("scan");
    let mut keys: Vec<&str> = scan["Items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|item| item["PK"]["S"].as_str())
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["b", "c"]);
    call(&[
        "delete-item",
        "--table-name",
        "Cli",
        "--key",
        r#"{"PK":{"S":"b"}}"#,
    ])
    .expect("delete-item");
    served.stop();
}

#[test]
fn the_aws_cli_is_refused_writes_on_an_export_folder() {
    let Some(tools) = tools() else { return };
    let dir = export_dir();
    let served = Served::start(&["--file", dir.path().to_str().expect("a UTF-8 path")]);
    let call = |args: &[&str]| aws(&tools, &served.endpoint, args);
    let key = r#"{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"}}"#;
    let got = call(&["get-item", "--table-name", "Orders", "--key", key]).expect("get-item");
    assert_eq!(got["Item"]["big"], json!({"N": BIG}));
    let refused = call(&["delete-item", "--table-name", "Orders", "--key", key])
        .expect_err("the export is read-only");
    assert!(refused.contains("AccessDeniedException"), "{refused}");
    assert!(refused.contains("read-only"), "{refused}");
    let again = call(&["get-item", "--table-name", "Orders", "--key", key]).expect("get-item");
    assert_eq!(again, got);
    served.stop();
}

#[test]
fn a_non_loopback_address_is_refused_before_listening() {
    let run = support::cli::run_command({
        let mut command = support::cli::ddbx_command();
        command.args(["--demo", "serve", "--host", "0.0.0.0", "--port", "0"]);
        command
    });
    run.refused(2, &["not a loopback address"]);
}

/// `ddbx serve` serves the DynamoDB Streams API on its port: `ddbx tail` against it follows the
/// demo table's stream and shows the changes written through the endpoint, every digit kept.
#[test]
fn a_tail_against_serve_shows_the_changes_written_to_it() {
    use aws_sdk_dynamodb::types::AttributeValue;
    let served = Served::start(&["--demo"]);
    let client = support::sdk_client(&served.endpoint);
    let table = ddbx::demo::TABLE_NAME;
    support::block_on(
        client
            .put_item()
            .table_name(table)
            .item("PK", AttributeValue::S("USER#tail".into()))
            .item("SK", AttributeValue::S("PROFILE".into()))
            .item("n", AttributeValue::N(BIG.into()))
            .send(),
    )
    .expect("PutItem");
    support::block_on(
        client
            .delete_item()
            .table_name(table)
            .key("PK", AttributeValue::S("USER#tail".into()))
            .key("SK", AttributeValue::S("PROFILE".into()))
            .send(),
    )
    .expect("DeleteItem");
    let mut command = support::cli::ddbx_command();
    command.args([
        "--endpoint-url",
        &served.endpoint,
        "--table",
        table,
        "tail",
        "--since",
        "TRIM_HORIZON",
        "--max-records",
        "2",
    ]);
    let run = support::cli::run_command(command).success();
    let records = run.json_lines();
    let events: Vec<&str> = records
        .iter()
        .map(|record| record["event"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(events, ["INSERT", "REMOVE"], "{records:#?}");
    assert_eq!(records[0]["keys"]["PK"], "USER#tail");
    assert_eq!(records[0]["new"]["n"].to_string(), BIG, "every digit kept");
    assert_eq!(records[1]["old"]["SK"], "PROFILE");
    served.stop();
}
