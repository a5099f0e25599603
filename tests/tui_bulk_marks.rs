//! The mark on every marked row, drawn with ratatui's `TestBackend`: in a partition's items (in
//! the indent under the group heading), in query results and an index partition's items (a
//! gutter that appears with the first mark), and in the stream's records.

mod tui_support;

use std::sync::Arc;
use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::state::Settings;
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, Condition, ExpressionParams, PutRequest, QueryRequest, ReturnValues};
use ddbx::domain::value::AttrValue;
use tui_support::screen::screen;
use tui_support::{Harness, NOW, item, pk_sk_table, shop_items, started_demo};

const MARK: char = '✓';

async fn shop() -> Harness {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), shop_items()).expect("valid items"));
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    harness
}

/// The screen's lines that show a mark.
fn marked_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| line.contains(MARK)).collect()
}

#[tokio::test]
async fn query_results_show_a_mark_gutter_on_marked_rows_once_anything_is_marked() {
    let mut harness = shop().await;
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#u1"));
    let request = QueryRequest::new("Shop", "#pk = :pk", params);
    let commands = ddbx::app::update::query::results::run_query(&mut harness.state, request, None);
    harness.run(commands).await;
    let unmarked = screen(&harness.state, 80, 24);
    assert!(marked_lines(&unmarked).is_empty(), "{unmarked}");
    harness.act(Action::ToggleMark).await;
    harness
        .act_all([Action::CursorDown, Action::CursorDown])
        .await;
    harness.act(Action::ToggleMark).await;
    harness.act(Action::CursorDown).await;
    let text = screen(&harness.state, 80, 24);
    let marked = marked_lines(&text);
    assert_eq!(marked.len(), 2, "{text}");
    assert!(marked[0].contains("METADATA"), "{text}");
    assert!(marked[1].contains("ORDER#2026-07-02#o2"), "{text}");
    insta::assert_snapshot!("marks_query_results_80x24", text);
}

#[tokio::test]
async fn a_partition_shows_the_mark_in_the_indent_of_marked_items() {
    let mut harness = shop().await;
    harness.act(Action::JumpToPartition).await;
    for c in "USER#u1".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    // Row 0 heads a group; rows 1.. are items.
    harness.act(Action::CursorDown).await;
    harness.act(Action::ToggleMark).await;
    let text = screen(&harness.state, 80, 24);
    let marked = marked_lines(&text);
    assert_eq!(marked.len(), 1, "{text}");
    assert!(marked[0].contains(&format!("{MARK} ")), "{text}");
    insta::assert_snapshot!("marks_partition_80x24", text);
    harness.act(Action::ClearMarks).await;
    let cleared = screen(&harness.state, 80, 24);
    assert!(marked_lines(&cleared).is_empty(), "{cleared}");
}

#[tokio::test]
async fn an_index_partition_shows_the_mark_gutter_on_marked_rows() {
    let mut harness = started_demo(400, Settings::default()).await;
    harness.act(Action::ShowIndexes).await;
    harness.act(Action::CursorDown).await;
    harness.act_all([Action::Open, Action::Open]).await;
    assert!(
        matches!(
            harness.state.views.current(),
            ddbx::app::state::View::IndexItems { .. }
        ),
        "{:?}",
        harness.state.views.current()
    );
    harness.act(Action::ToggleMark).await;
    harness.act(Action::CursorDown).await;
    let text = screen(&harness.state, 100, 30);
    assert_eq!(marked_lines(&text).len(), 1, "{text}");
    insta::assert_snapshot!("marks_index_items_100x30", text);
}

#[tokio::test]
async fn stream_records_show_the_mark_of_their_item() {
    let mut harness = started_demo(40, Settings::default()).await;
    harness.act(Action::ShowStream).await;
    for sk in ["A", "B"] {
        harness
            .backend
            .put_item(PutRequest {
                table: ddbx::demo::TABLE_NAME.to_owned(),
                item: item(&[("PK", "USER#marks"), ("SK", sk)]),
                condition: Condition::new("attribute_not_exists(PK)"),
                params: ExpressionParams::default(),
                return_values: ReturnValues::None,
            })
            .await
            .expect("put");
    }
    for _ in 0..16 {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        harness
            .act(Action::Tick(Clock {
                uptime,
                unix_seconds: NOW,
            }))
            .await;
    }
    assert_eq!(ddbx::app::state::stream::visible_count(&harness.state), 2);
    harness.act(Action::ToggleMark).await;
    let text = screen(&harness.state, 100, 30);
    let marked = marked_lines(&text);
    assert_eq!(marked.len(), 1, "{text}");
    assert!(marked[0].contains("USER#marks"), "{text}");
    let records: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("USER#marks"))
        .collect();
    assert_eq!(records.len(), 2, "both records listed:\n{text}");
}
