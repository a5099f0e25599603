//! Query history follows the table however it was opened: a table chosen in the picker (no
//! `--table`) saves its queries to and loads them from `history/<table>.jsonl`, and switching
//! tables with `T` and back brings each table's history with it. On DynamoDB Local, the files
//! in a scratch state directory.

mod support;
mod tui_support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::state::Settings;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::backend::{ExpressionParams, QueryRequest};
use ddbx::domain::value::AttrValue;
use ddbx::storage::query_history::{HistoryEntry, append, file_in};
use support::scratch::Scratch;
use support::tables::{TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::{Harness, NOW};

fn query(table: &str, pk: &str) -> QueryRequest {
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params.values.insert(":pk".to_owned(), AttrValue::s(pk));
    QueryRequest::new(table.to_owned(), "#pk = :pk", params)
}

/// Opens `table` from the picker: `T` (unless the picker is up), its name typed, Enter.
async fn pick(harness: &mut Harness, table: &str) {
    if !harness.state.picker.open {
        harness.act(Action::ShowTables).await;
    }
    for c in table.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.table.name, table);
}

fn appended_to(harness: &Harness) -> Vec<PathBuf> {
    harness
        .side_effects
        .iter()
        .filter_map(|command| match command {
            Command::AppendHistory { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

fn history_pks(harness: &Harness) -> Vec<String> {
    harness
        .state
        .queries
        .history
        .entries
        .iter()
        .filter_map(|entry| entry.request.params.values.get(":pk"))
        .filter_map(|value| value.as_s().map(str::to_owned))
        .collect()
}

fn scratch(name: &str) -> Scratch {
    Scratch::new(name)
}

fn seed_history(home: &Path, table: &str, pk: &str) {
    let entry = HistoryEntry {
        unix_seconds: NOW,
        request: query(table, pk),
    };
    append(&file_in(home, table), &entry.to_line()).expect("history file");
}

#[tokio::test]
async fn a_table_opened_from_the_picker_keeps_its_query_history_across_switches() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let (first, second) = (unique_table_name("picked-a"), unique_table_name("picked-b"));
    for table in [&first, &second] {
        create_table(&client, &TableSpec::single_table(table)).await;
    }
    let home = scratch("picker-history");
    seed_history(&home, &first, "USER#from-file");
    let backend = AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint.clone()),
    })
    .await
    .expect("a client");
    let mut harness = Harness::new(Arc::new(backend), "", Settings::default());
    harness.state.queries.history_home = Some(home.to_path_buf());
    harness.start().await;

    // Picked, the table's file is read, and a query run is appended to it.
    pick(&mut harness, &first).await;
    assert_eq!(history_pks(&harness), ["USER#from-file"]);
    let commands = ddbx::app::update::query::run_query(
        &mut harness.state,
        query(&first, "USER#run-here"),
        None,
    );
    harness.run(commands).await;
    assert_eq!(appended_to(&harness), [file_in(&home, &first)]);
    assert_eq!(history_pks(&harness), ["USER#from-file", "USER#run-here"]);

    // Another table has its own (empty) history; back on the first, its history is whole.
    pick(&mut harness, &second).await;
    assert!(history_pks(&harness).is_empty());
    pick(&mut harness, &first).await;
    assert_eq!(history_pks(&harness), ["USER#from-file", "USER#run-here"]);

    for table in [&first, &second] {
        delete_table(&client, table).await;
    }
    drop(home);
}
