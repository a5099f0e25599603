//! End to end: the real binary in a pseudo-terminal on `--demo` (writable, in memory). Open an
//! account, edit a field in the editor, see the preview, confirm, see the new version; undo it
//! through its own preview; and find the journal file, private to the user.

mod tui_support;

use tui_support::pty::PtySession;
use tui_support::scratch::Scratch;

const ENTER: &str = "\r";
const DOWN: &str = "\x1b[B";
const END: &str = "\x1b[F";
const LEFT: &str = "\x1b[D";
const CTRL_S: &str = "\x13";

/// The inspector's row for `name`, as its words (`version N 8`).
fn row<'a>(screen: &'a str, name: &str) -> Vec<&'a str> {
    screen
        .lines()
        .map(|line| line.trim_matches('│').trim())
        .find(|line| line.starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no row for {name}:\n{screen}"))
        .split_whitespace()
        .collect()
}

#[test]
fn demo_edit_preview_confirm_new_version_then_undo_restores_and_journals_privately() {
    let scratch = Scratch::new("edit-e2e");
    let (state_home, home, tmp) = (
        scratch.join("state"),
        scratch.join("home"),
        scratch.join("tmp"),
    );
    for dir in [&state_home, &home, &tmp] {
        std::fs::create_dir_all(dir).expect("scratch dirs");
    }
    let text_of = |path: &std::path::Path| path.to_str().expect("utf-8 temp path").to_owned();
    let (state_home_text, home_text, tmp_text) =
        (text_of(&state_home), text_of(&home), text_of(&tmp));
    let mut session = PtySession::spawn(
        &["--demo"],
        &[
            ("XDG_STATE_HOME", &state_home_text),
            ("HOME", &home_text),
            ("TMPDIR", &tmp_text),
            ("DDBX_JOURNAL", ""),
        ],
    );
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send(&format!(":ACCOUNT#acc_100{ENTER}"));
    session.wait_for("METADATA");
    session.send(&format!("j{ENTER}"));
    let inspector = session.wait_for("size:");
    assert_eq!(
        row(&inspector, "currency")[..3],
        ["currency", "S", "\"EUR\""]
    );
    assert_eq!(row(&inspector, "version")[..3], ["version", "N", "7"]);

    // The editor opens on DynamoDB JSON, attributes by name: line 12 holds the currency value.
    session.send("e");
    session.wait_for("Edit ACCOUNT#acc_100");
    session.send(&DOWN.repeat(11));
    session.send(END);
    session.send(LEFT);
    session.send("X");
    session.wait_for("\"EURX\"");
    session.send(CTRL_S);
    let preview = session.wait_for("Preview edit");
    assert!(
        preview.contains("currency: {\"S\":\"EUR\"} → {\"S\":\"EURX\"}"),
        "{preview}"
    );
    assert!(
        preview.contains("ConditionExpression: version = :v"),
        "{preview}"
    );
    session.send("y");
    let written = session.wait_until("the written item", |screen| {
        screen.contains("written:") && !screen.contains("Preview")
    });
    assert_eq!(
        row(&written, "currency")[..3],
        ["currency", "S", "\"EURX\""]
    );
    assert_eq!(row(&written, "version")[..3], ["version", "N", "8"]);

    session.send("u");
    let undo = session.wait_for("Preview undo");
    assert!(
        undo.contains("currency: {\"S\":\"EURX\"} → {\"S\":\"EUR\"}"),
        "{undo}"
    );
    session.send("y");
    let restored = session.wait_until("the restored item", |screen| {
        !screen.contains("Preview") && screen.contains("\"EUR\"")
    });
    assert_eq!(
        row(&restored, "currency")[..3],
        ["currency", "S", "\"EUR\""]
    );
    let version: u32 = row(&restored, "version")[2]
        .parse()
        .expect("a version number");
    assert!(
        version > 8,
        "the counter moves forward on undo too:\n{restored}"
    );

    // The demo's writes are journaled (undo above read them) in its own private temporary
    // directory, never in the user's journal.
    let demo_dirs: Vec<_> = std::fs::read_dir(&tmp)
        .expect("tmp")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("ddbx-demo-"))
        })
        .collect();
    assert_eq!(demo_dirs.len(), 1, "{demo_dirs:?}");
    let journal = demo_dirs[0].join("journal.jsonl");
    let text = std::fs::read_to_string(&journal).expect("the demo journal exists");
    // Two writes (the edit and its undo), each an intent line and an outcome line.
    let entries = ddbx::journal::Journal::open(journal.clone())
        .entries()
        .expect("readable");
    assert_eq!(entries.len(), 2, "{text}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&journal)
            .expect("journal")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    for real in [
        state_home.join("ddbx").join("journal.jsonl"),
        home.join(".local/state/ddbx/journal.jsonl"),
    ] {
        assert!(!real.exists(), "the demo wrote the real journal {real:?}");
    }
    assert!(!demo_dirs[0].exists(), "the demo journal outlived the demo");
    drop(scratch);
}

#[test]
fn editor_hands_the_text_to_dollar_editor_and_takes_the_result_back() {
    // A non-interactive "editor" that changes the currency in the file it is given.
    let mut session = PtySession::spawn(
        &["--demo"],
        &[
            ("VISUAL", ""),
            ("EDITOR", "sed -i s/EUR/GBP/"),
            ("XDG_STATE_HOME", "/nonexistent/ddbx-state"),
            ("DDBX_JOURNAL", ""),
        ],
    );
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send(&format!(":ACCOUNT#acc_100{ENTER}"));
    session.wait_for("METADATA");
    session.send(&format!("j{ENTER}"));
    session.wait_for("size:");
    session.send("e");
    session.wait_for("Edit ACCOUNT#acc_100");
    session.send("\x0f");
    let edited = session.wait_for("text from $EDITOR loaded");
    assert!(edited.contains("\"GBP\""), "{edited}");
    assert!(edited.contains("modified"), "{edited}");
    session.send(CTRL_S);
    let preview = session.wait_for("Preview edit");
    assert!(
        preview.contains("currency: {\"S\":\"EUR\"} → {\"S\":\"GBP\"}"),
        "{preview}"
    );
    // Back to the editor, leave, discard: nothing is written.
    session.send("e");
    session.wait_until("the editor", |screen| !screen.contains("Preview edit"));
    session.send("\x1b");
    session.wait_for("Leave the editor?");
    session.send("y");
    let inspector = session.wait_for("nothing was written");
    assert_eq!(
        row(&inspector, "currency")[..3],
        ["currency", "S", "\"EUR\""]
    );
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn read_only_demo_refuses_the_edit_keys_with_a_notice() {
    let mut session = PtySession::spawn(&["--demo", "--read-only"], &[("DDBX_JOURNAL", "")]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send(&format!(":ACCOUNT#acc_100{ENTER}"));
    session.wait_for("METADATA");
    session.send(&format!("j{ENTER}"));
    session.wait_for("size:");
    session.send("e");
    let refused = session.wait_for("read-only connection");
    assert!(refused.contains("nothing was sent"), "{refused}");
    assert!(refused.contains("editing an item is refused"), "{refused}");
    assert!(
        !refused.contains("edit_item"),
        "no internal names:\n{refused}"
    );
    assert!(
        !refused.contains("Edit ACCOUNT"),
        "no editor opens:\n{refused}"
    );
    session.send("u");
    session.wait_for("undoing the last write is refused");
    session.send("qqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
}
