//! End to end: `ddbx --demo` in a pseudo-terminal — `$` on the overview measures the demo's
//! access patterns, `r` prices the month at the rates typed, and the app quits cleanly.

mod tui_support;

use tui_support::pty::PtySession;

const ENTER: &str = "\r";

#[test]
fn the_demo_measures_its_access_patterns_and_prices_the_rates_typed() {
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("o");
    session.send("$");
    let measured = session.wait_for("9790  Orders pending review");
    assert!(measured.contains("100 reads/s, 10 writes/s"), "{measured}");
    assert!(
        measured.contains("0.5       1       0.5           1         141  User profile (5)"),
        "User profile's figures: {measured}"
    );
    session.send("r");
    session.wait_for("Rates to price a month at");
    // The prompt holds the rates: clear them and type others.
    session.send("\u{15}");
    session.send("2 1");
    session.send(ENTER);
    let priced = session.wait_for("2 reads/s, 1 writes/s");
    assert!(priced.contains("at 2/s: 1 RRU/s"), "{priced}");
    session.send("qqqqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    session.wait_for_primary_screen();
}
