//! After a write every view showing the item shows what was written: the rows of query results
//! and inspectors left in the view history, not only the inspector the edit started from.

use super::support::*;
use ddbx::backend::QueryRequest;
use std::collections::BTreeMap;

fn user_query() -> QueryRequest {
    QueryRequest::new(
        "Shop",
        "PK = :pk",
        ExpressionParams {
            names: BTreeMap::new(),
            values: BTreeMap::from([(":pk".to_owned(), AttrValue::s("USER#u1"))]),
        },
    )
}

fn name_in_results(harness: &Harness) -> Option<AttrValue> {
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("the results view expected");
    };
    harness.state.queries.runs[*run]
        .items
        .iter()
        .find(|item| item.get("SK") == Some(&AttrValue::s("METADATA")))
        .and_then(|item| item.get("name").cloned())
}

#[tokio::test]
async fn query_results_and_older_inspectors_show_the_written_item() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    let commands = ddbx::app::update::query::run_query(&mut harness.state, user_query(), None);
    harness.run(commands).await;
    assert_eq!(name_in_results(&harness), Some(AttrValue::s("Ada")));
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("results");
    };
    let row = harness.state.queries.runs[*run]
        .order
        .iter()
        .position(|&index| {
            harness.state.queries.runs[*run]
                .items
                .attribute(index, "SK")
                == Some(AttrValue::s("METADATA"))
        })
        .expect("the METADATA row");
    for _ in 0..row {
        harness.act(Action::CursorDown).await;
    }
    harness.act(Action::Open).await;
    let opened = inspected(&harness).clone();
    // A second inspector on the same item, so an older one sits in the history.
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(opened))));
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    harness.act(Action::Confirm).await;
    assert!(harness.state.edits.flow.is_none(), "{}", notice(&harness));
    assert_eq!(
        inspected(&harness).get("name"),
        Some(&AttrValue::s("Grace"))
    );

    harness.act(Action::HistoryBack).await;
    assert_eq!(
        inspected(&harness).get("name"),
        Some(&AttrValue::s("Grace")),
        "the older inspector"
    );
    harness.act(Action::HistoryBack).await;
    assert_eq!(
        name_in_results(&harness),
        Some(AttrValue::s("Grace")),
        "the query results row"
    );
}

#[tokio::test]
async fn a_discarded_conflict_leaves_the_inspector_on_the_item_as_stored_now() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Confirm).await;
    assert!(matches!(stage(&harness), EditStage::Conflict(_)));
    harness.act(Action::DiscardEdit).await;
    assert!(harness.state.edits.flow.is_none());
    assert_eq!(
        inspected(&harness).get("name"),
        Some(&AttrValue::s("Hopper")),
        "what is stored now, not what was read before the conflict"
    );
    assert_eq!(inspected(&harness).get("version"), Some(&number("4")));
}

#[tokio::test]
async fn refresh_reruns_the_query_on_screen() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    let commands = ddbx::app::update::query::run_query(&mut harness.state, user_query(), None);
    harness.run(commands).await;
    let runs = harness.state.queries.runs.len();
    concurrent_rename(backend.as_ref(), "Hopper").await;
    assert_eq!(name_in_results(&harness), Some(AttrValue::s("Ada")));
    harness.act(Action::Refresh).await;
    assert_eq!(name_in_results(&harness), Some(AttrValue::s("Hopper")));
    assert_eq!(
        harness.state.queries.runs.len(),
        runs,
        "the same run, read again"
    );
    assert_eq!(harness.query_pages().len(), 2);
}

#[tokio::test]
async fn refresh_reads_the_inspected_item_again() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Refresh).await;
    assert_eq!(
        inspected(&harness).get("name"),
        Some(&AttrValue::s("Hopper"))
    );
    assert_eq!(inspected(&harness).get("version"), Some(&number("4")));
}
