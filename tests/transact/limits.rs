//! Refusals that send nothing, counted by a proxy in front of DynamoDB Local: over 100 actions,
//! over 4 MB, one item twice, a bad line, --read-only; and --dry-run, which sends reads only.

use std::sync::Arc;

use crate::support::fault_proxy::{Fault, FaultProxy};
use crate::{Fixture, order};

fn counting(fixture: &Fixture) -> FaultProxy {
    FaultProxy::start(Some(&fixture.endpoint), Arc::new(|_, _: &str| Fault::Pass))
}

fn sent_no_write(proxy: &FaultProxy) {
    let targets = proxy.targets();
    assert!(
        targets
            .iter()
            .all(|target| ["DescribeTable", "DescribeTimeToLive", "GetItem"]
                .iter()
                .any(|read| target.ends_with(read))),
        "only reads may be sent: {targets:?}"
    );
}

#[test]
fn a_plan_of_101_actions_is_refused_before_connecting() {
    let Some(fixture) = Fixture::new("transact-101", &order()) else {
        return;
    };
    let lines: Vec<String> = (0..101)
        .map(|i| format!(r#"{{"put": {{"PK": "ORDER#2", "SK": "LINE#{i}"}}}}"#))
        .collect();
    let plan = fixture.plan("big.jsonl", &lines);
    let proxy = counting(&fixture);
    let before = fixture.items();
    let run = fixture.ddbx_via(&proxy.endpoint(), &["transact", &plan]);
    run.refused(2, &["101 actions", "limit of 100", "nothing was sent"]);
    assert_eq!(proxy.requests(), 0, "{:?}", proxy.targets());
    assert_eq!(fixture.items(), before);
}

#[test]
fn items_over_4_mb_are_refused_with_the_size_and_nothing_written() {
    let Some(fixture) = Fixture::new("transact-4mb", &order()) else {
        return;
    };
    let big = "x".repeat(390 * 1024);
    let lines: Vec<String> = (0..11)
        .map(|i| format!(r#"{{"put": {{"PK": "ORDER#2", "SK": "LINE#{i}", "blob": "{big}"}}}}"#))
        .collect();
    let plan = fixture.plan("huge.jsonl", &lines);
    let proxy = counting(&fixture);
    let run = fixture.ddbx_via(&proxy.endpoint(), &["transact", &plan]);
    run.refused(2, &["bytes", "cannot exceed 4 MB", "nothing was sent"]);
    sent_no_write(&proxy);
    assert_eq!(fixture.items().len(), order().len());
}

#[test]
fn two_actions_on_one_item_are_refused_in_the_services_words() {
    let Some(fixture) = Fixture::new("transact-twice", &order()) else {
        return;
    };
    let plan = fixture.plan(
        "twice.jsonl",
        &[
            r#"{"update": {"pk": "ORDER#1", "sk": "LINE#1", "set": {"qty": 5}}}"#.to_owned(),
            r#"{"check": {"pk": "ORDER#1", "sk": "LINE#1", "condition": "qty = 1"}}"#.to_owned(),
        ],
    );
    let proxy = counting(&fixture);
    let run = fixture.ddbx_via(&proxy.endpoint(), &["transact", &plan]);
    run.refused(
        2,
        &[
            "lines 1 and 2",
            "Transaction request cannot include multiple operations on one item",
        ],
    );
    sent_no_write(&proxy);
}

#[test]
fn a_bad_line_is_refused_with_its_line_and_column_before_connecting() {
    let Some(fixture) = Fixture::new("transact-bad", &order()) else {
        return;
    };
    let plan = fixture.plan(
        "bad.jsonl",
        &[
            r#"{"delete": {"pk": "ORDER#1", "sk": "LINE#1"}}"#.to_owned(),
            r#"{"update": {"pk": "ORDER#1", "sk": "LINE#2", "set": {"qty": 123456789012345678901234567890123456789}}}"#.to_owned(),
        ],
    );
    let proxy = counting(&fixture);
    let run = fixture.ddbx_via(&proxy.endpoint(), &["transact", &plan]);
    run.refused(2, &["bad.jsonl:2:61", "38 significant digits"]);
    assert_eq!(proxy.requests(), 0);
}

#[test]
fn read_only_refuses_before_connecting_and_dry_run_sends_no_write() {
    let Some(fixture) = Fixture::new("transact-dry", &order()) else {
        return;
    };
    let plan = fixture.plan(
        "dry.jsonl",
        &[
            r#"{"update": {"pk": "ORDER#1", "sk": "META", "set": {"status": "X"}}}"#.to_owned(),
            r#"{"delete": {"pk": "ORDER#1", "sk": "LINE#1"}}"#.to_owned(),
        ],
    );
    let proxy = counting(&fixture);
    let before = fixture.items();
    let run = fixture.ddbx_via(&proxy.endpoint(), &["--read-only", "transact", &plan]);
    run.refused(2, &["read-only", "nothing was sent"]);
    assert_eq!(proxy.requests(), 0);

    let run = fixture
        .ddbx_via(&proxy.endpoint(), &["transact", &plan, "--dry-run"])
        .success();
    assert!(
        run.stdout
            .starts_with("TransactWriteItems (all actions or none)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("action 1 (line 1: UpdateItem"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("ConditionExpression: "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("action 2 (line 2: DeleteItem"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("ReturnValues: "),
        "a transaction's actions return nothing"
    );
    assert!(
        run.stderr.contains("dry run: nothing was sent"),
        "{}",
        run.stderr
    );
    sent_no_write(&proxy);
    assert_eq!(fixture.items(), before);
}
