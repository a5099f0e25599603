//! The item history from the inspector, on the embedded engine's stream: `H` reads the item's
//! changes from the stream (TRIM_HORIZON, every shard) and ddbx's journal, as one read through
//! the worker's read path; the timeline lists them newest first, the stream's marked "who:
//! unknown", ddbx's with what the journal knows; another item's changes stay out; a table
//! without a stream shows the journal alone and says so. Snapshot of the screen.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::loadable::Loadable;
use ddbx::app::state::{Mode, Settings, View, ViewMode};
use ddbx::backend::{Backend, Condition, ExpressionParams, PutRequest, ReturnValues};
use ddbx::domain::civil::UtcInstant;
use ddbx::domain::item_history::Source;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::item_history::ItemHistory;
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table, started_demo};

/// Another client's write: a PutItem the journal knows nothing of.
async fn put(backend: &dyn Backend, table: &str, item: Item) {
    let request = PutRequest {
        table: table.to_owned(),
        item,
        condition: Condition::new("attribute_exists(PK) OR attribute_not_exists(PK)"),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    backend.put_item(request).await.expect("put");
}

async fn stored(backend: &dyn Backend, table: &str, pk: &str, sk: &str) -> Item {
    tui_support::bulk::stored(backend, table, &item(&[("PK", pk), ("SK", sk)]))
        .await
        .expect("item exists")
}

/// Edits the inspected item through the editor (preview, confirm): a journaled write.
async fn edit(harness: &mut Harness, from: &str, to: &str) {
    harness.act(Action::EditItem).await;
    let text = tui_support::editor_text(harness).replace(from, to);
    harness.act(Action::ExternalEdited(Ok(text))).await;
    harness.act(Action::SaveEdit).await;
    harness.act(Action::Confirm).await;
    assert!(harness.state.edits.flow.is_none(), "the write went through");
}

fn read_history(harness: &Harness) -> &ItemHistory {
    match harness.state.views.current() {
        View::ItemHistory(view) => match &view.history {
            Loadable::Loaded(history) => history,
            other => panic!("the history is read: {other:?}"),
        },
        other => panic!("the history is shown: {other:?}"),
    }
}

/// Fixes the wall-clock parts (record times, journal times) for a stable snapshot.
fn fix_times(harness: &mut Harness) {
    let View::ItemHistory(view) = harness.state.views.current_mut() else {
        return;
    };
    let Loadable::Loaded(history) = &mut view.history else {
        return;
    };
    let count = history.changes.len() as i64;
    for (index, change) in history.changes.iter_mut().enumerate() {
        change.at = Some(UtcInstant::from_seconds(
            1_782_864_000 + (count - index as i64) * 60,
        ));
        if let Source::Journal(facts) = &mut change.source {
            facts.time = "2026-07-01T00:02:00Z".to_owned();
        }
    }
}

#[tokio::test]
async fn the_inspector_opens_the_items_changes_from_the_stream_and_the_journal() {
    let mut harness = started_demo(40, Settings::default()).await;
    let table = ddbx::demo::TABLE_NAME;
    harness.private_journal("item-history-demo");
    let backend = Arc::clone(&harness.backend);
    // Someone else creates the order and changes it, and writes another item; then ddbx edits
    // the order.
    let order = item(&[
        ("PK", "ORDER#zz1"),
        ("SK", "METADATA"),
        ("type", "Order"),
        ("status", "PLACED"),
    ]);
    put(backend.as_ref(), table, order.clone()).await;
    let mut other = order.clone();
    other.insert("status".to_owned(), AttrValue::s("DELIVERED"));
    put(backend.as_ref(), table, other).await;
    put(
        backend.as_ref(),
        table,
        item(&[
            ("PK", "ORDER#zz1"),
            ("SK", "NOTE#1"),
            ("text", "not this item"),
        ]),
    )
    .await;
    harness
        .state
        .inspect(stored(backend.as_ref(), table, "ORDER#zz1", "METADATA").await);
    edit(&mut harness, "\"DELIVERED\"", "\"RETURNED\"").await;

    // The inspector's help lists the key, and still fits 80×24.
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 80, 24);
    assert!(help.contains("H Item history"), "{help}");
    harness.act(Action::ToggleHelp).await;

    harness.act(Action::ShowItemHistory).await;
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::ItemHistory)),
        "{:?}",
        harness.state.mode()
    );
    let reads = harness.reads_for(ReadFor::ItemHistory);
    let [Read::ItemHistory(request)] = reads.as_slice() else {
        panic!("one history read: {reads:?}");
    };
    assert!(request.stream_arn.is_some(), "the demo table has a stream");
    let history = read_history(&harness);
    let kinds: Vec<(bool, &str)> = history
        .changes
        .iter()
        .map(|change| (change.is_journal(), change.kind().name()))
        .collect();
    assert_eq!(
        kinds,
        [
            (true, "MODIFY"),
            (false, "MODIFY"),
            (false, "MODIFY"),
            (false, "INSERT")
        ],
        "ddbx's write (journal, then its record) above the other client's"
    );
    assert!(history.changes[0].in_stream);
    let newest_record = &history.changes[1];
    assert_eq!(
        newest_record
            .new
            .as_ref()
            .and_then(|item| item.get("status")),
        Some(&AttrValue::s("RETURNED"))
    );
    let stream = history.stream.as_ref().expect("the stream was read");
    assert_eq!(stream.matched, 3, "the NOTE item's record is left out");
    assert_eq!(stream.records_read, 4);
    assert_eq!(history.journal.entries, 1);

    fix_times(&mut harness);
    let text = screen(&harness.state, 80, 24);
    for expected in [
        "History of ORDER#zz1 / METADATA",
        "who: unknown (streams carry no principal)",
        "ddbx journal · UpdateItem",
        "~ status",
        "RETURNED",
        "journal: 1 write by ddbx",
    ] {
        assert!(text.contains(expected), "{expected:?} on\n{text}");
    }
    insta::assert_snapshot!("item_history_80x24", text);

    // The cursor moves over changes; `R` reads the history again; back returns to the item.
    harness.act(Action::CursorDown).await;
    harness.act(Action::Refresh).await;
    assert_eq!(harness.reads_for(ReadFor::ItemHistory).len(), 2);
    assert_eq!(read_history(&harness).changes.len(), 4);
    harness.act(Action::HistoryBack).await;
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::Inspector)),
        "{:?}",
        harness.state.mode()
    );
}

#[tokio::test]
async fn a_table_without_a_stream_shows_the_journal_and_says_so() {
    let backend: Arc<dyn Backend> = Arc::new(
        ddbx::backend::memory::MemoryBackend::new(
            pk_sk_table("Shop"),
            vec![item(&[
                ("PK", "USER#u1"),
                ("SK", "METADATA"),
                ("name", "Ada"),
            ])],
        )
        .expect("valid items"),
    );
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    harness.private_journal("item-history-no-stream");
    harness
        .state
        .inspect(stored(backend.as_ref(), "Shop", "USER#u1", "METADATA").await);
    edit(&mut harness, "\"Ada\"", "\"Grace\"").await;
    harness.act(Action::ShowItemHistory).await;
    let history = read_history(&harness);
    assert!(history.stream.is_none());
    assert_eq!(history.changes.len(), 1);
    assert!(history.changes[0].is_journal());
    let text = screen(&harness.state, 100, 24);
    assert!(text.contains("the table has no stream"), "{text}");
    assert!(text.contains("ddbx journal · UpdateItem"), "{text}");
}

/// A journaled write's update and condition expressions longer than the screen fold onto more
/// rows instead of being cut at the border: every attribute they name is in sight.
#[tokio::test]
async fn long_condition_lines_fold_instead_of_being_cut() {
    let mut harness = started_demo(40, Settings::default()).await;
    let table = ddbx::demo::TABLE_NAME;
    harness.private_journal("long-condition");
    let backend = Arc::clone(&harness.backend);
    let mut ticket = item(&[("PK", "TENANT#acme"), ("SK", "TICKET#2026-07-01#tkt_00042")]);
    for n in 0..5 {
        ticket.insert(format!("resolutionNote{n}"), AttrValue::s("old"));
    }
    put(backend.as_ref(), table, ticket).await;
    harness.state.inspect(
        stored(
            backend.as_ref(),
            table,
            "TENANT#acme",
            "TICKET#2026-07-01#tkt_00042",
        )
        .await,
    );
    edit(&mut harness, "\"old\"", "\"new\"").await;
    harness.act(Action::ShowItemHistory).await;
    let text = screen(&harness.state, 80, 24);
    for n in 0..5 {
        let name = format!("resolutionNote{n} = :v");
        assert!(
            text.matches(&name).count() >= 2,
            "{name} in both the update and the condition:\n{text}"
        );
    }
}
