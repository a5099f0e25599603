//! A bulk action on a scope in the real binary, in a pseudo-terminal, against real servers:
//! with nothing marked, `B` in a partition offers every item of the entity under the cursor;
//! the scope is read over every page (more than the screen loaded), its dry run counts exactly,
//! the run deletes only that entity's items, and the batch's undo puts them back exactly — the
//! table read back with another client after each step.

mod support;
mod tui_support;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{AttributeValue, PutRequest, WriteRequest};
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";
const TAB: &str = "\t";
const RIGHT: &str = "\x1b[C";
/// More orders than the app's 500-item pages: the scope takes several.
const ORDERS: usize = 600;
/// `ORDERS` as the dry run counts writes.
const WRITES: &str = "600";

type SdkItem = HashMap<String, AttributeValue>;

fn seeded() -> Vec<SdkItem> {
    let s = |text: &str| AttributeValue::S(text.to_owned());
    let mut items = vec![HashMap::from([
        ("PK".to_owned(), s("USER#scope")),
        ("SK".to_owned(), s("METADATA")),
        ("name".to_owned(), s("Ada")),
    ])];
    for n in 0..ORDERS {
        items.push(HashMap::from([
            ("PK".to_owned(), s("USER#scope")),
            ("SK".to_owned(), s(&format!("ORDER#{n:05}"))),
            (
                "total".to_owned(),
                AttributeValue::N("12345678901234567890.123456789012345678".to_owned()),
            ),
            ("note".to_owned(), s("")),
        ]));
    }
    items
}

fn seed(client: &aws_sdk_dynamodb::Client, table: &str, items: &[SdkItem]) {
    for chunk in items.chunks(25) {
        let requests = chunk
            .iter()
            .map(|item| {
                WriteRequest::builder()
                    .put_request(
                        PutRequest::builder()
                            .set_item(Some(item.clone()))
                            .build()
                            .expect("put request"),
                    )
                    .build()
            })
            .collect();
        let output = block_on(
            client
                .batch_write_item()
                .request_items(table, requests)
                .send(),
        )
        .expect("seed");
        assert!(
            output.unprocessed_items().is_none_or(HashMap::is_empty),
            "a local server processes every item"
        );
    }
}

fn partition(client: &aws_sdk_dynamodb::Client, table: &str) -> Vec<SdkItem> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let page = block_on(
            client
                .query()
                .table_name(table)
                .key_condition_expression("PK = :pk")
                .expression_attribute_values(":pk", AttributeValue::S("USER#scope".to_owned()))
                .consistent_read(true)
                .set_exclusive_start_key(start)
                .send(),
        )
        .expect("query");
        items.extend(page.items.unwrap_or_default());
        start = page.last_evaluated_key;
        if start.is_none() {
            break;
        }
    }
    items.sort_by_key(|item| format!("{:?}", item.get("SK")));
    items
}

fn entity_scope_delete_then_undo_against(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("tui-scope");
    block_on(create_table(&client, &TableSpec::single_table(&table)));
    seed(&client, &table, &seeded());
    let before = partition(&client, &table);
    assert_eq!(before.len(), ORDERS + 1);
    let mut session = PtySession::spawn(
        &["--endpoint-url", &endpoint, "--table", &table],
        &local_env(),
    );
    session.wait_until("discovery to finish", |screen| screen.contains("complete"));
    session.send("P");
    session.wait_for("Jump to partition");
    session.send(&format!("USER#scope{ENTER}"));
    session.wait_for("METADATA");
    // The cursor on an order; nothing marked.
    session.send("jjjj");
    session.send("B");
    session.wait_for("Bulk action on a scope");
    session.send(RIGHT);
    session.wait_for("‹ delete ›");
    session.send(TAB);
    session.send(RIGHT);
    session.wait_for("‹ every User›Order item in partition USER#scope (all pages) ›");
    assert_eq!(
        partition(&client, &table),
        before,
        "choosing the scope sent nothing"
    );
    session.send(ENTER);
    let dry_run = session.wait_for("Dry run — nothing is sent until you confirm");
    assert!(
        dry_run.contains(&format!(
            "{ORDERS} read · {WRITES} writes · 0 unchanged · 0 refused"
        )),
        "every order over every page, on {}:\n{dry_run}",
        server.name()
    );
    assert!(dry_run.contains("DeleteItem"), "{dry_run}");
    assert_eq!(
        partition(&client, &table),
        before,
        "the dry run sent nothing"
    );

    session.send("y");
    let summary = session.wait_until("the run's summary", |screen| {
        screen.contains("Bulk run summary") && screen.contains("(changed since read, skipped)")
    });
    assert!(
        summary.contains(&format!("written {ORDERS} · conflicted 0")),
        "{summary}"
    );
    let left = partition(&client, &table);
    assert_eq!(left.len(), 1, "only the user's metadata is left");
    assert_eq!(
        left[0].get("SK"),
        Some(&AttributeValue::S("METADATA".to_owned()))
    );

    session.send("u");
    let undo = session.wait_for("Dry run of the undo of b-");
    assert!(
        undo.contains(&format!("{ORDERS} read · {WRITES} writes")),
        "{undo}"
    );
    session.send("y");
    session.wait_until("the undo's summary", |screen| {
        screen.contains("Bulk run summary")
            && screen.contains(&format!("written {ORDERS} · conflicted 0"))
    });
    assert_eq!(
        partition(&client, &table),
        before,
        "the undo put back every order exactly, on {}",
        server.name()
    );
    session.send("\x1b");
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    block_on(delete_table(&client, &table));
}

#[test]
fn an_entity_scope_deleted_then_undone_on_dynamodb_local_leaves_the_table_as_it_was() {
    entity_scope_delete_then_undo_against(Server::DdbLocal);
}

#[test]
fn an_entity_scope_deleted_then_undone_on_dynalite_leaves_the_table_as_it_was() {
    entity_scope_delete_then_undo_against(Server::Dynalite);
}
