//! The table picker through `update` and the worker's own read path, on the embedded engine
//! holding two tables: listing and describing them, filtering, opening one, switching to another
//! and back without restarting, and answers for the old table dropped after a switch.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::{Loadable, Mode, ScanStatus, Settings, ViewMode};
use ddbx::backend::memory::MemoryBackend;
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table};

const ORDERS: &str = "Orders";

/// The demo table (40 items) and a small `Orders` table in one engine.
fn two_tables() -> Arc<MemoryBackend> {
    let (description, items) = ddbx::demo::generate(1, 40);
    let backend = MemoryBackend::new(description, items).expect("demo loads");
    let orders = (1..=3).map(|n| {
        item(&[
            ("PK", &format!("ORDER#o{n}")),
            ("SK", "METADATA"),
            ("status", "PENDING"),
        ])
    });
    let report = backend.create_table(pk_sk_table(ORDERS), orders);
    assert!(report.rejected.is_empty(), "orders load");
    Arc::new(backend)
}

async fn started(table: &str) -> Harness {
    let mut harness = Harness::new(two_tables(), table, Settings::default());
    harness.start().await;
    harness
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

fn discovered_items(harness: &Harness) -> u64 {
    harness.state.explore.discovery.progress.items_scanned
}

#[tokio::test]
async fn without_a_table_the_picker_lists_and_describes_every_table() {
    let harness = started("").await;
    assert!(
        matches!(harness.state.mode(), Mode::Tables),
        "{:?}",
        harness.state.mode()
    );
    let names: Vec<&str> = harness
        .state
        .picker
        .rows()
        .iter()
        .map(|row| row.name)
        .collect();
    assert_eq!(names, [ORDERS, ddbx::demo::TABLE_NAME]);
    assert_eq!(harness.reads_for(ReadFor::TableList), [&Read::ListTables]);
    let described: Vec<&Read> = harness.reads_for(ReadFor::TableSummary);
    assert_eq!(
        described.len(),
        2,
        "each table described once: {described:?}"
    );
    for row in harness.state.picker.rows() {
        let Some(Loadable::Loaded(description)) = row.description else {
            panic!("{} not described", row.name);
        };
        assert_eq!(description.name, row.name);
    }
    assert!(
        harness.reads_for(ReadFor::Discovery).is_empty(),
        "nothing is scanned before a table is chosen"
    );
}

#[tokio::test]
async fn typing_filters_and_enter_opens_the_table_without_describing_it_again() {
    let mut harness = started("").await;
    type_text(&mut harness, "ord").await;
    assert_eq!(harness.state.picker.selected(), Some(ORDERS));
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.table.name, ORDERS);
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::Collections)),
        "{:?}",
        harness.state.mode()
    );
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert_eq!(discovered_items(&harness), 3);
    assert!(
        harness.reads_for(ReadFor::Description).is_empty(),
        "the picker's description is reused"
    );
}

#[tokio::test]
async fn a_key_switches_to_another_table_and_back_keeping_the_session() {
    let mut harness = started(ddbx::demo::TABLE_NAME).await;
    assert_eq!(discovered_items(&harness), 40);
    let journal = Some(std::path::PathBuf::from("/nonexistent/journal.jsonl"));
    harness.state.session.journal_path.clone_from(&journal);
    harness.state.edits.aws_writes_confirmed = true;

    harness.act(Action::ShowTables).await;
    assert!(
        matches!(harness.state.mode(), Mode::Tables),
        "{:?}",
        harness.state.mode()
    );
    assert_eq!(
        harness.state.picker.selected(),
        Some(ddbx::demo::TABLE_NAME),
        "the cursor starts on the open table"
    );
    harness.act(Action::CursorUp).await;
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.table.name, ORDERS);
    assert_eq!(discovered_items(&harness), 3);
    assert_eq!(
        harness.state.session.journal_path, journal,
        "the journal stays"
    );
    assert!(
        !harness.state.edits.aws_writes_confirmed,
        "writes are confirmed again for another table"
    );
    assert!(harness.state.explore.partitions.is_empty());

    harness.act(Action::ShowTables).await;
    type_text(&mut harness, "single").await;
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.table.name, ddbx::demo::TABLE_NAME);
    assert_eq!(discovered_items(&harness), 40);
    assert_eq!(
        harness.reads_for(ReadFor::TableList).len(),
        2,
        "listed on each open"
    );
}

#[tokio::test]
async fn esc_goes_back_to_the_open_table_unchanged_and_quits_when_none_is_open() {
    let mut harness = started(ddbx::demo::TABLE_NAME).await;
    harness.act(Action::Open).await;
    let view = harness.state.views.current().clone();
    let scans = harness.scans();
    harness.act(Action::ShowTables).await;
    harness.act(Action::Back).await;
    assert_eq!(harness.state.views.current(), &view);
    assert_eq!(harness.scans(), scans, "nothing scanned again");
    assert!(!harness.state.quitting);

    let mut alone = started("").await;
    alone.act(Action::Back).await;
    assert!(alone.state.quitting);
}

#[tokio::test]
async fn pages_still_in_flight_for_the_old_table_are_dropped_after_a_switch() {
    let mut harness = started(ddbx::demo::TABLE_NAME).await;
    // A rescan of the demo table is asked for but not answered before the switch.
    let pending = harness.act_only(Action::RestartScan);
    assert!(!pending.is_empty());
    harness.act(Action::ShowTables).await;
    harness.act(Action::CursorUp).await;
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.table.name, ORDERS);
    harness.run(pending).await;
    assert_eq!(
        discovered_items(&harness),
        3,
        "the demo's pages are not counted"
    );
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
}

#[tokio::test]
async fn the_picker_shows_counts_size_billing_stream_and_keys() {
    let mut harness = started("").await;
    harness.state.viewport = (100, 12);
    insta::assert_snapshot!("table_picker_100x12", screen(&harness.state, 100, 12));
    type_text(&mut harness, "zz").await;
    let empty = screen(&harness.state, 100, 12);
    assert!(empty.contains("no table matches"), "{empty}");
}
