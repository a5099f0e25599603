//! End to end: the real binary in a pseudo-terminal on a table ElectroDB wrote itself (into
//! dynalite). The home screen opens the service `$taskapp` into one row per entity type, Enter on
//! the service collapses and expands it, and Enter on a row lists its partitions.

mod support;
mod tui_support;

use support::libraries::{harness, write_with_library};
use support::unique_table_name;
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";

/// The cells of the screen row whose first cell is `name`: `│  employee  60  60  employee 60│`.
fn row_cells<'a>(screen: &'a str, name: &str) -> Vec<&'a str> {
    screen
        .lines()
        .find(|line| {
            line.trim_start_matches('│')
                .trim_start()
                .starts_with(&format!("{name} "))
        })
        .unwrap_or_else(|| panic!("no row for {name}:\n{screen}"))
        .trim_matches('│')
        .split_whitespace()
        .collect()
}

#[test]
fn an_electrodb_table_opens_on_its_service_tree_which_collapses_expands_and_drills_down() {
    let Some(harness_env) = harness() else { return };
    let table = unique_table_name("tree-e2e");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let mut session = PtySession::spawn(
        &["--endpoint-url", &harness_env.0, "--table", &table],
        &local_env(),
    );
    let screen = session.wait_until("the tree after discovery", |screen| {
        screen.contains("complete ") && screen.contains("  task ")
    });
    assert_eq!(
        row_cells(&screen, "▾ $taskapp")[2..4],
        ["214", "364"],
        "{screen}"
    );
    assert_eq!(
        row_cells(&screen, "employee")[1..4],
        ["60", "60", "employee"]
    );
    assert_eq!(row_cells(&screen, "country")[1..4], ["4", "4", "office"]);
    assert_eq!(row_cells(&screen, "task")[1..3], ["150", "300"]);

    session.send(ENTER);
    let collapsed = session.wait_for("▸ $taskapp");
    assert!(!collapsed.contains("  employee "), "{collapsed}");
    session.send(ENTER);
    session.wait_for("  employee ");
    session.send("jj");
    session.send(ENTER);
    let partitions = session.wait_for("Partitions of $taskapp › employee");
    assert!(
        partitions.contains("$taskapp#employee_e001"),
        "{partitions}"
    );
    session.send("qqqq");
    assert!(session.wait_exit().success());
}
