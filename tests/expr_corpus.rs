//! The expression corpus (`tests/expr_corpus/corpus.json`): valid and invalid expressions with
//! DynamoDB's verdict.
//!
//! - Always: ddbx's own checks (parse, request-wide placeholder use, schema checks) must give
//!   each case's verdict, and its message where the corpus states one.
//! - With the test servers (`scripts/test-servers.sh run -- cargo nextest run --test
//!   expr_corpus`): every case is sent through ddbx's AWS backend (`backend::aws`), exactly as
//!   ddbx would send it; DynamoDB Local, dynalite and moto must each give the same verdict
//!   (accept, or reject with `ValidationException`) and word each rejection as the corpus does,
//!   except where the case records a known deviation of that server, whose recorded answer is
//!   then asserted exactly.

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

/// Runs the corpus against one server; `None` when its endpoint is not configured. Each answer
/// is written as [`ServerVerdict::observed`] words it, with the endpoint shown as `<endpoint>`
/// and the table's (unique) name as `<table>`.
async fn server_verdicts(server: Server) -> Option<BTreeMap<String, String>> {
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
        endpoint_url: Some(endpoint.clone()),
    })
    .await
    .unwrap_or_else(|error| panic!("connecting to {}: {error}", server.name()));
    let mut verdicts = BTreeMap::new();
    for case in cases() {
        let id = text(&case, "id").expect("id").to_owned();
        let verdict = run_case(&backend, &table, &case).await;
        let observed = verdict
            .observed()
            .replace(&endpoint, "<endpoint>")
            .replace(&table, "<table>");
        verdicts.insert(id, observed);
    }
    delete_table(&admin, &table).await;
    Some(verdicts)
}

/// The answer the corpus expects from `server`: DynamoDB's verdict, and its message where the
/// corpus states one; or, for a known deviation of that server, the answer recorded with it.
fn expected_answer(case: &Value, server: Server) -> Expected {
    let recorded = |field: &str| {
        case.get(field)
            .and_then(|deviations| deviations.get(server.name()))
            .map(|deviation| {
                let reason = deviation["reason"]
                    .as_str()
                    .expect("a deviation has a reason");
                let observed = deviation["observed"]
                    .as_str()
                    .expect("a deviation records what the server answers");
                (reason.to_owned(), observed.to_owned())
            })
    };
    if let Some((reason, observed)) = recorded("deviations") {
        return Expected::Deviation { reason, observed };
    }
    if text(case, "verdict") == Some("accept") {
        return Expected::Exactly(ACCEPTED.to_owned());
    }
    if let Some((reason, observed)) = recorded("message_deviations") {
        return Expected::Deviation { reason, observed };
    }
    match text(case, "message") {
        Some(message) => Expected::Exactly(format!("{VALIDATION}: {message}")),
        None => Expected::Refused,
    }
}

const ACCEPTED: &str = "accepted";
const VALIDATION: &str = "ValidationException";

enum Expected {
    /// This exact answer.
    Exactly(String),
    /// A ValidationException, whatever its message.
    Refused,
    /// A known deviation: the server's own recorded answer, exactly.
    Deviation { reason: String, observed: String },
}

impl ServerVerdict {
    /// `accepted`, or `<code>: <message>`.
    fn observed(&self) -> String {
        match self {
            Self::Accepted => ACCEPTED.to_owned(),
            Self::Rejected { code, message } => format!("{code}: {message}"),
        }
    }
}

/// Every case answered by `server` as the corpus expects.
async fn compare_with(server: Server) {
    let Some(verdicts) = server_verdicts(server).await else {
        return;
    };
    let name = server.name();
    let mut mismatches = Vec::new();
    let mut deviations = 0;
    for case in cases() {
        let id = text(&case, "id").expect("id");
        let got = &verdicts[id];
        match expected_answer(&case, server) {
            Expected::Exactly(expected) if *got == expected => {}
            Expected::Refused if got.starts_with(&format!("{VALIDATION}: ")) => {}
            Expected::Deviation { observed, .. } if *got == observed => deviations += 1,
            Expected::Exactly(expected) => {
                mismatches.push(format!("{id}: {name} said {got:?}; DynamoDB: {expected:?}"))
            }
            Expected::Refused => mismatches.push(format!(
                "{id}: {name} said {got:?}; DynamoDB refuses it with a {VALIDATION}"
            )),
            Expected::Deviation { reason, observed } => mismatches.push(format!(
                "{id}: {name}'s known deviation ({reason}) no longer shows as recorded: it said \
                 {got:?}, recorded {observed:?}"
            )),
        }
    }
    assert!(
        mismatches.is_empty(),
        "{name} answers {} cases otherwise than the corpus says:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    println!("{name}: {deviations} cases answered as their recorded deviation says");
}

#[test]
fn every_recorded_deviation_names_a_known_server_its_reason_and_its_answer() {
    for case in cases() {
        let id = text(&case, "id").expect("id");
        for field in ["deviations", "message_deviations"] {
            let Some(entries) = case.get(field).and_then(Value::as_object) else {
                continue;
            };
            for (server, entry) in entries {
                assert!(
                    ["ddblocal", "dynalite", "moto"].contains(&server.as_str()),
                    "{id}: {field} names unknown server {server}"
                );
                let reason = entry.get("reason").and_then(Value::as_str).unwrap_or("");
                let observed = entry.get("observed").and_then(Value::as_str).unwrap_or("");
                assert!(
                    !reason.is_empty(),
                    "{id}: {server} {field} without a reason"
                );
                assert!(
                    observed == ACCEPTED || observed.contains(": "),
                    "{id}: {server} {field} without the observed answer: {entry}"
                );
            }
        }
    }
}

#[tokio::test]
async fn dynamodb_local_gives_the_corpus_verdicts_and_messages_through_the_aws_backend() {
    compare_with(Server::DdbLocal).await;
}

#[tokio::test]
async fn dynalite_gives_the_same_verdicts_through_the_aws_backend_except_known_deviations() {
    compare_with(Server::Dynalite).await;
}

#[tokio::test]
async fn moto_gives_the_same_verdicts_through_the_aws_backend_except_known_deviations() {
    compare_with(Server::Moto).await;
}
