//! Render snapshots of the GSI browser and the sparse-index inspector on the demo table.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::{Settings, State};
use ddbx::backend::memory::MemoryBackend;
use tui_support::Harness;
use tui_support::screen::screen;

fn snapshot(name: &str, state: &State) {
    for (width, height) in [(100, 24), (80, 24)] {
        let text = screen(state, width, height);
        assert!(!text.contains('\u{1b}'));
        insta::assert_snapshot!(format!("{name}_{width}x{height}"), text);
    }
}

/// The generated demo table with the index list open.
async fn demo() -> Harness {
    let (description, items) = ddbx::demo::generate(1, 400);
    indexes_of(description, items).await
}

/// A started app over `items` in a memory table with the index list open.
async fn indexes_of(
    description: ddbx::domain::schema::TableDescription,
    items: Vec<ddbx::domain::value::Item>,
) -> Harness {
    let backend = MemoryBackend::new(description, items).expect("table loads");
    let mut harness = Harness::new(
        Arc::new(backend),
        ddbx::demo::TABLE_NAME,
        Settings::default(),
    );
    harness.start().await;
    harness.act(Action::ShowIndexes).await;
    harness
}

/// Moves to the GSI2 row of the index list (table, GSI1, GSI2, LSI1).
async fn to_gsi2(harness: &mut Harness) {
    harness
        .act_all([Action::CursorDown, Action::CursorDown])
        .await;
}

#[tokio::test]
async fn the_index_list_shows_keys_projection_and_server_counts() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    snapshot("index_list", &harness.state);
}

#[tokio::test]
async fn the_index_list_after_a_full_coverage_count_shows_coverage_per_index() {
    let mut harness = demo().await;
    harness.act(Action::CoverageFull).await;
    snapshot("index_list_coverage", &harness.state);
}

#[tokio::test]
async fn a_sparse_index_browse_lists_its_partitions_with_the_projection_warning() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    harness.act(Action::Open).await;
    snapshot("index_groups_gsi2", &harness.state);
}

#[tokio::test]
async fn an_index_partition_shows_its_items_in_the_results_table() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    harness.act_all([Action::Open, Action::Open]).await;
    snapshot("index_items_gsi2", &harness.state);
}

#[tokio::test]
async fn the_sparse_inspector_before_any_scan_says_how_to_start_one() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    harness.act(Action::ShowIndexCoverage).await;
    snapshot("sparse_inspector_empty", &harness.state);
}

#[tokio::test]
async fn the_sparse_inspector_shows_coverage_entity_types_and_reasons() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    harness
        .act_all([Action::ShowIndexCoverage, Action::CoverageFull])
        .await;
    snapshot("sparse_inspector_gsi2", &harness.state);
}

#[tokio::test]
async fn hostile_index_keys_and_values_are_shown_escaped_on_every_index_screen() {
    let hostile = |text: &str| ddbx::domain::value::AttrValue::s(text);
    let item: ddbx::domain::value::Item = [
        ("PK", hostile("USER#\u{1b}[2J")),
        ("SK", hostile("METADATA")),
        ("GSI1PK", hostile("GROUP#\u{1b}]0;pwned\u{7}")),
        ("GSI1SK", hostile("USER#1")),
        ("name", hostile("\u{1b}[31mred\u{202e}")),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    let mut harness = indexes_of(ddbx::demo::description(), vec![item]).await;
    harness.act(Action::CursorDown).await;
    harness.act(Action::Open).await;
    let groups = screen(&harness.state, 100, 24);
    harness.act(Action::Open).await;
    let items = screen(&harness.state, 100, 24);
    harness.act(Action::HistoryBack).await;
    harness
        .act_all([Action::ShowIndexCoverage, Action::CoverageFull])
        .await;
    let coverage = screen(&harness.state, 100, 24);
    for text in [&groups, &items, &coverage] {
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{202e}'),
            "{text}"
        );
    }
    assert!(groups.contains("GROUP#\\x1b]0;pwned\\x07"), "{groups}");
    assert!(items.contains("USER#\\x1b[2J"), "{items}");
    assert!(items.contains("\\x1b[31mred\\u{202e}"), "{items}");
}

#[tokio::test]
async fn an_item_from_a_partial_index_is_marked_partial_in_the_inspector() {
    let mut harness = demo().await;
    to_gsi2(&mut harness).await;
    harness
        .act_all([Action::Open, Action::Open, Action::Open])
        .await;
    for (width, height) in [(80, 24), (140, 40)] {
        let text = screen(&harness.state, width, height);
        assert!(text.contains("partial: as GSI2 holds it"), "{text}");
        insta::assert_snapshot!(format!("index_item_partial_{width}x{height}"), text);
    }
}
