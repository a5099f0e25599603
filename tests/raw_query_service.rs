//! A raw query ddbx accepts is a query the service accepts: random key conditions and filters
//! (a fixed seed, a bounded number of cases; grammar-shaped with stray tokens, and free text) go
//! through `build_raw_query`, and every request it builds is sent to DynamoDB Local, which must
//! run it without a ValidationException.

mod support;

use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{Backend, BackendError};
use ddbx::domain::raw_query::{RawQueryInput, build_raw_query};
use ddbx::domain::schema::TableDescription;
use ddbx::domain::value::ValueType;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use support::tables::{IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table};
use support::{Server, TEST_REGION, sdk_client, server_endpoint, unique_table_name};

const CASES: usize = 300;
const SEED: [u8; 32] = *b"ddbx raw query vs DynamoDB Local";
/// Enough of the random inputs must be accepted for the comparison to mean something.
const MIN_ACCEPTED: usize = 60;

/// One generated input: the index (if any), the key condition and the filter.
type Input = (Option<&'static str>, String, Option<String>);

/// Free text, made of the grammar's tokens or of anything at all: nearly always refused, which
/// ddbx must do without building a request.
fn noise() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "\\PC{0,40}|(PK|SK|#pk|:pk|\"U\"|=|AND|begins_with|\\(|\\)|,| ){0,12}",
    )
    .expect("noise pattern")
}

/// A key condition on `partition` and `sort`, native or with inline literals, sometimes with a
/// stray token that may or may not break it.
fn key_condition(partition: &'static str, sort: &'static str) -> impl Strategy<Value = String> {
    let equality = [
        format!("{partition} = :pk"),
        format!("{partition} = \"U\""),
        format!(":pk = {partition}"),
        format!("({partition} = :pk)"),
    ];
    let on_sort = [
        format!("{sort} = \"x\""),
        format!("begins_with({sort}, \"A\")"),
        format!("{sort} BETWEEN \"a\" AND \"m\""),
        format!("{sort} > :pk"),
        format!("{sort} <= 5"),
        format!("{sort} BETWEEN 1 AND 9"),
        format!("begins_with({sort}, :pk)"),
        format!("{sort} <> \"x\""),
    ];
    let stray = proptest::option::weighted(
        0.2,
        proptest::sample::select(vec![
            "AND", "(", ")", ",", "OR", "NOT", "#pk", ":nope", "SK",
        ]),
    );
    (
        proptest::sample::select(equality.to_vec()),
        proptest::option::weighted(0.7, proptest::sample::select(on_sort.to_vec())),
        stray,
    )
        .prop_map(|(equality, sort, stray)| {
            let mut text = match sort {
                Some(sort) => format!("{equality} AND {sort}"),
                None => equality,
            };
            if let Some(token) = stray {
                text = format!("{text} {token}");
            }
            text
        })
}

fn filter() -> impl Strategy<Value = Option<String>> {
    let atom = proptest::sample::select(vec![
        "a = \"x\"",
        "#st = 1",
        "attribute_exists(a)",
        "NOT a = :pk",
        "size(a) > 2",
        "contains(a, \"x\")",
        "a IN (1, 2, \"x\")",
        "SK = \"x\"",
        "a = :missing",
        "a =",
    ]);
    let joined = (
        proptest::collection::vec(atom, 1..3),
        proptest::sample::select(vec![" AND ", " OR "]),
    )
        .prop_map(|(atoms, joiner)| atoms.join(joiner));
    proptest::option::weighted(0.5, joined)
}

fn input() -> impl Strategy<Value = Input> {
    proptest::prop_oneof![
        1 => (noise(), filter()).prop_map(|(key, filter)| (None, key, filter)),
        3 => (key_condition("PK", "SK"), filter()).prop_map(|(key, filter)| (None, key, filter)),
        1 => (key_condition("GSI1PK", "GSI1SK"), filter())
            .prop_map(|(key, filter)| (Some("GSI1"), key, filter)),
        1 => (key_condition("PK", "amount"), filter())
            .prop_map(|(key, filter)| (Some("LSI1"), key, filter)),
    ]
}

/// ExpressionAttributeNames and ExpressionAttributeValues for the placeholders the texts use
/// (the service refuses unused ones, and empty maps); `:missing` and `:nope` are left undefined
/// on purpose.
fn placeholders(key_condition: &str, filter: Option<&str>) -> (Option<String>, Option<String>) {
    let text = format!("{key_condition} {}", filter.unwrap_or(""));
    let mut names = Vec::new();
    for (placeholder, name) in [("#pk", "PK"), ("#st", "status")] {
        if text.contains(placeholder) {
            names.push(format!("\"{placeholder}\":\"{name}\""));
        }
    }
    let names = (!names.is_empty()).then(|| format!("{{{}}}", names.join(",")));
    let values = text
        .contains(":pk")
        .then(|| r#"{":pk":{"S":"U"}}"#.to_owned());
    (names, values)
}

/// `CASES` inputs from the fixed seed.
fn inputs() -> Vec<Input> {
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &SEED);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = input();
    (0..CASES)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("a generated case")
                .current()
        })
        .collect()
}

/// PK/SK strings, GSI1 (S/S) and LSI1 on a numeric sort key, as ddbx's own raw-query tests use.
fn spec(name: &str) -> TableSpec {
    TableSpec::single_table(name)
        .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S).sort("GSI1SK", ValueType::S))
        .lsi("LSI1", "amount", ValueType::N, ProjectionSpec::All)
}

async fn described(backend: &AwsBackend, table: &str) -> TableDescription {
    backend
        .describe_table(table)
        .await
        .unwrap_or_else(|error| panic!("describing {table}: {error}"))
}

#[tokio::test]
async fn every_raw_query_ddbx_accepts_is_accepted_by_dynamodb_local() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let admin = sdk_client(&endpoint);
    let table = unique_table_name("raw-query");
    create_table(&admin, &spec(&table)).await;
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some(TEST_REGION.to_owned()),
        endpoint_url: Some(endpoint),
    })
    .await
    .expect("connect to DynamoDB Local");
    let description = described(&backend, &table).await;

    let mut accepted = 0;
    let mut refused_by_service = Vec::new();
    for (index, key_condition, filter) in inputs() {
        let (names, values) = placeholders(&key_condition, filter.as_deref());
        let raw = RawQueryInput {
            table: &table,
            index,
            key_condition: &key_condition,
            filter: filter.as_deref(),
            names_json: names.as_deref(),
            values_json: values.as_deref(),
            ..RawQueryInput::default()
        };
        let Ok(request) = build_raw_query(&description, &raw) else {
            continue;
        };
        accepted += 1;
        match backend.query(request.clone()).await {
            Ok(_) => {}
            Err(BackendError::Validation(message)) => {
                refused_by_service.push(format!(
                    "{index:?} {key_condition:?} / {filter:?}: {message}"
                ));
            }
            Err(other) => panic!("{request:?} failed: {other}"),
        }
    }
    delete_table(&admin, &table).await;
    println!("{accepted} of {CASES} random inputs accepted and run by DynamoDB Local");
    assert!(
        accepted >= MIN_ACCEPTED,
        "only {accepted} of {CASES} random inputs were accepted; the strategies no longer \
         reach valid queries"
    );
    assert!(
        refused_by_service.is_empty(),
        "ddbx accepted {} of {accepted} queries DynamoDB Local refuses:\n{}",
        refused_by_service.len(),
        refused_by_service.join("\n")
    );
}
