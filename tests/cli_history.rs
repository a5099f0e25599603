//! `ddbx history` through the real binary against DynamoDB Local: the item's changes newest
//! first from its table's stream (read from TRIM_HORIZON), each stream entry saying who is
//! unknown, merged with ddbx's own journaled write (marked as ddbx's, with its request and
//! connection); other items' records left out; how much was read on stderr; a table without a
//! stream shows the journal alone and says so; the demo's engine answers too.

mod support;

use std::path::{Path, PathBuf};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{AttributeValue, StreamSpecification, StreamViewType};
use support::cli::{Run, ddbx_command, run_command};
use support::tables::{TableSpec, create_table, delete_table};
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

fn table(stream: bool) -> Option<Table> {
    let endpoint = server_endpoint(Server::DdbLocal)?;
    let client = sdk_client(&endpoint);
    let name = unique_table_name("history");
    block_on(async {
        create_table(&client, &TableSpec::single_table(&name)).await;
        if stream {
            client
                .update_table()
                .table_name(&name)
                .stream_specification(
                    StreamSpecification::builder()
                        .stream_enabled(true)
                        .stream_view_type(StreamViewType::NewAndOldImages)
                        .build()
                        .expect("stream spec"),
                )
                .send()
                .await
                .expect("stream enabled");
        }
    });
    let state = std::env::temp_dir().join(format!("ddbx-cli-history-{name}"));
    Some(Table {
        endpoint,
        name,
        client,
        state,
    })
}

fn put(client: &Client, table: &str, pk: &str, sk: &str, status: &str) {
    block_on(
        client
            .put_item()
            .table_name(table)
            .item("PK", AttributeValue::S(pk.to_owned()))
            .item("SK", AttributeValue::S(sk.to_owned()))
            .item("status", AttributeValue::S(status.to_owned()))
            .send(),
    )
    .expect("put");
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

fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    run.stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

fn journal_exists(state: &Path) -> bool {
    state.join("ddbx").join("journal.jsonl").exists()
}

#[test]
fn the_history_merges_the_stream_and_ddbx_journal_newest_first() {
    let Some(table) = table(true) else {
        return;
    };
    let (client, name) = (&table.client, table.name.as_str());
    put(client, name, "USER#1", "PROFILE", "new");
    put(client, name, "USER#2", "PROFILE", "other item");
    put(client, name, "USER#1", "PROFILE", "paid");
    ddbx(
        &table,
        &[
            "update",
            "--pk",
            "USER#1",
            "--sk",
            "PROFILE",
            "--set",
            "status=\"sent\"",
        ],
    )
    .success();
    assert!(journal_exists(&table.state), "ddbx journaled its write");

    let run = ddbx(
        &table,
        &["history", "--pk", "USER#1", "--sk", "PROFILE", "-o", "json"],
    )
    .success();
    let changes = json_lines(&run);
    let sources: Vec<(&str, &str)> = changes
        .iter()
        .map(|change| {
            (
                change["source"].as_str().unwrap_or("?"),
                change["event"].as_str().unwrap_or("?"),
            )
        })
        .collect();
    // ddbx's update appears twice: as its journal entry and as the stream's record of it.
    assert_eq!(
        sources,
        [
            ("ddbx-journal", "MODIFY"),
            ("stream", "MODIFY"),
            ("stream", "MODIFY"),
            ("stream", "INSERT"),
        ],
        "{}",
        run.stdout
    );
    let journal = &changes[0];
    assert_eq!(journal["operation"], "UpdateItem");
    assert_eq!(journal["in_stream"], true, "the stream has the same change");
    assert!(
        journal["request"]
            .as_str()
            .is_some_and(|r| r.contains("UpdateItem")),
        "{journal}"
    );
    assert_eq!(journal["old"]["status"], "paid");
    assert_eq!(journal["new"]["status"], "sent");
    for record in &changes[1..] {
        assert_eq!(
            record["who"], "who: unknown (streams carry no principal)",
            "{record}"
        );
        assert_eq!(record["new"]["PK"], "USER#1", "only this item's records");
    }
    assert_eq!(changes[1]["changed"], serde_json::json!(["status"]));
    assert_eq!(changes[2]["old"]["status"], "new");
    assert_eq!(changes[2]["new"]["status"], "paid");
    assert!(changes[3]["old"].is_null());
    assert!(
        run.stderr.contains("from TRIM_HORIZON")
            && run.stderr.contains("4 records read, 3 of this item"),
        "how much was read: {}",
        run.stderr
    );
    // The table's one shard is open: it has no end to be read to, only pages that came back
    // empty; the calls are its GetShardIterator and four GetRecords (one page, three empty).
    assert!(
        run.stderr
            .contains("1 shard from TRIM_HORIZON (24 h kept), 1 open read until empty")
            && run.stderr.contains(" · 5 of at most 500 calls · "),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("journal: 1 write by ddbx"),
        "{}",
        run.stderr
    );

    // The text form: each change with its attribute diff, the stream's marked as unknown who.
    let text = ddbx(
        &table,
        &[
            "history", "--pk", "USER#1", "--sk", "PROFILE", "-o", "table",
        ],
    )
    .success();
    assert!(
        text.stdout.contains("ddbx journal · UpdateItem")
            && text.stdout.contains("~ status \"paid\" → \"sent\"")
            && text
                .stdout
                .contains("who: unknown (streams carry no principal)"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_table_without_a_stream_shows_the_journal_and_says_it_has_no_stream() {
    let Some(table) = table(false) else {
        return;
    };
    put(&table.client, &table.name, "USER#1", "PROFILE", "new");
    ddbx(
        &table,
        &[
            "update",
            "--pk",
            "USER#1",
            "--sk",
            "PROFILE",
            "--set",
            "status=\"paid\"",
        ],
    )
    .success();
    let run = ddbx(
        &table,
        &["history", "--pk", "USER#1", "--sk", "PROFILE", "-o", "json"],
    )
    .success();
    let changes = json_lines(&run);
    assert_eq!(changes.len(), 1, "{}", run.stdout);
    assert_eq!(changes[0]["source"], "ddbx-journal");
    assert_eq!(changes[0]["in_stream"], false);
    assert!(run.stderr.contains("has no stream"), "{}", run.stderr);

    // A key of the wrong shape is refused before anything is read.
    ddbx(&table, &["history", "--pk", "USER#1"]).refused(2, &["--sk is required"]);
    ddbx(
        &table,
        &[
            "history",
            "--pk",
            "USER#1",
            "--sk",
            "P",
            "--max-requests",
            "0",
        ],
    )
    .refused(2, &["--max-requests 0"]);
}

#[test]
fn a_small_budget_of_calls_is_said_to_be_spent() {
    let Some(table) = table(true) else {
        return;
    };
    put(&table.client, &table.name, "USER#1", "PROFILE", "new");
    let run = ddbx(
        &table,
        &[
            "history",
            "--pk",
            "USER#1",
            "--sk",
            "PROFILE",
            "--max-requests",
            "1",
            "-o",
            "json",
        ],
    )
    .success();
    // The budget's one call takes the shard's iterator: no GetRecords is sent.
    assert!(
        run.stderr.contains(" · 1 of at most 1 calls · ")
            && run
                .stderr
                .contains("GetRecords not sent: the budget of 1 calls was spent")
            && run.stderr.contains("budget spent"),
        "{}",
        run.stderr
    );
}
