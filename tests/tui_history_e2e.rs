//! The support engineer's journey in the real binary, in a pseudo-terminal, on `--demo`: the
//! table picker → the table → the stream view following → an edit written through the editor's
//! preview → the stream view shows its MODIFY → the inspector → the item history shows the
//! journaled write and the stream's record of it → a PartiQL SELECT finds the new value. The
//! same journey on DynamoDB Local, opened without `--table` on the picker.

mod support;
mod tui_support;

use aws_sdk_dynamodb::types::AttributeValue;
use support::scratch::Scratch;
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";
const ESC: &str = "\x1b";
const DOWN: &str = "\x1b[B";
const END: &str = "\x1b[F";
const LEFT: &str = "\x1b[D";
const CTRL_S: &str = "\x13";
const CTRL_U: &str = "\x15";
const CTRL_C: &str = "\x03";

#[test]
fn demo_picker_table_write_tail_history_and_partiql() {
    let scratch = Scratch::new("history-e2e");
    let state_home = scratch.join("state");
    std::fs::create_dir_all(&state_home).expect("scratch dir");
    let state_text = state_home.to_str().expect("utf-8 temp path").to_owned();
    let mut session = PtySession::spawn(
        &["--demo"],
        &[("XDG_STATE_HOME", &state_text), ("DDBX_JOURNAL", "")],
    );
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    // The picker lists the table; Enter opens it.
    session.send("T");
    session.wait_for("Tables (1)");
    session.send(ENTER);
    session.wait_until("the table again", |screen| {
        !screen.contains("Tables (1)") && screen.contains("complete ")
    });

    journey(&mut session, ddbx::demo::TABLE_NAME);
    session.send(CTRL_C);
    assert!(session.wait_exit().success());
    drop(scratch);
}

/// From the open table: the stream view, an edit of ACCOUNT#acc_100's currency (line 12 of the
/// editor's text) with its preview, the MODIFY in the stream view, the item's history, and a
/// PartiQL SELECT of the item.
fn journey(session: &mut PtySession, table: &str) {
    // The stream view follows from now on.
    session.send("L");
    session.wait_until("the stream followed", |screen| {
        screen.contains("no changes yet") && screen.contains("1 shard open")
    });

    // An edit through the editor, its preview and confirmation (line 12 is the currency).
    session.send(&format!(":ACCOUNT#acc_100{ENTER}"));
    session.wait_for("METADATA");
    session.send(&format!("j{ENTER}"));
    session.wait_for("size:");
    session.send("e");
    session.wait_for("Edit ACCOUNT#acc_100");
    session.send(&DOWN.repeat(11));
    session.send(END);
    session.send(LEFT);
    session.send("X");
    session.wait_for("\"EURX\"");
    session.send(CTRL_S);
    session.wait_for("Preview edit");
    session.send("y");
    session.wait_until("the written item", |screen| {
        screen.contains("written:") && !screen.contains("Preview")
    });

    // The stream view (from the overview) shows the write as it arrives.
    session.send("o");
    session.wait_for("Table overview");
    session.send("L");
    session.wait_until("the MODIFY in the stream view", |screen| {
        screen.contains("MODIFY") && screen.contains("changed: currency")
    });

    // Back to the item; its history holds the journaled write and the stream's record of it.
    session.send(ESC);
    session.wait_for("Table overview");
    session.send(ESC);
    session.wait_for("size:");
    session.send("H");
    let history = session.wait_until("the item history", |screen| {
        screen.contains("History of ACCOUNT#acc_100")
            && screen.contains("ddbx journal · UpdateItem")
            && screen.contains("who: unknown (streams carry no principal)")
            && screen.contains("EUR → EURX")
            && screen.contains("journal: 1 write by ddbx")
    });
    assert!(
        history.contains("the stream holds a change with the same images"),
        "{history}"
    );

    // A PartiQL SELECT of the item finds the new value.
    session.send("o");
    session.wait_for("Table overview");
    session.send("S");
    session.wait_for("PartiQL on");
    session.send(CTRL_U);
    session.send(&format!(
        r#"SELECT * FROM "{}" WHERE PK = 'ACCOUNT#acc_100' AND SK = 'METADATA'"#,
        table
    ));
    session.wait_for("✓ key query");
    session.send(ENTER);
    session.wait_until("the statement's row", |screen| {
        screen.contains("1 item") && screen.contains("complete") && screen.contains("EURX")
    });
    session.send(ENTER);
    session.wait_until("the item found by the statement", |screen| {
        screen.contains("size:") && screen.contains("\"EURX\"")
    });
}

fn scratch_state(name: &str) -> (Scratch, String) {
    let scratch = Scratch::new(name);
    std::fs::create_dir_all(scratch.join("state")).expect("scratch dir");
    let text = scratch
        .join("state")
        .to_str()
        .expect("utf-8 temp path")
        .to_owned();
    (scratch, text)
}

#[test]
fn dynamodb_local_picker_table_write_tail_history_and_partiql() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("tui-history");
    block_on(async {
        create_table(&client, &TableSpec::single_table(&table)).await;
        set_stream(&client, &table, Some("NEW_AND_OLD_IMAGES")).await;
        // The demo's account, attribute for attribute, so the editor's lines are the same.
        client
            .put_item()
            .table_name(&table)
            .item("PK", AttributeValue::S("ACCOUNT#acc_100".into()))
            .item("SK", AttributeValue::S("METADATA".into()))
            .item("balance", AttributeValue::N("66500.14".into()))
            .item("currency", AttributeValue::S("EUR".into()))
            .item("ownerId", AttributeValue::S("usr_1000".into()))
            .item("type", AttributeValue::S("Account".into()))
            .item("version", AttributeValue::N("7".into()))
            .send()
            .await
            .expect("put");
    });
    let (scratch, state_text) = scratch_state("history-e2e-local");
    let mut env = local_env();
    env.extend([
        ("XDG_STATE_HOME", state_text.as_str()),
        ("DDBX_JOURNAL", ""),
    ]);
    let mut session = PtySession::spawn(&["--endpoint-url", &endpoint], &env);
    session.wait_for("Tables (");
    session.send(&table);
    session.wait_until("the filter to leave one table", |screen| {
        screen.contains(&format!("> {table}")) && screen.matches("▶ ").count() == 1
    });
    session.send(ENTER);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    journey(&mut session, &table);
    session.send(CTRL_C);
    assert!(session.wait_exit().success());
    block_on(delete_table(&client, &table));
    drop(scratch);
}
