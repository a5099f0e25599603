//! The real binary in a pseudo-terminal on `--demo`: `+` on an account's balance opens the
//! adjustment prompt holding `balance `, the preview shows `SET balance = balance + :v0` with its
//! guard, `y` writes it, and `u` takes the amount back through its own preview.

mod tui_support;

use ddbx::domain::number::Number;
use tui_support::pty::PtySession;
use tui_support::scratch::Scratch;

const ENTER: &str = "\r";

/// The balance the inspector shows (`balance N 12345.67`).
fn shown_balance(screen: &str) -> Number {
    let line = screen
        .lines()
        .find(|line| line.contains("balance N "))
        .unwrap_or_else(|| panic!("no balance row:\n{screen}"));
    let text = line
        .split("balance N ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a value");
    Number::parse(&text.replace(',', "")).unwrap_or_else(|error| panic!("{text}: {error}"))
}

#[test]
fn plus_on_a_balance_adjusts_it_where_it_stands_and_u_takes_it_back() {
    let scratch = Scratch::new("adjust-e2e");
    let tmp = scratch.to_str().expect("utf-8 temp path").to_owned();
    let mut session = PtySession::spawn(&["--demo"], &[("TMPDIR", &tmp), ("DDBX_JOURNAL", "")]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send(&format!(":ACCOUNT#acc_100{ENTER}"));
    session.wait_for("METADATA");
    session.send(&format!("j{ENTER}"));
    let inspector = session.wait_for("size:");
    let before = shown_balance(&inspector);
    let row = inspector
        .lines()
        .filter(|line| line.starts_with('│'))
        .position(|line| line.contains("balance N "))
        .expect("the balance row");
    session.send(&"j".repeat(row));
    session.send("+");
    let prompt = session.wait_for("Adjust where it stands");
    assert!(prompt.contains("│balance "), "{prompt}");
    session.send(&format!("+5 <= 99999999999{ENTER}"));
    let preview = session.wait_for("Preview adjustment");
    assert!(
        preview.contains("SET balance = balance + :v0, version = version + :v1"),
        "{preview}"
    );
    assert!(preview.contains("balance <= :v2"), "{preview}");
    session.send("y");
    let expected = before
        .checked_add(&Number::parse("5").expect("5"))
        .expect("sum");
    session.wait_until("the adjusted balance", |screen| {
        screen.contains("size:") && shown_balance(screen) == expected
    });

    session.send("u");
    let undo = session.wait_for("Preview undo");
    assert!(undo.contains("SET balance = balance + :v0"), "{undo}");
    assert!(undo.contains(r#":v0: {"N":"-5"}"#), "{undo}");
    session.send("y");
    session.wait_until("the balance as it was", |screen| {
        screen.contains("size:") && shown_balance(screen) == before
    });
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    drop(scratch);
}
