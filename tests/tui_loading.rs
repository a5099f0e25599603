//! Opening a table that is still loading into the embedded engine, as a state machine over a
//! real engine behind the real `LoadingBackend`: the progress line from the first frame, keys
//! answered while the load runs, the describe (and so discovery) answered only by the whole
//! table, a failed load shown in place of the table, the load's notices shown once it is done.

mod tui_support;

use std::sync::Arc;
use std::sync::mpsc;

use ddbx::app::action::Action;
use ddbx::app::state::{Loadable, Mode, ScanStatus, Settings};
use ddbx::app::update::start;
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, Connection, LoadingBackend};
use ddbx::domain::load_progress::LoadProgress;
use tui_support::Harness;
use tui_support::screen::screen;

const ITEMS: usize = 300;

/// A demo table of `ITEMS` items whose load stops at 340,000 of 1,000,000 until `release` is
/// sent, then ends with `outcome` (the table, or an error).
fn held_load(
    notices: Vec<String>,
    fail: Option<&'static str>,
) -> (Harness, Arc<LoadProgress>, mpsc::Sender<()>) {
    let (release, released) = mpsc::channel::<()>();
    let progress = Arc::new(LoadProgress::new(Some(1_000_000)));
    let connection = Connection {
        kind: "demo (in memory)".to_owned(),
        ..Connection::default()
    };
    let backend = LoadingBackend::spawn(
        connection,
        progress.clone(),
        Box::new(move |progress| {
            progress.set_loaded(340_000);
            released.recv().map_err(|error| error.to_string())?;
            if let Some(message) = fail {
                return Err(message.to_owned());
            }
            let (description, items) = ddbx::demo::generate(1, ITEMS);
            let engine = MemoryBackend::new(description, items).map_err(|e| e.to_string())?;
            progress.leave_notices(notices);
            progress.set_loaded(1_000_000);
            Ok(Arc::new(engine) as Arc<dyn Backend>)
        }),
    );
    let mut harness = Harness::new(
        Arc::new(backend),
        ddbx::demo::TABLE_NAME,
        Settings::default(),
    );
    harness.state.table.loading = Some(progress.clone());
    // The loader runs on its own thread: the first frame is drawn once it has counted items,
    // as a user sees it, rather than racing the thread to its first count.
    while progress.loaded() < 340_000 {
        std::thread::yield_now();
    }
    (harness, progress, release)
}

#[tokio::test]
async fn the_first_frame_counts_the_load_and_keys_answer_before_it_ends() {
    let (mut harness, progress, release) = held_load(Vec::new(), None);
    let commands = start(&mut harness.state);
    assert!(harness.state.is_busy(), "the spinner runs while loading");
    let first = screen(&harness.state, 80, 24);
    assert!(
        first.contains("loading 340,000 of 1,000,000 items"),
        "{first}"
    );
    // The help opens and closes, the overview is shown, all while the table loads.
    harness.act(Action::ToggleHelp).await;
    assert!(
        matches!(harness.state.mode(), Mode::Help),
        "{:?}",
        harness.state.mode()
    );
    harness.act(Action::ToggleHelp).await;
    harness.act(Action::ShowOverview).await;
    assert!(matches!(
        harness.state.table.description,
        Loadable::Loading(_)
    ));
    assert!(!progress.is_finished());
    release.send(()).expect("the load waits");
    harness.run(commands).await;
    assert!(progress.is_finished());
    assert!(harness.state.table.loading.is_none(), "the line gives way");
    let description = harness.state.table.description.loaded().expect("described");
    assert_eq!(
        description.item_count,
        Some(ITEMS as u64),
        "the describe waited for the whole table"
    );
    harness.act(Action::ShowCollections).await;
    let done = screen(&harness.state, 80, 24);
    assert!(!done.contains("loading "), "{done}");
    assert!(
        done.contains("Collections by partition key prefix"),
        "{done}"
    );
    assert!(done.contains("complete "), "{done}");
    assert!(done.contains("USER"), "{done}");
}

#[tokio::test]
async fn discovery_starts_only_once_the_table_is_loaded() {
    let (mut harness, _progress, release) = held_load(Vec::new(), None);
    let commands = start(&mut harness.state);
    assert_eq!(harness.scans(), 0);
    release.send(()).expect("the load waits");
    harness.run(commands).await;
    assert!(harness.scans() > 0, "discovery scanned once loaded");
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert_eq!(
        harness.state.explore.discovery.progress.items_scanned, ITEMS as u64,
        "discovery saw every item"
    );
}

#[tokio::test]
async fn a_failed_load_is_shown_in_place_of_the_table() {
    let (mut harness, _progress, release) = held_load(Vec::new(), Some("line 7: not JSON"));
    let commands = start(&mut harness.state);
    release.send(()).expect("the load waits");
    harness.run(commands).await;
    assert!(harness.state.table.loading.is_none());
    match &harness.state.table.description {
        Loadable::Failed(message) => assert!(message.contains("line 7: not JSON"), "{message}"),
        other => panic!("expected the load's error, got {other:?}"),
    }
}

#[tokio::test]
async fn what_the_load_leaves_to_say_is_shown_once_it_is_done() {
    let notices = vec![
        "key schema inferred: PK, SK".to_owned(),
        "3 warnings while loading; first: line 2 skipped".to_owned(),
    ];
    let (mut harness, _progress, release) = held_load(notices, None);
    let commands = start(&mut harness.state);
    assert!(harness.state.notice.is_none());
    release.send(()).expect("the load waits");
    harness.run(commands).await;
    let shown = screen(&harness.state, 120, 24);
    assert!(shown.contains("3 warnings while loading"), "{shown}");
}
