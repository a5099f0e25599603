//! The share snippets are executed, as they are, against dynalite: the AWS CLI command (from the
//! test venv), the boto3 script (venv python) and the JavaScript SDK v3 script (node with the
//! pinned `@aws-sdk/client-dynamodb`). Each must return exactly the items ddbx's own query
//! returns, in the same order, across several pages.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use ddbx::backend::{Connection, ExpressionParams, QueryRequest};
use ddbx::domain::ddb_json;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use ddbx::share::{SnippetKind, snippet};
use support::cli::ddbx;
use support::items::seed_items;
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, block_on, sdk_client, server_endpoint, servers_required, unique_table_name};

/// The awkward partition: a quote, a `$` and a backtick must survive every shell and language.
const OWNER: &str = "USER#O'Brien $HOME `id`";

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn items() -> Vec<Item> {
    let mut items = Vec::new();
    for i in 1..=7_i64 {
        items.push(Item::from([
            ("PK".to_owned(), s(OWNER)),
            ("SK".to_owned(), s(&format!("ORDER#{i:02}"))),
            (
                "status".to_owned(),
                s(if i % 2 == 1 { "open" } else { "closed" }),
            ),
            ("amount".to_owned(), AttrValue::n(10 * i - 35)),
            ("GSI1PK".to_owned(), s("STATUS#open")),
            ("GSI1SK".to_owned(), s(&format!("2026-01-{i:02}"))),
            (
                "big".to_owned(),
                AttrValue::N(
                    Number::parse("12345678901234567890123456789012345678").expect("valid"),
                ),
            ),
            (
                "payload".to_owned(),
                AttrValue::B(vec![0x00, 0x80, 0xff, i as u8]),
            ),
            (
                "tags".to_owned(),
                AttrValue::Ss(BTreeSet::from(["a".to_owned(), "ü\"\n".to_owned()])),
            ),
            (
                "address".to_owned(),
                AttrValue::M(BTreeMap::from([
                    ("city".to_owned(), s("Zürich")),
                    ("none".to_owned(), AttrValue::Null),
                    ("ok".to_owned(), AttrValue::Bool(true)),
                ])),
            ),
        ]));
    }
    items.push(Item::from([
        ("PK".to_owned(), s(OWNER)),
        ("SK".to_owned(), s("PROFILE")),
    ]));
    items
}

/// The requests shared: a filtered, projected, descending table query in pages of 2; a GSI
/// query; a consistent LSI range on a number.
fn requests(table: &str) -> Vec<QueryRequest> {
    let values = |pairs: &[(&str, AttrValue)]| {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), value.clone()))
            .collect()
    };
    let names = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(key, name)| ((*key).to_owned(), (*name).to_owned()))
            .collect()
    };
    let mut filtered = QueryRequest::new(
        table,
        "#pk = :pk AND begins_with(SK, :sk)",
        ExpressionParams {
            names: names(&[("#pk", "PK"), ("#st", "status")]),
            values: values(&[(":pk", s(OWNER)), (":sk", s("ORDER#")), (":st", s("open"))]),
        },
    );
    filtered.filter = Some("#st = :st".to_owned());
    filtered.projection = Some("PK, SK, amount, big, payload, tags, address".to_owned());
    filtered.forward = false;
    filtered.limit = Some(2);

    let mut gsi = QueryRequest::new(
        table,
        "GSI1PK = :g AND GSI1SK BETWEEN :from AND :to",
        ExpressionParams {
            names: BTreeMap::new(),
            values: values(&[
                (":g", s("STATUS#open")),
                (":from", s("2026-01-02")),
                (":to", s("2026-01-05")),
            ]),
        },
    );
    gsi.index = Some("GSI1".to_owned());

    let mut lsi = QueryRequest::new(
        table,
        "PK = :pk AND amount > :min",
        ExpressionParams {
            names: BTreeMap::new(),
            values: values(&[(":pk", s(OWNER)), (":min", AttrValue::n(-10))]),
        },
    );
    lsi.index = Some("ByAmount".to_owned());
    lsi.consistent_read = true;
    lsi.limit = Some(3);
    vec![filtered, gsi, lsi]
}

/// ddbx's own answer: `ddbx query --expr` with the same wire text, as DynamoDB JSON lines.
fn ddbx_items(endpoint: &str, request: &QueryRequest) -> Vec<Item> {
    let to_json = |params: &BTreeMap<String, AttrValue>| {
        serde_json::Value::Object(
            params
                .iter()
                .map(|(key, value)| (key.clone(), ddb_json::to_json(value)))
                .collect(),
        )
        .to_string()
    };
    let mut args = vec![
        "query".to_owned(),
        "-o".to_owned(),
        "ddb".to_owned(),
        "--expr".to_owned(),
        request.key_condition.clone(),
        "--values".to_owned(),
        to_json(&request.params.values),
    ];
    if !request.params.names.is_empty() {
        args.push("--names".to_owned());
        args.push(serde_json::to_string(&request.params.names).expect("names serialize"));
    }
    let optional = [
        ("--index", request.index.clone()),
        ("--filter", request.filter.clone()),
        ("--project", request.projection.clone()),
        ("--limit", request.limit.map(|limit| limit.to_string())),
    ];
    for (flag, value) in optional {
        if let Some(value) = value {
            args.push(flag.to_owned());
            args.push(value);
        }
    }
    if !request.forward {
        args.push("--desc".to_owned());
    }
    if request.consistent_read {
        args.push("--consistent".to_owned());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    ddbx(endpoint, Some(&request.table), &args)
        .success()
        .ddb_items()
}

/// A directory for the snippet files, removed when dropped.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new() -> Self {
        let path = std::env::temp_dir().join(unique_table_name("share-snippets"));
        std::fs::create_dir_all(&path).expect("a scratch directory");
        Self(path)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Where the tools are: the venv's bin dir and the JS SDK's node_modules.
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
        _ if servers_required() => panic!(
            "DDBX_TEST_VENV_BIN and DDBX_TEST_JS_SDK_NODE_PATH must be set under DDBX_TEST_REQUIRE_SERVERS=1 \
             (scripts/test-servers.sh exports them)"
        ),
        _ => {
            eprintln!(
                "skipping: the snippet tools are not installed (run through scripts/test-servers.sh)"
            );
            None
        }
    }
}

/// Runs one snippet file as a user would and returns the items it printed.
fn run_snippet(kind: SnippetKind, text: &str, dir: &Path, tools: &Tools) -> Vec<Item> {
    let (file, mut command) = match kind {
        SnippetKind::AwsCli => {
            let file = dir.join("query.sh");
            let mut command = Command::new("sh");
            command.arg(&file);
            (file, command)
        }
        SnippetKind::Boto3 => {
            let file = dir.join("query.py");
            let mut command = Command::new(tools.venv_bin.join("python"));
            command.arg(&file);
            (file, command)
        }
        SnippetKind::JavaScript => {
            let file = dir.join("query.js");
            let mut command = Command::new("node");
            command.arg(&file).env("NODE_PATH", &tools.node_path);
            (file, command)
        }
    };
    std::fs::write(&file, text).expect("the snippet is written");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![tools.venv_bin.clone()];
    paths.extend(std::env::split_paths(&path));
    command.env("PATH", std::env::join_paths(paths).expect("a valid PATH"));
    let output = command.output().expect("the snippet's interpreter starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{kind:?} failed:\n{text}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result: serde_json::Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|error| panic!("{kind:?} printed no JSON ({error}):\n{stdout}"));
    result["Items"]
        .as_array()
        .unwrap_or_else(|| panic!("{kind:?} printed no Items:\n{stdout}"))
        .iter()
        .map(|item| ddb_json::item_from_json(item).expect("DynamoDB JSON items"))
        .collect()
}

#[test]
fn every_snippet_returns_exactly_the_items_ddbx_returns() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let Some(tools) = tools() else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("share");
    let spec = TableSpec::single_table(&table)
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S))
        .lsi("ByAmount", "amount", ValueType::N, ProjectionSpec::All);
    block_on(create_table(&client, &spec));
    block_on(seed_items(&client, &table, &items()));
    let connection = Connection {
        kind: "aws".to_owned(),
        endpoint: Some(endpoint.clone()),
        region: Some("us-east-1".to_owned()),
        profile: None,
        read_only: true,
    };
    let dir = ScratchDir::new();
    for request in requests(&table) {
        let expected = ddbx_items(&endpoint, &request);
        assert!(
            expected.len() >= 2,
            "the query reads several items: {request:?}"
        );
        for kind in SnippetKind::ALL {
            let text = snippet(kind, &request, &connection);
            for secret in [
                "aws_access_key_id",
                "aws_secret_access_key",
                "secretAccessKey",
                "credentials",
            ] {
                assert!(
                    !text.to_lowercase().contains(&secret.to_lowercase()),
                    "{secret} in:\n{text}"
                );
            }
            let got = run_snippet(kind, &text, &dir.0, &tools);
            assert_eq!(got, expected, "{kind:?} for {request:?}:\n{text}");
        }
    }
    block_on(delete_table(&client, &table));
}
