//! A run killed with SIGKILL while writes are in flight, then resumed: the table ends as a
//! one-shot run leaves it, every item written exactly once (its version moved by one, one
//! written outcome in the journal). Then the run is undone, except the item changed since.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use ddbx::domain::value::AttrValue;
use ddbx::journal::{BatchOutcome, Journal};

use crate::common::{Fixture, count, key_text, number, summary, version_of, versioned_items};
use crate::support::Server;

const ITEMS: usize = 2_000;
const ARGS: [&str; 5] = ["bulk", "--set", "bulk=1", "--rate", "400"];

#[tokio::test]
async fn a_killed_run_resumes_to_the_one_shot_result_on_dynalite() {
    killed_and_resumed(Server::Dynalite).await;
}

#[tokio::test]
async fn a_killed_run_resumes_to_the_one_shot_result_on_ddblocal() {
    killed_and_resumed(Server::DdbLocal).await;
}

/// The id of the (only) run in the fixture's journal, once it has started.
fn batch_id(fixture: &Fixture) -> Option<String> {
    let text = std::fs::read_to_string(fixture.journal()).ok()?;
    // The run's header is the journal's first line, and names its id first.
    let rest = text.split("\"batch\":\"").nth(1)?;
    rest.split('"').next().map(str::to_owned)
}

/// Whether the server already holds the run's change to the item under `key`.
async fn written_on_server(fixture: &Fixture, key: &ddbx::domain::value::Item) -> bool {
    let output = fixture
        .backend
        .get_item(ddbx::backend::GetRequest {
            table: fixture.table.clone(),
            key: key.clone(),
            projection: None,
            params: ddbx::domain::expr::ExpressionParams::default(),
            consistent_read: true,
        })
        .await
        .expect("get");
    output.item.and_then(|item| item.get("bulk").cloned()) == Some(number("1"))
}

/// Kills the run once it has written some items and a group is in flight with some of its
/// writes already on the server: the resume then has unconfirmed writes both landed and not.
async fn kill_mid_run(fixture: &Fixture) -> String {
    let mut child = fixture.spawn(&ARGS);
    let journal = Journal::open(fixture.journal());
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(
            child.try_wait().expect("status").is_none(),
            "the run ended before it was killed"
        );
        assert!(Instant::now() < deadline, "the run never got going");
        if let Some(batch) = batch_id(fixture) {
            let log = journal.batch_log(&batch).expect("journal");
            let answered = log.records.iter().filter(|r| r.outcome.is_some()).count();
            let pending: Vec<_> = log.records.iter().filter(|r| r.outcome.is_none()).collect();
            if answered >= 500 && !pending.is_empty() {
                for record in pending.iter().take(16) {
                    if written_on_server(fixture, &record.entry.key).await {
                        child.kill().expect("SIGKILL");
                        let status = child.wait().expect("reaped");
                        assert_eq!(status.code(), None, "killed by a signal");
                        return batch;
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

async fn killed_and_resumed(server: Server) {
    let Some(fixture) = Fixture::new(server, "bulk-killed").await else {
        return;
    };
    let Some(one_shot) = Fixture::new(server, "bulk-oneshot").await else {
        return;
    };
    let items = versioned_items(ITEMS);
    fixture.seed(&items).await;
    one_shot.seed(&items).await;
    let run = one_shot.ddbx(&ARGS).success();
    assert_eq!(count(&summary(&run), "written"), ITEMS as u64);

    let batch = kill_mid_run(&fixture).await;
    let journal = Journal::open(fixture.journal());
    let before = journal.batch_log(&batch).expect("journal");
    let pending = before
        .records
        .iter()
        .filter(|r| r.outcome.is_none())
        .count();
    let written_before = before
        .records
        .iter()
        .filter(|r| matches!(r.outcome, Some(BatchOutcome::Written { .. })))
        .count();
    assert!(pending > 0, "the kill left no write in flight");
    assert!(written_before < ITEMS, "the kill came after the end");

    let mut resume_args = ARGS.to_vec();
    resume_args.extend(["--resume", &batch]);
    let resumed = fixture.ddbx(&resume_args).success();
    let resumed = summary(&resumed);
    let earlier = &resumed["resumed"];
    assert_eq!(
        count(earlier, "unconfirmed_found_written") + count(earlier, "unconfirmed_found_unwritten"),
        pending as u64,
        "{resumed}"
    );
    assert_eq!(count(earlier, "unconfirmed_found_changed"), 0);
    assert!(count(earlier, "unconfirmed_found_written") > 0, "{resumed}");
    assert_eq!(count(&resumed, "written"), ITEMS as u64, "{resumed}");
    assert_eq!(
        count(&resumed, "written_now") + count(earlier, "written"),
        ITEMS as u64
    );

    eprintln!(
        "{}: killed after {written_before} written with {pending} unconfirmed; the resume found {} of those written, {} not, and wrote {} more",
        server.name(),
        count(earlier, "unconfirmed_found_written"),
        count(earlier, "unconfirmed_found_unwritten"),
        count(&resumed, "written_now")
    );
    let after_resume = fixture.items().await;
    assert_eq!(after_resume, one_shot.items().await, "resumed ≠ one-shot");
    for item in &after_resume {
        assert_eq!(version_of(item), "2", "written once: {item:?}");
    }
    let log = journal.batch_log(&batch).expect("journal");
    let mut written: HashMap<String, usize> = HashMap::new();
    for record in &log.records {
        if matches!(record.outcome, Some(BatchOutcome::Written { .. })) {
            *written.entry(key_text(&record.entry.key)).or_default() += 1;
        }
    }
    assert_eq!(written.len(), ITEMS);
    assert!(written.values().all(|&n| n == 1), "a key written twice");

    undo_all_but_one_changed(&fixture, &batch).await;
}

/// Undoes the run after another writer changed one item: that item is reported and kept.
async fn undo_all_but_one_changed(fixture: &Fixture, batch: &str) {
    fixture
        .client
        .update_item()
        .table_name(&fixture.table)
        .key("PK", AttributeValue::S("ITEM#00007".to_owned()))
        .key("SK", AttributeValue::S("A".to_owned()))
        .update_expression("SET w = :one, version = version + :one")
        .expression_attribute_values(":one", AttributeValue::N("1".to_owned()))
        .send()
        .await
        .expect("the other writer");
    let dry = fixture
        .ddbx(&["undo", "--batch", batch, "--dry-run"])
        .success();
    assert_eq!(count(&summary(&dry), "writes"), ITEMS as u64);
    let undo = fixture.ddbx(&["undo", "--batch", batch]);
    assert_eq!(undo.code, Some(3), "{}", undo.stderr);
    let undone = summary(&undo);
    assert_eq!(count(&undone, "written"), ITEMS as u64 - 1);
    assert_eq!(count(&undone, "conflicted"), 1);
    assert_eq!(undone["conflicts"][0]["PK"], "ITEM#00007");
    for item in fixture.items().await {
        let Some(AttrValue::S(pk)) = item.get("PK") else {
            panic!("no PK");
        };
        if pk == "ITEM#00007" {
            assert_eq!(
                item.get("bulk"),
                Some(&number("1")),
                "the changed item is kept"
            );
            assert_eq!(version_of(&item), "3");
        } else {
            assert_eq!(item.get("bulk"), None, "{pk} restored");
            // A version moves forward, never back: other writers see the undo as a change.
            assert_eq!(version_of(&item), "3", "{pk}");
        }
    }
}
