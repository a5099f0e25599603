//! The table picker in the real binary, in a pseudo-terminal: on the demo (switch to the picker
//! and back) and on DynamoDB Local without `--table` (pick one table, switch to another inside
//! the UI, and back, with the header naming the table, the endpoint and the region).

mod support;
mod tui_support;

use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";
const ESC: &str = "\x1b";

#[test]
fn the_demo_switches_to_the_picker_and_back() {
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("T");
    let screen = session.wait_for("Tables (1)");
    assert!(screen.contains(ddbx::demo::TABLE_NAME), "{screen}");
    assert!(
        screen.contains("on-demand"),
        "the row is described:\n{screen}"
    );
    session.send(ESC);
    session.wait_until("the collections again", |screen| {
        !screen.contains("Tables (1)") && screen.contains("complete ")
    });
    session.send("\x03");
    assert!(session.wait_exit().success());
}

/// Types `table` into the picker's filter (after clearing it) and opens it.
fn pick(session: &mut PtySession, table: &str) {
    session.wait_for("Tables (");
    session.send(table);
    session.wait_until("the filter to leave one table", |screen| {
        screen.contains(&format!("> {table}")) && screen.matches("▶ ").count() == 1
    });
    session.send(ENTER);
}

#[test]
fn without_a_table_dynamodb_local_opens_the_picker_and_switches_tables_inside_the_ui() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let client = sdk_client(&endpoint);
    let (big, small) = (unique_table_name("pick"), unique_table_name("pick"));
    runtime.block_on(async {
        support::items::seed_single_table_demo(&client, &big, 3, 120).await;
        support::items::seed_single_table_demo(&client, &small, 4, 20).await;
    });
    let env = local_env();
    let mut session = PtySession::spawn(&["--endpoint-url", &endpoint], &env);
    let screen = session.wait_for("no table open");
    assert!(
        screen.contains(&format!("{endpoint} (us-east-1)")),
        "the header names the endpoint and region:\n{screen}"
    );

    pick(&mut session, &big);
    let screen = session.wait_until("discovery of the first table", |screen| {
        screen.contains("complete ") && !screen.contains("Tables (")
    });
    assert!(
        screen.contains(&big),
        "the header names the table:\n{screen}"
    );

    session.send("T");
    pick(&mut session, &small);
    let screen = session.wait_until("discovery of the second table", |screen| {
        screen.contains(&small) && screen.contains("complete ") && !screen.contains("Tables (")
    });
    assert!(!screen.contains(&big), "{screen}");

    session.send("T");
    pick(&mut session, &big);
    session.wait_until("back on the first table", |screen| {
        screen.contains(&big) && screen.contains("complete ") && !screen.contains("Tables (")
    });
    session.send("\x03");
    assert!(session.wait_exit().success());
    runtime.block_on(async {
        support::tables::delete_table(&client, &big).await;
        support::tables::delete_table(&client, &small).await;
    });
}

#[test]
fn without_a_terminal_ddbx_refuses_with_the_usage_instead_of_the_ui() {
    let run = support::cli::run_command(support::cli::ddbx_command());
    run.refused(2, &["needs a terminal"]);
    assert!(
        run.stderr
            .contains("opens the terminal UI: on the table picker"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("not available yet"), "{}", run.stderr);
    for command in ["ddbx partiql", "tail", "query", "scan"] {
        assert!(run.stderr.contains(command), "{command}: {}", run.stderr);
    }
}
