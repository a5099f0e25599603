//! The expression corpus (`tests/expr_corpus/corpus.json`): valid and invalid expressions with
//! DynamoDB's verdict.
//!
//! - Always: ddbx's own checks (parse, request-wide placeholder use, schema checks) must give
//!   each case's verdict, and its message where the corpus states one.
//! - With the test servers (`scripts/test-servers.sh run -- cargo nextest run --test
//!   expr_corpus`): dynalite and moto must give the same verdict (accept, or reject with
//!   `ValidationException`) except where the case lists a known deviation for that server; dynalite
//!   must also word each rejection as the corpus does (syntax errors aside, see the corpus).
//!   Requests go through boto3 (`tests/expr_corpus/server_verdicts.py`) until the AWS backend
//!   is on main; then this should go through `backend::aws` instead.

mod expr_support;

use std::collections::BTreeMap;
use std::process::Command;

use ddbx::domain::ddb_json::from_json;
use ddbx::domain::expr::prepare::{
    ReadExpressions, prepare_condition, prepare_projection, prepare_query, prepare_scan,
    prepare_update,
};
use ddbx::domain::expr::{ExprError, ExpressionParams};
use serde_json::Value;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/expr_corpus/corpus.json");
const DRIVER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/expr_corpus/server_verdicts.py"
);

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(CORPUS).expect("corpus file is readable");
    let corpus: Value = serde_json::from_str(&text).expect("corpus is JSON");
    corpus["cases"].as_array().expect("cases array").clone()
}

fn text<'a>(case: &'a Value, field: &str) -> Option<&'a str> {
    case.get(field).and_then(Value::as_str)
}

fn params(case: &Value) -> ExpressionParams {
    let mut params = ExpressionParams::default();
    if let Some(names) = case.get("names").and_then(Value::as_object) {
        for (placeholder, name) in names {
            params
                .names
                .insert(placeholder.clone(), name.as_str().expect("name").to_owned());
        }
    }
    if let Some(values) = case.get("values").and_then(Value::as_object) {
        for (placeholder, value) in values {
            params.values.insert(
                placeholder.clone(),
                from_json(value).expect("value is DynamoDB JSON"),
            );
        }
    }
    params
}

/// ddbx's verdict on one case: what the embedded engine would answer before touching data.
fn ddbx_verdict(case: &Value) -> Result<(), ExprError> {
    let table = expr_support::single_table();
    let params = params(case);
    let read = ReadExpressions {
        index: text(case, "index"),
        key_condition: text(case, "key_condition"),
        filter: text(case, "filter"),
        projection: text(case, "projection"),
        consistent_read: case
            .get("consistent_read")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    };
    match text(case, "operation").expect("operation") {
        "query" => prepare_query(&table, &read, &params).map(drop),
        "scan" => prepare_scan(&table, &read, &params).map(drop),
        "get" => {
            prepare_projection(text(case, "projection").expect("projection"), &params).map(drop)
        }
        "put" => prepare_condition(text(case, "condition").expect("condition"), &params).map(drop),
        "update" => prepare_update(
            &table,
            text(case, "update").expect("update"),
            text(case, "condition"),
            &params,
        )
        .map(drop),
        other => panic!("unknown operation {other}"),
    }
}

#[test]
fn ddbx_gives_the_service_verdict_and_wording_for_every_corpus_case() {
    let mut failures = Vec::new();
    for case in cases() {
        let id = text(&case, "id").expect("id");
        let verdict = ddbx_verdict(&case);
        match (text(&case, "verdict"), &verdict) {
            (Some("accept"), Ok(())) => {}
            (Some("reject"), Err(error)) => {
                if let Some(message) = text(&case, "message")
                    && error.to_string() != message
                {
                    failures.push(format!(
                        "{id}: said {:?}, expected {message:?}",
                        error.to_string()
                    ));
                }
            }
            (expected, got) => {
                failures.push(format!("{id}: expected {expected:?}, ddbx said {got:?}"))
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn corpus_covers_both_verdicts_and_every_operation() {
    let cases = cases();
    let count = |field: &str, value: &str| {
        cases
            .iter()
            .filter(|c| text(c, field) == Some(value))
            .count()
    };
    assert!(count("verdict", "accept") >= 15 && count("verdict", "reject") >= 40);
    for operation in ["query", "scan", "get", "put", "update"] {
        assert!(count("operation", operation) > 0, "{operation}");
    }
}

/// Runs the corpus against one server; `None` when its endpoint is not configured.
fn server_verdicts(endpoint_variable: &str) -> Option<BTreeMap<String, Value>> {
    let Ok(endpoint) = std::env::var(endpoint_variable) else {
        assert!(
            std::env::var("DDBX_TEST_REQUIRE_SERVERS").as_deref() != Ok("1"),
            "{endpoint_variable} is not set but DDBX_TEST_REQUIRE_SERVERS=1"
        );
        println!(
            "note: {endpoint_variable} not set; run under scripts/test-servers.sh to compare with the server"
        );
        return None;
    };
    let venv =
        std::env::var("DDBX_TEST_VENV_BIN").expect("DDBX_TEST_VENV_BIN is set with the endpoints");
    let output = Command::new(format!("{venv}/python"))
        .args([DRIVER, &endpoint, CORPUS])
        .output()
        .expect("the venv python runs");
    assert!(
        output.status.success(),
        "driver failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Vec<Value> = serde_json::from_slice(&output.stdout).expect("driver prints JSON");
    Some(
        results
            .into_iter()
            .map(|result| (text(&result, "id").expect("id").to_owned(), result))
            .collect(),
    )
}

fn compare_with(server: &str, endpoint_variable: &str) {
    let Some(verdicts) = server_verdicts(endpoint_variable) else {
        return;
    };
    let mut mismatches = Vec::new();
    let mut skipped = Vec::new();
    for case in cases() {
        let id = text(&case, "id").expect("id");
        if let Some(reason) = case
            .get("deviations")
            .and_then(|d| d.get(server))
            .and_then(Value::as_str)
        {
            skipped.push(format!("{id}: known deviation: {reason}"));
            continue;
        }
        let result = &verdicts[id];
        if let Some(reason) = text(result, "skipped") {
            skipped.push(format!("{id}: {reason}"));
            continue;
        }
        let accepted = result["accepted"].as_bool().expect("accepted flag");
        let expected_accept = text(&case, "verdict") == Some("accept");
        let code_ok = accepted || text(result, "code") == Some("ValidationException");
        let server_message = text(result, "message").unwrap_or("");
        let message_differs = server == "dynalite"
            && !accepted
            && text(&case, "message").is_some_and(|message| {
                message != server_message && !message.contains("Syntax error; token:")
            })
            && case
                .get("message_deviations")
                .and_then(|d| d.get(server))
                .is_none();
        if message_differs {
            mismatches.push(format!(
                "{id}: {server} worded it {server_message:?}, DynamoDB (and ddbx) {:?}",
                text(&case, "message").unwrap_or("")
            ));
        }
        if accepted != expected_accept || !code_ok {
            mismatches.push(format!(
                "{id}: {server} said {} {:?}, DynamoDB (and ddbx) {}",
                text(result, "code").unwrap_or("OK"),
                text(result, "message").unwrap_or(""),
                if expected_accept { "accept" } else { "reject" }
            ));
        }
    }
    println!(
        "{server}: {} cases not compared:\n{}",
        skipped.len(),
        skipped.join("\n")
    );
    assert!(
        mismatches.is_empty(),
        "{server} disagrees on cases not listed as deviations:\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn dynalite_gives_the_same_verdicts_except_known_deviations() {
    compare_with("dynalite", "DDBX_TEST_DYNALITE_ENDPOINT");
}

#[test]
fn moto_gives_the_same_verdicts_except_known_deviations() {
    compare_with("moto", "DDBX_TEST_MOTO_ENDPOINT");
}
