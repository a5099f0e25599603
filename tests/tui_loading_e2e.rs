//! A large demo opened in the real binary in a pseudo-terminal: the first frame shows the load's
//! progress line, a key is answered while the table still loads, and the collections appear
//! once it is done.

mod tui_support;

use tui_support::pty::PtySession;

/// Large enough that a debug build is still loading it when the first frame is up (it loads
/// for seconds), small enough that the load and discovery of it complete within the wait.
const SIZE: &str = "100000";

#[test]
fn a_large_demo_opens_at_once_behind_a_progress_line_and_answers_keys_while_loading() {
    let mut session = PtySession::spawn(&["--demo", "--demo-size", SIZE, "--theme", "dark"], &[]);
    let first = session.wait_until("the progress line", |screen| {
        screen.contains("of 100,000 items")
    });
    assert!(first.contains("loading "), "{first}");
    // The help opens while the table is still loading (the progress line is still there).
    session.send("?");
    let help = session.wait_for("? or F1 closes");
    assert!(
        help.contains("of 100,000 items"),
        "the key was answered before the load ended:\n{help}"
    );
    session.send("?");
    let done = session.wait_until("the collections", |screen| {
        screen.contains("complete ") && screen.contains("USER")
    });
    assert!(!done.contains("of 100,000 items"), "{done}");
    session.send("q");
    assert!(session.wait_exit().success());
    session.wait_for_primary_screen();
}
