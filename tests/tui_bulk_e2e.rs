//! Bulk work in the real binary, in a pseudo-terminal: mark a partition's items, open the bulk
//! actions, see the dry run's counts, send, read the summary, and undo the batch through its own
//! dry run — on `--demo` (in memory) and against real servers, whose table is read back with
//! another client after the run and after its undo.

mod support;
mod tui_support;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};
use tui_support::scratch::Scratch;

const ENTER: &str = "\r";
const TAB: &str = "\t";
const RIGHT: &str = "\x1b[C";

/// The number in the status line's `[N marked]`.
fn marked_count(screen: &str) -> Option<u64> {
    let end = screen.find(" marked]")?;
    let start = screen[..end].rfind('[')?;
    screen[start + 1..end].parse().ok()
}

/// Opens partition `pk`, marks every item of it with `*` and returns how many were marked.
fn mark_partition(session: &mut PtySession, pk: &str, first_row_text: &str) -> u64 {
    session.send("P");
    session.wait_for("Jump to partition");
    session.send(&format!("{pk}{ENTER}"));
    session.wait_for(first_row_text);
    session.send("*");
    let screen = session.wait_for("every match read");
    marked_count(&screen).unwrap_or_else(|| panic!("no [N marked] in the status:\n{screen}"))
}

/// The inspector's row for `name`, as its words, if shown.
fn row<'a>(screen: &'a str, name: &str) -> Option<Vec<&'a str>> {
    screen
        .lines()
        .map(|line| line.trim_matches('│').trim())
        .find(|line| line.starts_with(&format!("{name} ")))
        .map(|line| line.split_whitespace().collect())
}

#[test]
fn demo_marked_partition_set_attribute_dry_run_send_summary_then_undo_of_the_batch() {
    let scratch = Scratch::new("bulk-e2e");
    let tmp = scratch.to_str().expect("utf-8 temp path").to_owned();
    let mut session = PtySession::spawn(&["--demo"], &[("TMPDIR", &tmp), ("DDBX_JOURNAL", "")]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    let marked = mark_partition(&mut session, "USER#usr_1000", "METADATA");
    assert!(
        marked >= 2,
        "the user's partition holds several items: {marked}"
    );

    session.send("B");
    session.wait_for("Bulk action on the marked items");
    session.send(RIGHT);
    session.send(RIGHT);
    session.wait_for("‹ set an attribute ›");
    session.send(TAB);
    session.send("audit");
    session.send(TAB);
    session.send("\"seen\"");
    session.wait_for("\"seen\"");
    session.send(ENTER);
    // The whole frame, down to its bottom border: under load the title can arrive first.
    let dry_run = session.wait_until("the dry run, drawn whole", |screen| {
        screen.contains("Dry run — nothing is sent until you confirm")
            && screen.contains("more · j/k <PageDown>/<PageUp> scroll")
    });
    assert!(
        dry_run.contains(&format!(
            "{marked} read · {marked} writes · 0 unchanged · 0 refused"
        )),
        "{dry_run}"
    );
    assert!(dry_run.contains("UpdateItem"), "{dry_run}");
    // Each item's change old → new first, then (scrolled to) the exact requests.
    assert!(dry_run.contains("each item, old → new:"), "{dry_run}");
    assert!(
        dry_run.contains(r#"+ audit: (absent) → {"S":"seen"}"#),
        "{dry_run}"
    );
    assert!(
        dry_run.contains("more · j/k <PageDown>/<PageUp> scroll"),
        "{dry_run}"
    );
    for _ in 0..16 {
        session.send("j");
    }
    session.wait_for("first requests, as they will be sent");

    session.send("y");
    let summary = session.wait_until("the run's summary", |screen| {
        screen.contains("Bulk run summary") && screen.contains("(changed since read, skipped)")
    });
    assert!(
        summary.contains(&format!("written {marked} · conflicted 0")),
        "{summary}"
    );
    // The first row opens in the inspector, read again: the attribute is there.
    session.send(ENTER);
    let inspector = session.wait_until("the written item", |screen| {
        screen.contains("size:") && row(screen, "audit").is_some()
    });
    assert_eq!(
        row(&inspector, "audit").expect("audit row")[..3],
        ["audit", "S", "\"seen\""]
    );

    // Back in the partition, `U` undoes the run: its dry run first.
    session.send("q");
    session.wait_for("METADATA");
    session.send("U");
    let undo = session.wait_for("Dry run of the undo of b-");
    assert!(
        undo.contains(&format!("{marked} read · {marked} writes")),
        "{undo}"
    );
    session.send("y");
    let undone = session.wait_until("the undo's summary", |screen| {
        screen.contains("Bulk run summary") && screen.contains(&format!("written {marked} ·"))
    });
    assert!(undone.contains("conflicted 0"), "{undone}");
    session.send(ENTER);
    let restored = session.wait_until("the restored item, read again", |screen| {
        screen.contains("size:") && screen.contains("read again") && row(screen, "audit").is_none()
    });
    assert!(row(&restored, "PK").is_some(), "{restored}");
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    drop(scratch);
}

type SdkItem = HashMap<String, AttributeValue>;

fn seeded_item(sk: &str, extra: &[(&str, &str)]) -> SdkItem {
    let mut item = HashMap::from([
        ("PK".to_owned(), AttributeValue::S("USER#bulk".to_owned())),
        ("SK".to_owned(), AttributeValue::S(sk.to_owned())),
        // A number past f64's precision, a set and an empty string: kept exactly by the undo.
        (
            "total".to_owned(),
            AttributeValue::N("12345678901234567890.123456789012345678".to_owned()),
        ),
        (
            "tags".to_owned(),
            AttributeValue::Ss(vec!["a".to_owned(), "b".to_owned()]),
        ),
        ("note".to_owned(), AttributeValue::S(String::new())),
    ]);
    for (name, value) in extra {
        item.insert((*name).to_owned(), AttributeValue::S((*value).to_owned()));
    }
    item
}

fn partition(client: &aws_sdk_dynamodb::Client, table: &str) -> Vec<SdkItem> {
    let mut items = block_on(
        client
            .query()
            .table_name(table)
            .key_condition_expression("PK = :pk")
            .expression_attribute_values(":pk", AttributeValue::S("USER#bulk".to_owned()))
            .consistent_read(true)
            .send(),
    )
    .expect("query")
    .items
    .unwrap_or_default();
    items.sort_by_key(|item| format!("{:?}", item.get("SK")));
    items
}

fn delete_then_undo_against(server: Server) {
    let Some(endpoint) = server_endpoint(server) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("tui-bulk");
    let seeded = vec![
        seeded_item("METADATA", &[("name", "Ada")]),
        seeded_item("ORDER#1", &[("status", "PENDING")]),
        seeded_item("ORDER#2", &[("status", "PENDING")]),
        seeded_item("ORDER#3", &[("status", "SHIPPED")]),
    ];
    block_on(create_table(&client, &TableSpec::single_table(&table)));
    for item in &seeded {
        block_on(
            client
                .put_item()
                .table_name(&table)
                .set_item(Some(item.clone()))
                .send(),
        )
        .expect("seed");
    }
    let before = partition(&client, &table);
    assert_eq!(before.len(), 4);
    let mut session = PtySession::spawn(
        &["--endpoint-url", &endpoint, "--table", &table],
        &local_env(),
    );
    session.wait_until("discovery to finish", |screen| screen.contains("complete"));
    let marked = mark_partition(&mut session, "USER#bulk", "METADATA");
    assert_eq!(marked, 4, "{}", server.name());

    session.send("B");
    session.wait_for("Bulk action on the marked items");
    session.send(RIGHT);
    session.wait_for("‹ delete ›");
    session.send(ENTER);
    // The whole frame, down to its bottom border: under load the title can arrive first.
    let dry_run = session.wait_until("the dry run, drawn whole", |screen| {
        screen.contains("Dry run — nothing is sent until you confirm")
            && screen.contains("more · j/k <PageDown>/<PageUp> scroll")
    });
    assert!(
        dry_run.contains("4 read · 4 writes · 0 unchanged · 0 refused"),
        "{dry_run}"
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
    assert!(summary.contains("written 4 · conflicted 0"), "{summary}");
    assert!(partition(&client, &table).is_empty(), "every item deleted");

    session.send("u");
    let undo = session.wait_for("Dry run of the undo of b-");
    assert!(undo.contains("4 read · 4 writes"), "{undo}");
    assert!(undo.contains("PutItem"), "{undo}");
    session.send("y");
    session.wait_until("the undo's summary", |screen| {
        screen.contains("Bulk run summary") && screen.contains("written 4 · conflicted 0")
    });
    assert_eq!(
        partition(&client, &table),
        before,
        "the undo put back every item exactly, on {}",
        server.name()
    );
    session.send("\x1b");
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    block_on(delete_table(&client, &table));
}

#[test]
fn marked_items_deleted_then_undone_on_dynalite_leave_the_table_as_it_was() {
    delete_then_undo_against(Server::Dynalite);
}

#[test]
fn marked_items_deleted_then_undone_on_dynamodb_local_leave_the_table_as_it_was() {
    delete_then_undo_against(Server::DdbLocal);
}
