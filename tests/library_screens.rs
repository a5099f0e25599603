//! The TUI on tables the libraries wrote themselves (tests/libraries/*.cjs, into dynalite): the
//! overview lists the grammars the scan found with their share, and the inspector says which
//! grammar or model decoded an item and why.

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::inspect::inspector::{InspectorRow, RowContext};
use ddbx::app::state::{Loadable, Settings, State, View};
use ddbx::domain::grammar::Grammar;
use support::libraries::{dynalite_backend, fixed_width_table_name, harness, write_with_library};
use tui_support::Harness;
use tui_support::screen::screen;

/// The app started on `table` of dynalite, its discovery scan complete.
async fn started(endpoint: &str, table: &str) -> Harness {
    let backend = Arc::new(dynalite_backend(endpoint).await);
    let mut harness = Harness::new(backend, table, Settings::default());
    harness.start().await;
    harness
}

/// The screen with the table's name masked (it is unique per run, but always as long) and the
/// server's port (the header ends with the endpoint, so its length changes nothing else).
fn masked(state: &State, endpoint: &str, table: &str, width: u16, height: u16) -> String {
    screen(state, width, height)
        .replace(table, &"#".repeat(table.len()))
        .replace(endpoint, "http://127.0.0.1:PORT")
}

async fn open_partition(harness: &mut Harness, pk: &str) {
    harness.act(Action::JumpToPartition).await;
    for c in pk.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
}

/// Opens the partition's first item: the first row heads its sort-key group.
async fn open_first_item(harness: &mut Harness) {
    harness.act_all([Action::CursorDown, Action::Open]).await;
}

/// The inspector's rows for the item open in it.
fn inspector_rows(state: &State) -> Vec<InspectorRow> {
    let Loadable::Loaded(description) = &state.description else {
        panic!("the table is described")
    };
    let View::Inspector(inspector) = state.history.current() else {
        panic!("the inspector is open")
    };
    inspector.rows(&RowContext {
        description: Some(description),
        unix_seconds: tui_support::NOW,
        entities: &state.entities,
        discovered: state.discovery.found.as_ref(),
    })
}

fn row<'r>(rows: &'r [InspectorRow], label: &str) -> &'r str {
    rows.iter()
        .find(|row| row.label == label)
        .map_or_else(|| panic!("no {label} row in {rows:#?}"), |row| &row.value)
}

#[tokio::test]
async fn an_electrodb_table_shows_its_grammar_in_the_overview_and_why_in_the_inspector() {
    let Some(harness_env) = harness() else { return };
    let table = fixed_width_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table]);
    let mut harness = started(&harness_env.0, &table).await;

    let census = harness
        .state
        .discovery
        .found
        .as_ref()
        .expect("discovery ran")
        .grammar_census();
    assert_eq!(census.total(), 364);
    assert_eq!(census.shares(), [(Some(Grammar::ElectroDb), 1.0)]);
    harness.act(Action::ShowOverview).await;
    let overview = masked(&harness.state, &harness_env.0, &table, 100, 24);
    assert!(
        overview.contains("Grammars    ElectroDB 100% (of 364 items scanned)"),
        "{overview}"
    );
    insta::assert_snapshot!("electrodb_overview_100x24", overview);

    open_partition(&mut harness, "$taskapp#task_t0002").await;
    // The task's own item, then its comments (`$comment_1#…` sorts before `$task_1#…`).
    harness.act(Action::CursorLast).await;
    harness.act(Action::Open).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "decoded"),
        "by ElectroDB: entity task from __edb_e__"
    );
    assert_eq!(
        row(&rows, "pk read as"),
        "ElectroDB partition key: $service#attr_value"
    );
    assert_eq!(
        row(&rows, "sk read as"),
        "ElectroDB sort key: $entity_version#attr_value"
    );
    insta::assert_snapshot!(
        "electrodb_task_inspector_100x30",
        masked(&harness.state, &harness_env.0, &table, 100, 30)
    );
}

#[tokio::test]
async fn renamed_electrodb_markers_are_explained_from_the_sort_key() {
    let Some(harness_env) = harness() else { return };
    let (table, renamed) = (
        fixed_width_table_name("electrodb"),
        fixed_width_table_name("renamed"),
    );
    write_with_library("electrodb-taskapp.cjs", &harness_env, &[&table, &renamed]);
    let mut harness = started(&harness_env.0, &renamed).await;
    open_partition(&mut harness, "$helpdesk#queue_tech_support").await;
    open_first_item(&mut harness).await;
    let rows = inspector_rows(&harness.state);
    assert_eq!(
        row(&rows, "decoded"),
        "by ElectroDB: entity ticket from kind"
    );
}

#[tokio::test]
async fn toolbox_and_onetable_tables_name_their_library_and_its_marker() {
    let Some(harness_env) = harness() else { return };
    let cases = [
        (
            "toolbox-shop.cjs",
            "toolbox",
            "PRODUCT#sku_003",
            "dynamodb-toolbox",
            "Product from _et",
        ),
        (
            "onetable-crm.cjs",
            "onetable",
            "account#acc002",
            "OneTable",
            "Account from _type",
        ),
    ];
    for (script, prefix, pk, library, entity) in cases {
        let table = fixed_width_table_name(prefix);
        write_with_library(script, &harness_env, &[&table]);
        let mut harness = started(&harness_env.0, &table).await;
        harness.act(Action::ShowOverview).await;
        let overview = screen(&harness.state, 120, 24);
        assert!(
            overview.contains(&format!("Grammars    {library} 100%")),
            "{overview}"
        );
        open_partition(&mut harness, pk).await;
        open_first_item(&mut harness).await;
        let rows = inspector_rows(&harness.state);
        assert_eq!(
            row(&rows, "decoded"),
            format!("by {library}: entity {entity}")
        );
    }
}
