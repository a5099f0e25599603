//! The support engineer's journey in the real binary, in a pseudo-terminal, on `--demo`: the
//! table picker → the table → the stream view following → an edit written through the editor's
//! preview → the stream view shows its MODIFY → the inspector → the item history shows the
//! journaled write and the stream's record of it → a PartiQL SELECT finds the new value.

mod tui_support;

use tui_support::pty::PtySession;

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
    let scratch = std::env::temp_dir().join(format!("ddbx-history-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
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
        ddbx::demo::TABLE_NAME
    ));
    session.wait_for("✓ key query");
    session.send(ENTER);
    session.wait_for("1 item");
    session.send(ENTER);
    session.wait_until("the item found by the statement", |screen| {
        screen.contains("size:") && screen.contains("\"EURX\"")
    });
    session.send(CTRL_C);
    assert!(session.wait_exit().success());
    let _ = std::fs::remove_dir_all(&scratch);
}
