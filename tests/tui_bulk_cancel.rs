//! Giving the bulk flow up while it reads marked partial copies whole, as state-machine flows
//! over the demo's embedded engine: that read is a read like any other, so closing the form
//! cancels it and its late answer changes nothing, and its failure is the backend's error.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadFor, ReadJob};
use ddbx::app::state::{Notice, Settings};
use ddbx::app::update::update;
use tui_support::{Harness, bulk, started_demo};

/// The demo's GSI2 partition open, every item of it marked.
async fn index_copies_marked() -> Harness {
    let mut harness = started_demo(400, Settings::default()).await;
    bulk::mark_a_partial_index_partition(&mut harness).await;
    assert!(every_mark_partial(&harness), "GSI2's copies are partial");
    harness
}

fn every_mark_partial(harness: &Harness) -> bool {
    harness
        .state
        .bulk
        .selection
        .items()
        .all(|selected| !selected.whole)
}

fn the_read(commands: Vec<Command>) -> ReadJob {
    match commands.as_slice() {
        [Command::Read(job)] => job.clone(),
        other => panic!("one read: {other:?}"),
    }
}

#[tokio::test]
async fn reading_marked_copies_whole_is_a_read_job_that_closing_the_form_cancels() {
    let mut harness = index_copies_marked().await;
    let job = the_read(harness.act_only(Action::BulkActions));
    assert_eq!(job.owner, ReadFor::BulkItems);
    let Read::Items { table, keys } = &job.read else {
        panic!("the items by key: {:?}", job.read);
    };
    assert_eq!(table, ddbx::demo::TABLE_NAME);
    assert_eq!(keys.len(), harness.state.bulk.selection.len());

    let closed = harness.act_only(Action::Back);
    assert_eq!(closed, vec![Command::Cancel(vec![job.id])]);
    assert!(harness.state.bulk.flow.is_none());
    let notice = harness.state.notice.clone();
    assert_eq!(notice, Some(Notice::Info("nothing was sent".to_owned())));

    // The answer lands anyway (the worker lost the race): it is ignored.
    let late = ddbx::worker::answer(job, harness.backend.as_ref()).await;
    assert!(update(&mut harness.state, late).is_empty());
    assert!(harness.state.bulk.flow.is_none());
    assert_eq!(harness.state.notice, notice);
    assert!(
        every_mark_partial(&harness),
        "the marks keep their partial copies"
    );
    assert!(harness.writes().is_empty());
}

#[tokio::test]
async fn a_failed_read_of_the_marked_copies_names_the_backend_error() {
    let mut harness = index_copies_marked().await;
    let job = the_read(harness.act_only(Action::BulkActions));
    let failed = Action::ReadDone {
        id: job.id,
        owner: job.owner,
        result: Err(ddbx::backend::BackendError::Service {
            code: "ProvisionedThroughputExceededException".to_owned(),
            message: "slow down".to_owned(),
        }
        .into()),
    };
    assert!(update(&mut harness.state, failed).is_empty());
    assert!(harness.state.bulk.flow.is_none());
    let Some(Notice::Error(text)) = &harness.state.notice else {
        panic!("an error: {:?}", harness.state.notice);
    };
    assert!(
        text.starts_with("cannot read the marked items whole ("),
        "{text}"
    );
    assert!(text.contains("slow down"), "{text}");
    assert!(text.ends_with("); nothing was sent"), "{text}");
}
