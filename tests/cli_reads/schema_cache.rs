//! The key-schema cache between runs, counted at the wire: a counting proxy in front of a real
//! server sees every request. A warm `get` or `query` sends its one request and nothing else; a
//! table recreated with other keys is noticed, described again and read right (or refused with
//! the fresh schema's message).

use std::path::PathBuf;
use std::sync::Arc;

use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::fault_proxy::{Fault, FaultProxy};
use crate::support::items::seed_items;
use crate::support::tables::{TableSpec, create_table, delete_table};
use crate::support::{Server, on_every_server, sdk_client, server_endpoint, unique_table_name};

on_every_server!(
    a_warm_get_and_query_send_their_one_request,
    a_table_recreated_with_other_keys_is_described_again,
    a_recreated_table_without_a_sort_key_is_refused_with_the_fresh_schema,
    a_renamed_sort_key_is_noticed_in_the_first_answer,
    describe_asks_each_value_once,
);

/// A counting proxy in front of the server and a state directory of the test's own.
struct Counted {
    proxy: FaultProxy,
    state: PathBuf,
    table: String,
}

impl Counted {
    fn new(endpoint: &str, table: &str) -> Self {
        let state = std::env::temp_dir().join(format!("ddbx-state-{table}"));
        let _ = std::fs::remove_dir_all(&state);
        Self {
            proxy: FaultProxy::start(Some(endpoint), Arc::new(|_, _| Fault::Pass)),
            state,
            table: table.to_owned(),
        }
    }

    /// Runs ddbx through the proxy; returns the run and the targets its requests named.
    fn run(&self, args: &[&str]) -> (Run, Vec<String>) {
        let before = self.proxy.targets().len();
        let mut command = ddbx_command();
        command
            .env("XDG_STATE_HOME", &self.state)
            .env_remove("DDBX_SCHEMA_TTL")
            .args([
                "--endpoint-url",
                &self.proxy.endpoint(),
                "--table",
                &self.table,
            ])
            .args(args);
        let run = run_command(command);
        let targets = self.proxy.targets()[before..]
            .iter()
            .map(|target| target.trim_start_matches("DynamoDB_20120810.").to_owned())
            .collect();
        (run, targets)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.state);
    }
}

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

fn sorted(mut targets: Vec<String>) -> Vec<String> {
    targets.sort();
    targets
}

async fn a_warm_get_and_query_send_their_one_request(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("schema-warm");
    create_table(&client, &TableSpec::single_table(&table)).await;
    let order = item(&[("PK", "USER#1"), ("SK", "ORDER#1"), ("note", "")]);
    seed_items(
        &client,
        &table,
        &[order.clone(), item(&[("PK", "USER#1"), ("SK", "ORDER#2")])],
    )
    .await;
    let counted = Counted::new(&endpoint, &table);
    let get = ["get", "--pk", "USER#1", "--sk", "ORDER#1", "-o", "ddb"];

    let (cold, targets) = counted.run(&get);
    assert_eq!(cold.success().ddb_items(), vec![order.clone()]);
    assert_eq!(
        targets,
        ["DescribeTable", "GetItem"],
        "a cold get describes the table first, without the TTL it does not use"
    );
    let (warm, targets) = counted.run(&get);
    assert_eq!(warm.success().ddb_items(), vec![order.clone()]);
    assert_eq!(targets, ["GetItem"], "a warm get sends exactly one request");

    let (query, targets) = counted.run(&["query", "--pk", "USER#1", "-o", "ddb"]);
    assert_eq!(query.success().ddb_items().len(), 2);
    assert_eq!(targets, ["Query"], "a warm query sends exactly one request");

    let (off, targets) = {
        let mut command = ddbx_command();
        command
            .env("XDG_STATE_HOME", &counted.state)
            .env("DDBX_SCHEMA_TTL", "0")
            .args([
                "--endpoint-url",
                &counted.proxy.endpoint(),
                "--table",
                &table,
            ])
            .args(get);
        let before = counted.proxy.targets().len();
        let run = run_command(command);
        (run, counted.proxy.targets()[before..].to_vec())
    };
    assert_eq!(off.success().ddb_items(), vec![order]);
    assert_eq!(
        targets.len(),
        2,
        "DDBX_SCHEMA_TTL=0 turns the cache off: {targets:?}"
    );
    delete_table(&client, &table).await;
}

/// Replaces the table with one keyed `pk`/`sk` of the given sort type, holding `items`.
async fn recreate(client: &aws_sdk_dynamodb::Client, table: &str, spec: TableSpec, items: &[Item]) {
    delete_table(client, table).await;
    assert_eq!(spec.name, table);
    create_table(client, &spec).await;
    seed_items(client, table, items).await;
}

async fn a_table_recreated_with_other_keys_is_described_again(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("schema-recreated");
    create_table(&client, &TableSpec::single_table(&table)).await;
    seed_items(
        &client,
        &table,
        &[item(&[("PK", "USER#1"), ("SK", "ORDER#1")])],
    )
    .await;
    let counted = Counted::new(&endpoint, &table);
    let get = ["get", "--pk", "USER#1", "--sk", "ORDER#1", "-o", "ddb"];
    counted.run(&get).0.success();

    let renamed = item(&[("pk", "USER#1"), ("sk", "ORDER#1"), ("v", "new")]);
    let spec = TableSpec::new(&table, "pk", ValueType::S).sort("sk", ValueType::S);
    recreate(&client, &table, spec, std::slice::from_ref(&renamed)).await;

    let (stale, targets) = counted.run(&get);
    assert_eq!(stale.success().ddb_items(), vec![renamed.clone()]);
    assert_eq!(targets.first().map(String::as_str), Some("GetItem"));
    assert!(
        targets.contains(&"DescribeTable".to_owned())
            && targets.last().map(String::as_str) == Some("GetItem"),
        "the refused get is followed by a fresh describe and a second get: {targets:?}"
    );
    let (warm, targets) = counted.run(&get);
    assert_eq!(warm.success().ddb_items(), vec![renamed.clone()]);
    assert_eq!(targets, ["GetItem"], "the fresh schema was saved");

    let spec = TableSpec::new(&table, "id", ValueType::S).sort("at", ValueType::N);
    let numbered = Item::from([
        ("id".to_owned(), AttrValue::s("USER#1")),
        ("at".to_owned(), AttrValue::n(7)),
    ]);
    recreate(&client, &table, spec, std::slice::from_ref(&numbered)).await;
    let (query, targets) = counted.run(&["query", "--pk", "USER#1", "-o", "ddb"]);
    assert_eq!(query.success().ddb_items(), vec![numbered]);
    assert!(targets.contains(&"DescribeTable".to_owned()), "{targets:?}");
    delete_table(&client, &table).await;
}

async fn a_recreated_table_without_a_sort_key_is_refused_with_the_fresh_schema(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("schema-nosort");
    create_table(&client, &TableSpec::single_table(&table)).await;
    let counted = Counted::new(&endpoint, &table);
    let get = ["get", "--pk", "USER#1", "--sk", "ORDER#1", "-o", "ddb"];
    counted.run(&get).0.success();

    let spec = TableSpec::new(&table, "PK", ValueType::S);
    recreate(&client, &table, spec, &[item(&[("PK", "USER#1")])]).await;
    let (refused, targets) = counted.run(&get);
    refused.refused(2, &["has no sort key", "drop --sk"]);
    assert!(targets.contains(&"DescribeTable".to_owned()), "{targets:?}");
    let (found, _) = counted.run(&["get", "--pk", "USER#1", "-o", "ddb"]);
    assert_eq!(found.success().ddb_items(), vec![item(&[("PK", "USER#1")])]);
    delete_table(&client, &table).await;
}

async fn a_renamed_sort_key_is_noticed_in_the_first_answer(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("schema-sortname");
    create_table(&client, &TableSpec::single_table(&table)).await;
    let counted = Counted::new(&endpoint, &table);
    counted
        .run(&["query", "--pk", "USER#1", "-o", "ddb"])
        .0
        .success();

    // The partition key keeps its name, so the query itself is still valid: only the answer
    // shows that the sort key is no longer `SK`.
    let renamed = item(&[("PK", "USER#1"), ("at", "ORDER#1")]);
    let spec = TableSpec::new(&table, "PK", ValueType::S).sort("at", ValueType::S);
    recreate(&client, &table, spec, std::slice::from_ref(&renamed)).await;
    let (table_output, targets) = counted.run(&["query", "--pk", "USER#1", "-o", "table"]);
    let text = table_output.success().stdout;
    let header = text.lines().next().unwrap_or_default();
    assert!(
        header.contains("at") && !header.split_whitespace().any(|word| word == "SK"),
        "the key columns are the fresh schema's: {text}"
    );
    assert!(targets.contains(&"DescribeTable".to_owned()), "{targets:?}");
    delete_table(&client, &table).await;
}

/// `describe` shows the table, its TTL, backups, contributor insights and resource policy: one
/// request for each, DescribeTimeToLive's answer serving both the description and the settings.
async fn describe_asks_each_value_once(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("schema-describe");
    create_table(&client, &TableSpec::single_table(&table)).await;
    let counted = Counted::new(&endpoint, &table);

    let (described, targets) = counted.run(&["describe", "-o", "json"]);
    let described = described.success();
    assert!(described.stdout.contains(&table), "{}", described.stdout);
    let mut asked = sorted(targets.clone());
    asked.dedup();
    assert_eq!(
        asked,
        [
            "DescribeContinuousBackups",
            "DescribeContributorInsights",
            "DescribeTable",
            "DescribeTimeToLive",
            "GetResourcePolicy",
        ],
        "a request per value shown: {targets:?}"
    );
    // A call the server fails may be retried (moto answers DescribeContributorInsights with an
    // error the SDK retries); the description and its TTL are asked exactly once.
    for once in ["DescribeTable", "DescribeTimeToLive"] {
        let count = targets.iter().filter(|target| *target == once).count();
        assert_eq!(count, 1, "{once} is sent once: {targets:?}");
    }
    let (warm, targets) = counted.run(&["get", "--pk", "USER#1", "--sk", "ORDER#1", "-o", "ddb"]);
    assert!(warm.success().ddb_items().is_empty());
    assert_eq!(
        targets,
        ["GetItem"],
        "describe saved the schema for the next read"
    );
    delete_table(&client, &table).await;
}
