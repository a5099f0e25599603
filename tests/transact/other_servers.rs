//! The same transaction on moto, which has transactions, and on dynalite, which has none: each
//! server's answer asserted as it is, never skipped.

use crate::support::Server;
use crate::{Fixture, by_sk, n, order, stdout_json};

fn plan(fixture: &Fixture) -> String {
    fixture.plan(
        "plan.jsonl",
        &[
            r#"{"update": {"pk": "ORDER#1", "sk": "META", "set": {"lines": 2}}}"#.to_owned(),
            r#"{"delete": {"pk": "ORDER#1", "sk": "LINE#3"}}"#.to_owned(),
            r#"{"check": {"pk": "ORDER#1", "sk": "LINE#1", "condition": "qty = 1"}}"#.to_owned(),
        ],
    )
}

#[test]
fn moto_commits_the_transaction_as_dynamodb_local_does() {
    let Some(fixture) = Fixture::on(Server::Moto, "transact-moto", &order()) else {
        return;
    };
    let run = fixture.ddbx(&["transact", &plan(&fixture)]).success();
    assert_eq!(stdout_json(&run)["committed"], true);
    let items = fixture.items();
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(by_sk(&items, "META").get("lines"), Some(&n("2")));
}

#[test]
fn moto_cancels_a_failed_check_naming_its_line() {
    let Some(fixture) = Fixture::on(Server::Moto, "transact-moto-cancel", &order()) else {
        return;
    };
    let before = fixture.items();
    let plan = fixture.plan(
        "cancel.jsonl",
        &[
            r#"{"update": {"pk": "ORDER#1", "sk": "META", "set": {"lines": 2}}}"#.to_owned(),
            r#"{"check": {"pk": "ORDER#1", "sk": "LINE#1", "condition": "qty = 7"}}"#.to_owned(),
        ],
    );
    let run = fixture.ddbx(&["transact", &plan]);
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    let report = stdout_json(&run);
    assert_eq!(report["reasons"][1]["line"], 2, "{report}");
    assert_eq!(report["reasons"][1]["reason"], "ConditionalCheckFailed");
    assert_eq!(report["reasons"][1]["current"]["qty"], 1, "{report}");
    assert_eq!(fixture.items(), before);
}

#[test]
fn dynalite_has_no_transactions_and_the_refusal_writes_nothing() {
    let Some(fixture) = Fixture::on(Server::Dynalite, "transact-dynalite", &order()) else {
        return;
    };
    let before = fixture.items();
    let run = fixture.ddbx(&["transact", &plan(&fixture)]);
    assert_eq!(
        run.code,
        Some(1),
        "stdout:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
    assert!(
        run.stderr.contains("UnknownOperationException"),
        "{}",
        run.stderr
    );
    assert_eq!(fixture.items(), before);
    // The journal records the refused transaction as not written: undo finds nothing of it.
    let undo = fixture.ddbx(&["undo"]);
    assert_ne!(undo.code, Some(0), "{}", undo.stderr);
    assert_eq!(fixture.items(), before);
}
