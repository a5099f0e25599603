//! A parent and its children as one transaction: committed, undone, and cancelled whole by a
//! concurrent writer.

use std::sync::Arc;

use ddbx::domain::value::AttrValue;

use crate::support::fault_proxy::{Fault, FaultProxy};
use crate::{Fixture, by_sk, n, order, s, stdout_json};

fn support_fix_plan() -> Vec<String> {
    vec![
        r#"{"update": {"pk": "ORDER#1", "sk": "META", "set": {"status": "FIXED", "lines": 3}, "remove": ["note"]}}"#.to_owned(),
        r#"{"update": {"pk": "ORDER#1", "sk": "LINE#1", "set": {"qty": 10}}}"#.to_owned(),
        r#"{"delete": {"pk": "ORDER#1", "sk": "LINE#2"}}"#.to_owned(),
        r#"{"put": {"PK": "ORDER#1", "SK": "LINE#4", "qty": 4, "sku": {"$ss": ["a", "b"]}}}"#.to_owned(),
        r#"{"check": {"pk": "ORDER#1", "sk": "LINE#3", "condition": "qty = 3"}}"#.to_owned(),
    ]
}

#[test]
fn a_parent_and_its_children_commit_as_one_transaction_and_undo_as_one() {
    let Some(fixture) = Fixture::new("transact-commit", &order()) else {
        return;
    };
    let before = fixture.items();
    let plan = fixture.plan("fix.jsonl", &support_fix_plan());
    let run = fixture.ddbx(&["transact", &plan]).success();
    let summary = stdout_json(&run);
    assert_eq!(summary["committed"], true, "{summary}");
    assert_eq!(summary["actions"], 5);
    let items = fixture.items();
    let meta = by_sk(&items, "META");
    assert_eq!(meta.get("status"), Some(&s("FIXED")));
    assert_eq!(
        meta.get("version"),
        Some(&n("2")),
        "the version moves with the write"
    );
    assert_eq!(
        meta.get("total"),
        Some(&n("12345678901234567890123456789012345678")),
        "untouched attributes keep every digit"
    );
    assert!(meta.get("note").is_none());
    assert!(
        matches!(meta.get("tags"), Some(AttrValue::Ss(_))),
        "a set stays a set"
    );
    let keys: Vec<String> = items.iter().map(crate::key_text).collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
    assert!(keys.iter().all(|key| !key.contains("LINE#2")), "{keys:?}");
    assert_eq!(by_sk(&items, "LINE#1").get("qty"), Some(&n("10")));
    assert!(matches!(
        by_sk(&items, "LINE#4").get("sku"),
        Some(AttrValue::Ss(_))
    ));

    let undo = fixture.ddbx(&["undo"]).success();
    assert!(
        undo.stderr.contains("as one transaction"),
        "{}",
        undo.stderr
    );
    let mut restored = fixture.items();
    let mut expected = before;
    let meta = restored.len() - 1;
    assert_eq!(by_sk(&restored, "META"), &restored[meta]);
    // The version counter moves forward on undo too, so other writers see the change.
    assert_eq!(restored[meta].remove("version"), Some(n("3")));
    expected[meta].remove("version");
    assert_eq!(restored, expected, "undo puts back every item exactly");
}

#[test]
fn a_concurrent_change_to_one_child_cancels_everything_and_names_its_line() {
    let Some(fixture) = Fixture::new("transact-conflict", &order()) else {
        return;
    };
    let fixture = Arc::new(fixture);
    let writer = Arc::clone(&fixture);
    // The other writer changes line 2 as ddbx's TransactWriteItems arrives: after ddbx read it,
    // before the transaction is applied.
    let proxy = FaultProxy::start(
        Some(&fixture.endpoint),
        Arc::new(move |_, target: &str| {
            if target.ends_with("TransactWriteItems") {
                writer
                    .ddbx(&[
                        "update", "--pk", "ORDER#1", "--sk", "LINE#2", "--set", "qty=99",
                    ])
                    .success();
            }
            Fault::Pass
        }),
    );
    let before = fixture.items();
    let plan = fixture.plan("fix.jsonl", &support_fix_plan());
    let run = fixture.ddbx_via(&proxy.endpoint(), &["transact", &plan]);
    assert_eq!(
        run.code,
        Some(3),
        "stdout:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
    assert!(run.stderr.contains("nothing was applied"), "{}", run.stderr);
    assert!(run.stderr.contains("line 3 (Delete of"), "{}", run.stderr);
    let report = stdout_json(&run);
    assert_eq!(report["committed"], false);
    let reasons = report["reasons"].as_array().expect("reasons");
    let failed: Vec<&serde_json::Value> = reasons
        .iter()
        .filter(|reason| reason["reason"] != "None")
        .collect();
    assert_eq!(failed.len(), 1, "{report}");
    assert_eq!(failed[0]["line"], 3);
    assert_eq!(failed[0]["reason"], "ConditionalCheckFailed");
    assert_eq!(failed[0]["current"]["qty"], 99, "the item as it is now");
    let mut expected = before;
    // In key order: LINE#1, LINE#2, LINE#3, META.
    expected[1].insert("qty".to_owned(), n("99"));
    assert_eq!(fixture.items(), expected, "only the other writer's change");
}
