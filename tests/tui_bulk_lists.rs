//! Marking in the index items list and in the stream's records, as state-machine flows over
//! the demo's embedded engine: an index's partial copies and a record's keys are read whole by
//! key when the bulk actions open, so the dry run plans every write on the whole item; an item
//! deleted since it was marked is unmarked and said so.

mod tui_support;

use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::command::Command;
use ddbx::app::read::ReadFor;
use ddbx::app::state::bulk::BulkStage;
use ddbx::app::state::bulk::flow::Ending;
use ddbx::app::state::{Notice, Settings};
use ddbx::backend::{Condition, DeleteRequest, ExpressionParams, PutRequest, ReturnValues};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::bulk::{self, stage};
use tui_support::{Harness, NOW, started_demo};

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

async fn stored(harness: &Harness, key: &Item) -> Option<Item> {
    bulk::stored(harness.backend.as_ref(), ddbx::demo::TABLE_NAME, key).await
}

fn bulk_reads(harness: &Harness) -> usize {
    harness
        .requests
        .iter()
        .filter(|command| matches!(command, Command::Read(job) if job.owner == ReadFor::BulkItems))
        .count()
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

#[tokio::test]
async fn index_items_of_a_partial_projection_are_read_whole_then_set_and_sent() {
    let mut harness = started_demo(400, Settings::default()).await;
    harness.private_journal("tui-bulk-lists-index");
    let group_size = bulk::mark_a_partial_index_partition(&mut harness).await;
    assert_eq!(harness.state.bulk.selection.len(), group_size);
    assert!(
        harness
            .state
            .bulk
            .selection
            .items()
            .all(|selected| !selected.whole),
        "GSI2 projects only some attributes: its copies are partial"
    );
    harness.act(Action::BulkActions).await;
    assert_eq!(bulk_reads(&harness), 1, "the marked items are read by key");
    assert!(
        harness
            .state
            .bulk
            .selection
            .items()
            .all(|selected| selected.whole),
        "every mark now holds the whole item"
    );
    let first = harness
        .state
        .bulk
        .selection
        .items()
        .next()
        .expect("one")
        .item
        .clone();
    let key = item(&[
        ("PK", first["PK"].as_s().expect("PK")),
        ("SK", first["SK"].as_s().expect("SK")),
    ]);
    assert_eq!(
        Some(first),
        stored(&harness, &key).await,
        "the item as stored"
    );
    // export → delete → set an attribute
    harness
        .act_all([Action::CursorRight, Action::CursorRight])
        .await;
    harness.act(Action::NextField).await;
    type_text(&mut harness, "audit").await;
    harness.act(Action::NextField).await;
    type_text(&mut harness, "\"seen\"").await;
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("a dry run: {:?}", stage(&harness));
    };
    assert_eq!(dry_run.plan.writes.len(), group_size, "nothing refused");
    assert!(
        dry_run.plan.refused.is_empty(),
        "{:?}",
        dry_run.plan.refused
    );
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the summary: {:?}", stage(&harness));
    };
    assert_eq!(summary.count(Ending::Written), group_size);
    let now = stored(&harness, &key).await.expect("still there");
    assert_eq!(now.get("audit"), Some(&AttrValue::s("seen")));
}

async fn put(harness: &Harness, item: Item) {
    harness
        .backend
        .put_item(PutRequest {
            table: ddbx::demo::TABLE_NAME.to_owned(),
            item,
            condition: Condition::new("attribute_not_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("put");
}

/// Lets `seconds` pass on the app's clock, running what each tick asks.
async fn wait(harness: &mut Harness, seconds: f64) {
    for _ in 0..(seconds * 4.0).ceil() as u32 {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        harness
            .act(Action::Tick(Clock {
                uptime,
                unix_seconds: NOW,
            }))
            .await;
    }
}

#[tokio::test]
async fn stream_records_mark_their_items_which_are_read_whole_and_a_deleted_one_is_unmarked() {
    let mut harness = started_demo(40, Settings::default()).await;
    harness.private_journal("tui-bulk-lists-stream");
    harness.act(Action::ShowStream).await;
    wait(&mut harness, 1.0).await;
    let kept = item(&[("PK", "USER#marked"), ("SK", "A"), ("note", "kept")]);
    let gone = item(&[("PK", "USER#marked"), ("SK", "B"), ("note", "gone")]);
    put(&harness, kept.clone()).await;
    put(&harness, gone.clone()).await;
    wait(&mut harness, 3.0).await;
    assert_eq!(ddbx::app::state::stream::visible_count(&harness.state), 2);
    harness.act(Action::MarkAll).await;
    assert_eq!(harness.state.bulk.selection.len(), 2);
    harness
        .backend
        .delete_item(DeleteRequest {
            table: ddbx::demo::TABLE_NAME.to_owned(),
            key: item(&[("PK", "USER#marked"), ("SK", "B")]),
            condition: Condition::new("attribute_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("delete");
    harness.act(Action::BulkActions).await;
    assert_eq!(bulk_reads(&harness), 1);
    assert!(
        matches!(
            &harness.state.notice,
            Some(Notice::Info(text)) if text.contains("1 marked item is no longer in the table")
        ),
        "{:?}",
        harness.state.notice
    );
    let marked: Vec<&Item> = harness
        .state
        .bulk
        .selection
        .items()
        .map(|selected| &selected.item)
        .collect();
    assert_eq!(marked, vec![&kept], "the whole item, not only its keys");
    // Delete what is left: conditioned on the whole item as read.
    harness.act(Action::CursorRight).await;
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("a dry run: {:?}", stage(&harness));
    };
    assert_eq!(dry_run.plan.writes.len(), 1);
    harness.act(Action::Confirm).await;
    assert!(
        stored(&harness, &item(&[("PK", "USER#marked"), ("SK", "A")]))
            .await
            .is_none()
    );
}
