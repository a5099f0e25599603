//! The expression corpus (`tests/expr_corpus/corpus.json`): valid and invalid expressions with
//! DynamoDB's verdict.
//!
//! - Always: ddbx's own checks (parse, request-wide placeholder use, schema checks) must give
//!   each case's verdict, and its message where the corpus states one.
//! - With the test servers (`scripts/test-servers.sh run -- cargo nextest run --test
//!   expr_corpus`): every case is sent through ddbx's AWS backend (`backend::aws`), exactly as
//!   ddbx would send it; dynalite and moto must give the same verdict (accept, or reject with
//!   `ValidationException`) except where the case lists a known deviation for that server, and
//!   dynalite must also word each rejection as the corpus does (syntax errors aside, see the
//!   corpus).

mod expr_support;
mod support;

use std::collections::BTreeMap;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{
    Backend, BackendError, Condition, GetRequest, PutRequest, QueryRequest, ReturnValues,
    ScanRequest, UpdateRequest,
};
use ddbx::domain::ddb_json::from_json;
use ddbx::domain::expr::prepare::{
    ReadExpressions, prepare_condition, prepare_projection, prepare_query, prepare_scan,
    prepare_update,
};
use ddbx::domain::expr::{ExprError, ExpressionParams};
use ddbx::domain::schema::key_from;
use ddbx::domain::value::{AttrValue, ValueType};
use serde_json::Value;
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, TEST_REGION, sdk_client, server_endpoint, unique_table_name};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/expr_corpus/corpus.json");

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

/// What a server answered: accepted (a failed condition counts: the expressions were valid), or
/// rejected with the exception name and message.
enum ServerVerdict {
    Accepted,
    Rejected { code: String, message: String },
}

fn server_verdict(result: Result<(), BackendError>) -> ServerVerdict {
    let (code, message) = match result {
        Ok(()) | Err(BackendError::ConditionFailed { .. }) => return ServerVerdict::Accepted,
        Err(BackendError::Validation(message)) => ("ValidationException".to_owned(), message),
        Err(BackendError::NotFound(message)) => ("ResourceNotFoundException".to_owned(), message),
        Err(BackendError::Service { code, message }) => (code, message),
        Err(other) => ("other".to_owned(), other.to_string()),
    };
    ServerVerdict::Rejected { code, message }
}

/// Every ddbx write carries a condition; cases without one get a condition that always holds and
/// uses no placeholder, so it changes neither the verdict nor the unused-placeholder check.
const ALWAYS: &str = "attribute_exists(PK) OR attribute_not_exists(PK)";

/// Sends one case through the AWS backend, as ddbx would.
async fn run_case(backend: &AwsBackend, table: &str, case: &Value) -> ServerVerdict {
    let params = params(case);
    let key = key_from([("PK", AttrValue::s("corpus")), ("SK", AttrValue::s("item"))]);
    let owned = |field: &str| text(case, field).map(str::to_owned);
    let result = match text(case, "operation").expect("operation") {
        "query" => {
            let mut request =
                QueryRequest::new(table, owned("key_condition").unwrap_or_default(), params);
            request.index = owned("index");
            request.filter = owned("filter");
            request.projection = owned("projection");
            request.consistent_read = case
                .get("consistent_read")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            backend.query(request).await.map(drop)
        }
        "scan" => {
            let mut request = ScanRequest::new(table);
            request.index = owned("index");
            request.filter = owned("filter");
            request.projection = owned("projection");
            request.params = params;
            backend.scan(request).await.map(drop)
        }
        "get" => backend
            .get_item(GetRequest {
                table: table.to_owned(),
                key,
                projection: owned("projection"),
                params,
                consistent_read: false,
            })
            .await
            .map(drop),
        "put" => backend
            .put_item(PutRequest {
                table: table.to_owned(),
                item: key,
                condition: Condition::new(owned("condition").expect("condition")),
                params,
                return_values: ReturnValues::None,
            })
            .await
            .map(drop),
        "update" => backend
            .update_item(UpdateRequest {
                table: table.to_owned(),
                key,
                update: owned("update").expect("update"),
                condition: Condition::new(owned("condition").unwrap_or_else(|| ALWAYS.to_owned())),
                params,
                return_values: ReturnValues::None,
            })
            .await
            .map(drop),
        other => panic!("unknown operation {other}"),
    };
    server_verdict(result)
}

/// Runs the corpus against one server; `None` when its endpoint is not configured.
async fn server_verdicts(server: Server) -> Option<BTreeMap<String, ServerVerdict>> {
    let endpoint = server_endpoint(server)?;
    let admin = sdk_client(&endpoint);
    let table = unique_table_name("expr-corpus");
    let spec = TableSpec::single_table(&table)
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::N))
        .lsi("LSI1", "LSI1SK", ValueType::S, ProjectionSpec::KeysOnly);
    create_table(&admin, &spec).await;
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some(TEST_REGION.to_owned()),
        endpoint_url: Some(endpoint),
    })
    .await
    .unwrap_or_else(|error| panic!("connecting to {}: {error}", server.name()));
    let mut verdicts = BTreeMap::new();
    for case in cases() {
        let id = text(&case, "id").expect("id").to_owned();
        verdicts.insert(id, run_case(&backend, &table, &case).await);
    }
    delete_table(&admin, &table).await;
    Some(verdicts)
}

async fn compare_with(server: Server) {
    let Some(verdicts) = server_verdicts(server).await else {
        return;
    };
    let name = server.name();
    let mut mismatches = Vec::new();
    let mut skipped = Vec::new();
    for case in cases() {
        let id = text(&case, "id").expect("id");
        if let Some(reason) = case
            .get("deviations")
            .and_then(|d| d.get(name))
            .and_then(Value::as_str)
        {
            skipped.push(format!("{id}: known deviation: {reason}"));
            continue;
        }
        let expected_accept = text(&case, "verdict") == Some("accept");
        let expected_message = text(&case, "message");
        match &verdicts[id] {
            ServerVerdict::Accepted if expected_accept => {}
            ServerVerdict::Accepted => {
                mismatches.push(format!(
                    "{id}: {name} accepted it; DynamoDB (and ddbx) reject it"
                ));
            }
            ServerVerdict::Rejected { code, message } => {
                if expected_accept || code != "ValidationException" {
                    mismatches.push(format!(
                        "{id}: {name} said {code} {message:?}; DynamoDB (and ddbx) {}",
                        if expected_accept {
                            "accept"
                        } else {
                            "reject with ValidationException"
                        }
                    ));
                    continue;
                }
                let message_differs = server == Server::Dynalite
                    && expected_message.is_some_and(|expected| {
                        expected != message && !expected.contains("Syntax error; token:")
                    })
                    && case
                        .get("message_deviations")
                        .and_then(|d| d.get(name))
                        .is_none();
                if message_differs {
                    mismatches.push(format!(
                        "{id}: {name} worded it {message:?}, DynamoDB (and ddbx) {:?}",
                        expected_message.unwrap_or("")
                    ));
                }
            }
        }
    }
    println!(
        "{name}: {} cases not compared:\n{}",
        skipped.len(),
        skipped.join("\n")
    );
    assert!(
        mismatches.is_empty(),
        "{name} disagrees on cases not listed as deviations:\n{}",
        mismatches.join("\n")
    );
}

#[tokio::test]
async fn dynalite_gives_the_same_verdicts_through_the_aws_backend_except_known_deviations() {
    compare_with(Server::Dynalite).await;
}

#[tokio::test]
async fn moto_gives_the_same_verdicts_through_the_aws_backend_except_known_deviations() {
    compare_with(Server::Moto).await;
}
