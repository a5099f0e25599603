//! 10,000 items updated by one run while another writer changes some of the same items: no
//! update of either is lost, and every item the run skipped is reported as a conflict.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use ddbx::domain::value::AttrValue;
use ddbx::journal::{BatchOutcome, Journal};

use crate::common::{Fixture, count, number, pk_of, summary, version_of, versioned_items};
use crate::support::Server;
use crate::support::cli::Run;

const ITEMS: usize = 10_000;

#[tokio::test]
async fn ten_thousand_updates_under_a_concurrent_writer_lose_nothing_on_ddblocal() {
    concurrent_writer(Server::DdbLocal).await;
}

#[tokio::test]
async fn ten_thousand_updates_under_a_concurrent_writer_lose_nothing_on_dynalite() {
    concurrent_writer(Server::Dynalite).await;
}

/// Waits until the run has recorded its start in the journal: it has read its scope and is
/// about to write.
async fn wait_for_run_start(fixture: &Fixture) {
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let text = std::fs::read_to_string(fixture.journal()).unwrap_or_default();
        if text.contains("\"record\":\"batch\"") {
            return;
        }
        assert!(Instant::now() < deadline, "the run never started writing");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn concurrent_writer(server: Server) {
    let Some(fixture) = Fixture::new(server, "bulk-concurrent").await else {
        return;
    };
    fixture.seed(&versioned_items(ITEMS)).await;
    let mut child = fixture.spawn(&["bulk", "--set", "bulk=1", "--segments", "4"]);
    wait_for_run_start(&fixture).await;
    // The other writer bumps the version as the application would, on every 5th item from the
    // end, until the run is over.
    let mut touched = BTreeSet::new();
    for i in (0..ITEMS).rev().step_by(5) {
        if child.try_wait().expect("the run's status").is_some() {
            break;
        }
        let pk = format!("ITEM#{i:05}");
        fixture
            .client
            .update_item()
            .table_name(&fixture.table)
            .key("PK", AttributeValue::S(pk.clone()))
            .key("SK", AttributeValue::S("A".to_owned()))
            .update_expression("SET w = :one, version = version + :one")
            .expression_attribute_values(":one", AttributeValue::N("1".to_owned()))
            .send()
            .await
            .unwrap_or_else(|error| panic!("the other writer: {error:?}"));
        touched.insert(pk);
    }
    let output = child.wait_with_output().expect("the run ends");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8"),
    };
    let summary = summary(&run);
    let conflicts: BTreeSet<String> = summary["conflicts"]
        .as_array()
        .expect("conflicts listed")
        .iter()
        .map(pk_of)
        .collect();
    let (written, conflicted) = (count(&summary, "written"), count(&summary, "conflicted"));
    assert_eq!(count(&summary, "failed"), 0, "{}", run.stderr);
    assert_eq!(written + conflicted, ITEMS as u64, "{summary}");
    assert!(
        conflicted > 0,
        "the other writer raced no write of the run: {summary}"
    );
    assert_eq!(run.code, Some(3), "conflicts exit with 3: {}", run.stderr);
    // Listed in full below 100; above that the journal lists them.
    let journal = Journal::open(fixture.journal());
    let batch = summary["batch"].as_str().expect("a batch id");
    let log = journal.batch_log(batch).expect("the journal");
    let journaled_conflicts: BTreeSet<String> = log
        .records
        .iter()
        .filter(|record| record.outcome == Some(BatchOutcome::Conflict))
        .map(|record| match record.entry.key.get("PK") {
            Some(AttrValue::S(pk)) => pk.clone(),
            other => panic!("key {other:?}"),
        })
        .collect();
    let journaled_written = log
        .records
        .iter()
        .filter(|record| matches!(record.outcome, Some(BatchOutcome::Written { .. })))
        .count();
    assert_eq!(journaled_written as u64, written);
    assert_eq!(journaled_conflicts.len() as u64, conflicted);
    assert!(conflicts.is_subset(&journaled_conflicts));
    assert!(
        journaled_conflicts.is_subset(&touched),
        "only raced items conflict"
    );

    let items = fixture.items().await;
    assert_eq!(items.len(), ITEMS);
    let mut bulk_written = 0;
    for item in &items {
        let Some(AttrValue::S(pk)) = item.get("PK") else {
            panic!("no PK: {item:?}");
        };
        let by_run = item.get("bulk") == Some(&number("1"));
        let by_other = item.get("w") == Some(&number("1"));
        assert_eq!(
            by_other,
            touched.contains(pk),
            "the other writer's update of {pk}"
        );
        assert_eq!(
            by_run,
            !journaled_conflicts.contains(pk),
            "the run's update of {pk}"
        );
        let expected = 1 + u32::from(by_run) + u32::from(by_other);
        assert_eq!(
            version_of(item),
            expected.to_string(),
            "{pk}: a lost update"
        );
        bulk_written += u64::from(by_run);
    }
    assert_eq!(bulk_written, written);
    eprintln!(
        "{}: {written} written, {conflicted} conflicted, the other writer changed {} items; {} writes/s",
        server.name(),
        touched.len(),
        summary["writes_per_second"]
    );
}
