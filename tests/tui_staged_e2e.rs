//! The real binary in a pseudo-terminal on `--demo`: an edit staged from the editor (Alt-S)
//! instead of sent, the item marked as staged, the staged screen (`X`) listing it with its
//! diff, `c` showing the exact TransactWriteItems, `y` committing it, and `u` undoing the
//! commit as one transaction through its own preview.

mod tui_support;

use tui_support::pty::PtySession;
use tui_support::scratch::Scratch;

const ENTER: &str = "\r";
const DOWN: &str = "\x1b[B";
const END: &str = "\x1b[F";
const LEFT: &str = "\x1b[D";
const ALT_S: &str = "\x1bs";

#[test]
fn demo_edit_staged_committed_as_one_transaction_then_undone_whole() {
    let scratch = Scratch::new("staged-e2e");
    let tmp = scratch.to_str().expect("utf-8 temp path").to_owned();
    let mut session = PtySession::spawn(&["--demo"], &[("TMPDIR", &tmp), ("DDBX_JOURNAL", "")]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
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
    session.send(ALT_S);
    let staged = session.wait_for("± edit staged");
    assert!(staged.contains("staged the edit: UpdateItem"), "{staged}");
    assert!(
        staged.contains("\"EUR\""),
        "the item is unchanged:\n{staged}"
    );

    session.send("X");
    let listed = session.wait_for("Staged changes (1)");
    assert!(
        listed.contains("currency: {\"S\":\"EUR\"} → {\"S\":\"EURX\"}"),
        "{listed}"
    );
    session.send("c");
    let preview = session.wait_for("all or none — nothing is sent");
    assert!(preview.contains("TransactWriteItems"), "{preview}");
    assert!(preview.contains("ConditionExpression"), "{preview}");
    session.send("y");
    let committed = session.wait_for("committed: 1 action(s) as one transaction");
    assert!(committed.contains("Staged changes (0)"), "{committed}");

    session.send("u");
    let undo = session.wait_for("Undo run b-");
    assert!(undo.contains("TransactWriteItems"), "{undo}");
    session.send("y");
    session.wait_for("undone: run b-");

    // Back in the inspector, the item holds its value as read before the commit.
    session.send("q");
    session.send("R");
    let restored = session.wait_until("the restored item", |screen| {
        screen.contains("size:") && screen.contains("\"EUR\"") && !screen.contains("EURX")
    });
    assert!(!restored.contains("± edit staged"), "{restored}");
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    drop(scratch);
}
