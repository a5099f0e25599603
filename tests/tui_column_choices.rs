//! The columns a user hides in a results table are remembered per table and entity type: the
//! next result of the same type hides them again, also in a new session reading the choices'
//! file, another type's result does not, and `=` shows every column and forgets the choice.

mod tui_support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::state::Settings;
use ddbx::app::state::grid::columns::ColumnSource;
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{ExpressionParams, QueryRequest};
use ddbx::clipboard::RecordingClipboard;
use ddbx::domain::value::AttrValue;
use ddbx::storage::column_choices;
use ddbx::worker::Worker;
use tui_support::screen::screen;
use tui_support::{Harness, pk_sk_table, shop_items};

/// A new session on the Shop table, its column choices read from `file` as the launcher does.
async fn session(file: &Path) -> Harness {
    let backend = MemoryBackend::new(pk_sk_table("Shop"), shop_items()).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Shop", Settings::default());
    let (choices, warning) = column_choices::load(file);
    assert_eq!(warning, None);
    harness.state.column_choices = choices;
    harness.start().await;
    harness
}

/// Runs `PK = pk` from the UI; its results are on screen.
async fn query(harness: &mut Harness, pk: &str) {
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params.values.insert(":pk".to_owned(), AttrValue::s(pk));
    let request = QueryRequest::new("Shop", "#pk = :pk", params);
    let commands = ddbx::app::update::query::results::run_query(&mut harness.state, request, None);
    harness.run(commands).await;
}

/// The attribute columns of the latest results, each with whether it is hidden.
fn columns(harness: &Harness) -> Vec<(String, bool)> {
    let run = harness.state.queries.runs.last().expect("a run");
    run.columns
        .as_ref()
        .expect("columns")
        .columns()
        .iter()
        .filter_map(|column| match &column.source {
            ColumnSource::Attribute(name) => Some((name.clone(), column.hidden)),
            ColumnSource::Entity => None,
        })
        .collect()
}

fn hidden(harness: &Harness, attribute: &str) -> bool {
    columns(harness)
        .iter()
        .any(|(name, hidden)| name == attribute && *hidden)
}

/// Selects the column of `attribute` and presses `action` on it; the commands it asked for are
/// carried out by the worker, as the app's loop does.
async fn on_column(harness: &mut Harness, attribute: &str, action: Action) {
    let position = harness
        .state
        .queries.runs
        .last()
        .and_then(|run| run.columns.as_ref())
        .and_then(|columns| {
            columns.columns().iter().position(
                |column| matches!(&column.source, ColumnSource::Attribute(name) if name == attribute),
            )
        })
        .expect("the column");
    for _ in 0..position {
        harness.act(Action::NextColumn).await;
    }
    let commands = harness.act_only(action);
    let (sender, mut results) = tokio::sync::mpsc::unbounded_channel();
    let backend = Arc::clone(&harness.backend);
    let mut worker = Worker::new(backend, Arc::new(RecordingClipboard::default()), sender);
    for command in commands {
        assert!(
            matches!(command, Command::SaveColumnChoices { .. }),
            "{command:?}"
        );
        worker.run(command);
    }
    assert!(results.try_recv().is_err(), "the save reports nothing");
}

fn scratch_file(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ddbx-column-choices-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    column_choices::file_in(&dir)
}

#[tokio::test]
async fn a_hidden_column_stays_hidden_for_the_same_entity_type_also_after_a_restart() {
    let file = scratch_file("restart");
    let mut harness = session(&file).await;
    // USER#u1: three orders and the user's own item; the orders are the result's main type.
    query(&mut harness, "USER#u1").await;
    assert!(!hidden(&harness, "name"), "{:?}", columns(&harness));
    on_column(&mut harness, "name", Action::HideColumn).await;
    assert!(hidden(&harness, "name"));
    assert!(file.exists(), "the choice is kept in {}", file.display());

    // The same rows again: hidden again. Another type's rows (a user alone): shown.
    query(&mut harness, "USER#u1").await;
    assert!(hidden(&harness, "name"), "{:?}", columns(&harness));
    query(&mut harness, "USER#u2").await;
    assert!(!hidden(&harness, "name"), "{:?}", columns(&harness));

    // A new session reading the file: the orders' result hides `name` as soon as it shows.
    let mut restarted = session(&file).await;
    query(&mut restarted, "USER#u1").await;
    assert!(hidden(&restarted, "name"), "{:?}", columns(&restarted));
    let small = screen(&restarted.state, 80, 24);
    let header = small
        .lines()
        .find(|line| line.contains("PK") && line.contains("SK"))
        .expect("the header");
    assert!(!header.contains("name"), "{small}");
    insta::assert_snapshot!("remembered_hidden_80x24", small);
    insta::assert_snapshot!(
        "remembered_hidden_120x40",
        screen(&restarted.state, 120, 40)
    );

    // `=` shows every column and forgets the orders' choice, in the file too.
    on_column(&mut restarted, "PK", Action::ResetColumns).await;
    assert!(!hidden(&restarted, "name"));
    let notice = format!("{:?}", restarted.state.notice);
    assert!(notice.contains("forgotten"), "{notice}");
    let mut again = session(&file).await;
    query(&mut again, "USER#u1").await;
    assert!(!hidden(&again, "name"), "{:?}", columns(&again));
    let _ = std::fs::remove_dir_all(file.parent().expect("dir"));
}

/// Showing a remembered column again by hand (`H` on it) keeps it shown as new results of the
/// type arrive, and forgets it.
#[tokio::test]
async fn showing_a_remembered_column_again_forgets_it() {
    let file = scratch_file("show");
    let mut harness = session(&file).await;
    query(&mut harness, "USER#u1").await;
    on_column(&mut harness, "status", Action::HideColumn).await;
    query(&mut harness, "USER#u1").await;
    assert!(hidden(&harness, "status"));
    on_column(&mut harness, "status", Action::HideColumn).await;
    assert!(!hidden(&harness, "status"));
    let mut restarted = session(&file).await;
    query(&mut restarted, "USER#u1").await;
    assert!(!hidden(&restarted, "status"), "{:?}", columns(&restarted));
    let _ = std::fs::remove_dir_all(file.parent().expect("dir"));
}
