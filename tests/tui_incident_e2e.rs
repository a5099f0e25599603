//! The incident view in the real binary in a pseudo-terminal, against a server of the test's own
//! that answers with the documented shapes: the overview's operations section (capacity, PITR,
//! replicas, a value the principal may not read) and a throttled read explained in the status
//! line. HOME and XDG directories are temporary (see `tui_support::pty`).

mod support;
mod tui_support;

use serde_json::json;
use support::shaped_server::{Request, ShapedServer, error_body};
use tui_support::pty::{PtySession, local_env};

const INDEX_ARN: &str = "arn:aws:dynamodb:us-east-1:111122223333:table/Orders/index/GSI1";

/// The incident table, and a discovery scan throttled on the table's partition limit.
fn answers(operation: &str, so_far: &[Request]) -> (u16, serde_json::Value) {
    match operation {
        "Scan" => (
            400,
            error_body(
                "ProvisionedThroughputExceededException",
                "Throughput exceeds the current capacity of your table or index.",
                json!({"ThrottlingReasons": [
                    {"reason": "IndexReadKeyRangeThroughputExceeded", "resource": INDEX_ARN}
                ]}),
            ),
        ),
        other => support::incident_shapes::incident_answers(other, so_far),
    }
}

#[test]
fn the_overview_shows_the_operations_and_a_throttled_scan_explains_itself_in_the_status_line() {
    let server = ShapedServer::start(answers);
    let mut session = PtySession::spawn(
        &["--endpoint-url", &server.endpoint, "--table", "Orders"],
        &local_env(),
    );
    let screen = session.wait_for("throttled");
    assert!(
        screen.contains("throttled: reads on one partition key value of index GSI1 of"),
        "{screen}"
    );
    assert!(
        server.requests("DescribeContinuousBackups").is_empty(),
        "the extra values are read only when the overview is shown"
    );
    session.send("o");
    session.wait_for("Table overview");
    session.send("G");
    // The last line of the operations section: the view has scrolled to the end.
    let screen = session.wait_until("the end of the operations section", |contents| {
        joined_rows(contents).contains("contributor insights")
    });
    let flat = joined_rows(&screen);
    for expected in [
        "on-demand maximum reads 4,000 · writes none",
        "protected (deletion protection on)",
        "us-east-1 (ACTIVE), eu-west-1 (ACTIVE)",
        "checked in this Region only",
        "enabled, 35-day recovery window",
        "not readable (AccessDeniedException)",
        "contributor insights ENABLED; GSI1 ENABLED, GSI2 DISABLED",
    ] {
        assert!(flat.contains(expected), "{expected:?} on:\n{screen}");
    }
    assert_eq!(server.requests("DescribeContinuousBackups").len(), 1);
    session.send("q");
    session.send("q");
    session.wait_exit();
}

/// The box's rows joined, so a sentence the overview wrapped reads whole.
fn joined_rows(screen: &str) -> String {
    screen
        .lines()
        .map(|row| row.trim_matches(|c: char| c == '│' || c == ' '))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_read_the_sdk_sends_again_says_so_in_the_status_line_while_the_user_waits() {
    let server = ShapedServer::start(|operation, so_far: &[Request]| match operation {
        "Scan" if so_far.len() == 1 => answers(operation, so_far),
        "Scan" => (200, json!({"Items": [], "Count": 0, "ScannedCount": 0})),
        other => answers(other, so_far),
    });
    let mut session = PtySession::spawn(
        &["--endpoint-url", &server.endpoint, "--table", "Orders"],
        &local_env(),
    );
    let screen = session.wait_for("sent again");
    assert!(
        joined_rows(&screen).contains(
            "Scan met ProvisionedThroughputExceededException: sent again (attempt 2 of 3)"
        ),
        "{screen}"
    );
    assert!(!screen.contains("still throttled"), "{screen}");
    session.send("q");
    session.wait_exit();
}
