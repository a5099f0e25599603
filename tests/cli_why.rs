//! `ddbx why` through the real binary against DynamoDB Local (and the demo's engine): one
//! table of cases, one per cause an item is missing from a query's results, each explained
//! by the step that excludes it with the item's values; items that are in the results say so;
//! a read cut short never claims the item is absent; nothing is ever written.

mod support;

use std::path::PathBuf;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use serde_json::Value;
use support::cli::{Run, ddbx_command, run_command};
use support::items::seed_items;
use support::tables::{
    IndexSpec, ProjectionSpec, TableSpec, create_table, delete_table, enable_ttl,
};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};

struct Table {
    endpoint: String,
    name: String,
    client: Client,
    state: PathBuf,
}

impl Drop for Table {
    fn drop(&mut self) {
        block_on(delete_table(&self.client, &self.name));
        let _ = std::fs::remove_dir_all(&self.state);
    }
}

fn s(text: &str) -> AttrValue {
    AttrValue::S(text.to_owned())
}

fn ticket(sk: &str, status: &str) -> Item {
    Item::from([
        ("PK".to_owned(), s("TENANT#acme")),
        ("SK".to_owned(), s(sk)),
        ("status".to_owned(), s(status)),
        ("assignee".to_owned(), s("kim")),
    ])
}

/// A support-desk table: tickets of one tenant, a sparse status index projecting only
/// `status`, TTL on `expiresAt`.
fn table() -> Option<Table> {
    let endpoint = server_endpoint(Server::DdbLocal)?;
    let client = sdk_client(&endpoint);
    let name = unique_table_name("why");
    let index = IndexSpec::new("GSI1", "GSI1PK", ValueType::S)
        .sort("GSI1SK", ValueType::S)
        .projection(ProjectionSpec::Include(vec!["status".to_owned()]));
    let mut escalated = ticket("TICKET#2026-06-30#t1", "OPEN");
    escalated.insert("GSI1PK".to_owned(), s("ESCALATED"));
    escalated.insert("GSI1SK".to_owned(), s("2026-06-30"));
    let mut stringly = ticket("TICKET#2026-06-29#t2", "CLOSED");
    stringly.insert("priority".to_owned(), s("5"));
    let mut expired = ticket("TICKET#2026-06-28#t3", "OPEN");
    expired.insert(
        "expiresAt".to_owned(),
        AttrValue::N(Number::from(1_000_000_000)),
    );
    let items = vec![
        escalated,
        stringly,
        expired,
        ticket("TICKET#2026-07-01#t4", "OPEN"),
        ticket("TICKET#2026-07-02#t5", "OPEN"),
    ];
    block_on(async {
        create_table(&client, &TableSpec::single_table(&name).gsi(index)).await;
        enable_ttl(&client, &name, "expiresAt")
            .await
            .expect("DynamoDB Local sets TTL");
        seed_items(&client, &name, &items).await;
    });
    let state = std::env::temp_dir().join(format!("ddbx-cli-why-{name}"));
    Some(Table {
        endpoint,
        name,
        client,
        state,
    })
}

fn ddbx(table: &Table, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command
        .env("XDG_STATE_HOME", &table.state)
        .env_remove("DDBX_JOURNAL")
        .args(["--endpoint-url", &table.endpoint, "--table", &table.name])
        .args(args);
    run_command(command)
}

/// The explanation of `sk` of the tenant against the query `query`, as JSON.
fn why(table: &Table, sk: &str, query: &[&str]) -> Value {
    let mut args = vec!["why", "--pk", "TENANT#acme", "--sk", sk, "-o", "json"];
    args.extend_from_slice(query);
    let run = ddbx(table, &args).success();
    serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

/// The step named `check`, panicking with the whole explanation when there is none.
fn step<'a>(explanation: &'a Value, check: &str) -> &'a Value {
    explanation["steps"]
        .as_array()
        .and_then(|steps| steps.iter().find(|step| step["check"] == check))
        .unwrap_or_else(|| panic!("no {check} step in {explanation:#}"))
}

/// Asserts the step's verdict and that one of its lines holds `needle`.
#[track_caller]
fn assert_step(explanation: &Value, check: &str, verdict: &str, needle: &str) {
    let found = step(explanation, check);
    assert_eq!(found["verdict"], verdict, "{check} in {explanation:#}");
    let lines = found["lines"].as_array().expect("lines");
    assert!(
        lines
            .iter()
            .any(|line| line.as_str().is_some_and(|line| line.contains(needle))),
        "{check} should say {needle:?}: {explanation:#}"
    );
}

fn summary(explanation: &Value) -> &str {
    explanation["summary"].as_str().expect("a summary")
}

#[test]
fn an_item_in_the_results_says_where() {
    let Some(table) = table() else { return };
    let found = why(
        &table,
        "TICKET#2026-06-29#t2",
        &["--sk-begins-with", "TICKET#"],
    );
    assert_eq!(summary(&found), "in the results");
    assert_step(
        &found,
        "item",
        "passes",
        "the table holds an item with this key",
    );
    assert_step(
        &found,
        "key condition",
        "passes",
        r#"begins_with(SK, "TICKET#")"#,
    );
    assert_step(&found, "paging", "passes", "it is result 2 (page 1, row 2)");
}

#[test]
fn a_prefix_that_almost_matches_names_the_first_differing_character() {
    let Some(table) = table() else { return };
    let found = why(
        &table,
        "TICKET#2026-06-29#t2",
        &["--sk-begins-with", "TICKET#2026-07"],
    );
    assert_step(
        &found,
        "key condition",
        "excludes",
        r#"they differ at character 14: '6' where "TICKET#2026-07" has '7'"#,
    );
    assert!(summary(&found).starts_with("not in the results: key condition: begins_with"));
    assert_step(&found, "paging", "excludes", "which is every page");
}

#[test]
fn a_between_upper_bound_that_ends_where_the_key_goes_on_is_named() {
    let Some(table) = table() else { return };
    let found = why(
        &table,
        "TICKET#2026-06-30#t1",
        &["--sk-between", "TICKET#2026-06-01", "TICKET#2026-06-30"],
    );
    assert_step(
        &found,
        "key condition",
        "excludes",
        "starts with the upper bound and goes on",
    );
}

#[test]
fn a_false_filter_clause_is_named_with_the_items_value_and_a_type_clash() {
    let Some(table) = table() else { return };
    let found = why(
        &table,
        "TICKET#2026-06-29#t2",
        &["--filter", r#"status = "OPEN""#],
    );
    assert_step(
        &found,
        "filter",
        "excludes",
        r#"the item's status is S "CLOSED""#,
    );
    let clash = why(
        &table,
        "TICKET#2026-06-29#t2",
        &["--filter", "priority > 3"],
    );
    assert_step(
        &clash,
        "filter",
        "excludes",
        "priority is S and the filter compares it with N 3",
    );
}

#[test]
fn a_sparse_index_an_unprojected_attribute_and_a_projection_are_explained() {
    let Some(table) = table() else { return };
    let sparse = why(
        &table,
        "TICKET#2026-06-29#t2",
        &["--index", "GSI1", "--query-pk", "ESCALATED"],
    );
    assert_step(
        &sparse,
        "index",
        "excludes",
        "not in GSI1: GSI1PK missing, GSI1SK missing",
    );
    let refused = why(
        &table,
        "TICKET#2026-06-30#t1",
        &[
            "--index",
            "GSI1",
            "--query-pk",
            "ESCALATED",
            "--filter",
            r#"assignee = "kim""#,
        ],
    );
    let words = "Secondary index GSI1 does not project one or more filter attributes: [assignee]";
    assert_step(&refused, "request", "excludes", words);
    assert_step(&refused, "index", "passes", "in GSI1 as GSI1PK=ESCALATED");
    assert_step(
        &refused,
        "filter",
        "excludes",
        "assignee is not projected into GSI1: DynamoDB refuses a Query whose filter names it",
    );
    // ddbx refuses the same query before sending it (exit 2), in the words the reference server
    // uses when the query reaches it.
    let sent = ddbx(
        &table,
        &[
            "query",
            "--index",
            "GSI1",
            "--pk",
            "ESCALATED",
            "--filter",
            r#"assignee = "kim""#,
        ],
    );
    sent.refused(2, &[words]);
    let server = block_on(
        table
            .client
            .query()
            .table_name(&table.name)
            .index_name("GSI1")
            .key_condition_expression("GSI1PK = :pk")
            .filter_expression("assignee = :who")
            .expression_attribute_values(":pk", AttributeValue::S("ESCALATED".into()))
            .expression_attribute_values(":who", AttributeValue::S("kim".into()))
            .send(),
    )
    .expect_err("the server refuses a filter on an unprojected attribute");
    let message = format!("{}", aws_sdk_dynamodb::error::DisplayErrorContext(&server));
    assert!(message.contains(words), "{message}");
    let projected = why(
        &table,
        "TICKET#2026-06-30#t1",
        &[
            "--index",
            "GSI1",
            "--query-pk",
            "ESCALATED",
            "--project",
            "assignee",
        ],
    );
    assert_step(
        &projected,
        "request",
        "excludes",
        "Global secondary index GSI1 does not project [assignee]",
    );
}

#[test]
fn an_expired_item_still_returned_is_noted() {
    let Some(table) = table() else { return };
    let found = why(&table, "TICKET#2026-06-28#t3", &[]);
    assert_step(&found, "ttl", "note", "expiresAt: expired");
    assert_eq!(summary(&found), "in the results");
}

#[test]
fn paging_says_when_the_item_is_beyond_what_is_read_and_never_claims_what_was_not_read() {
    let Some(table) = table() else { return };
    let beyond = why(&table, "TICKET#2026-07-02#t5", &["--max-items", "2"]);
    assert_step(
        &beyond,
        "paging",
        "excludes",
        "it is result 5 (page 3, row 1) (Limit 2: at most 2 items evaluated per page), but only the first 2 results are read",
    );
    let cut = why(
        &table,
        "TICKET#2026-07-02#t5",
        &["--limit", "1", "--max-pages", "2"],
    );
    assert_step(&cut, "paging", "not known", "the rest was not read");
    assert!(summary(&cut).starts_with("not known: paging"), "{cut:#}");
}

#[test]
fn a_deleted_item_is_found_deleted_in_the_journal() {
    let Some(table) = table() else { return };
    ddbx(
        &table,
        &[
            "delete",
            "--pk",
            "TENANT#acme",
            "--sk",
            "TICKET#2026-07-01#t4",
        ],
    )
    .success();
    let gone = why(&table, "TICKET#2026-07-01#t4", &[]);
    assert_step(
        &gone,
        "item",
        "excludes",
        "the table holds no item with this key",
    );
    assert_step(&gone, "item", "excludes", "it was deleted: DeleteItem at");
    assert!(
        step(&gone, "item")["relied_on"]
            .as_str()
            .is_some_and(|text| text.contains("journal: 1 write")),
        "{gone:#}"
    );
}

#[test]
fn the_text_form_reads_as_a_ticket_note_and_nothing_is_written() {
    let Some(table) = table() else { return };
    let run = ddbx(
        &table,
        &[
            "why",
            "--pk",
            "TENANT#acme",
            "--sk",
            "TICKET#2026-06-29#t2",
            "--filter",
            r#"status = "OPEN""#,
        ],
    )
    .success();
    let lines = run.lines();
    assert_eq!(
        lines[0],
        r#"item: PK = "TENANT#acme", SK = "TICKET#2026-06-29#t2""#
    );
    assert!(
        lines[1].starts_with("query: Query ddbx-why-"),
        "{}",
        run.stdout
    );
    assert_eq!(
        lines[2],
        r#"not in the results: filter: status = "OPEN": false (the item's status is S "CLOSED")"#
    );
    assert!(
        run.stdout.contains("(relied on: GetItem (ConsistentRead))"),
        "{}",
        run.stdout
    );
    assert!(
        !table.state.join("ddbx").join("journal.jsonl").exists(),
        "an explanation never writes"
    );
}

#[test]
fn an_index_query_without_its_partition_value_is_refused_before_connecting() {
    let run = run_command({
        let mut command = ddbx_command();
        command.args([
            "--endpoint-url",
            "http://127.0.0.1:9",
            "--table",
            "Tickets",
            "why",
            "--pk",
            "A",
            "--sk",
            "B",
            "--index",
            "GSI1",
        ]);
        command
    });
    run.refused(2, &["--query-pk V"]);
}

#[test]
fn the_engine_explains_a_multi_attribute_index_and_refuses_an_unprojected_filter_as_the_service_does()
 {
    let demo = |args: &[&str]| -> Value {
        let mut command = ddbx_command();
        command.args(["--demo", "why", "-o", "json"]).args(args);
        let run = run_command(command).success();
        serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
    };
    let multi = demo(&[
        "--pk",
        "ORDER#ord_5899",
        "--sk",
        "METADATA",
        "--index",
        "GSI3",
        "--expr",
        r#"status = "DELIVERED" AND region = "EU""#,
    ]);
    assert_step(
        &multi,
        "key condition",
        "excludes",
        r#"region = "EU": the item's region is "LATAM""#,
    );
    let unprojected = demo(&[
        "--pk",
        "ORDER#ord_5211",
        "--sk",
        "METADATA",
        "--index",
        "GSI2",
        "--query-pk",
        "ORDERS_PENDING_REVIEW",
        "--filter",
        r#"userId = "usr_1099""#,
    ]);
    assert_step(
        &unprojected,
        "request",
        "excludes",
        "Secondary index GSI2 does not project one or more filter attributes: [userId]",
    );
}
