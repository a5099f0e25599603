//! Eight writers racing to rewrite the same collection as one transaction each: whatever wins,
//! the collection is never half one writer's and half another's.

use std::process::Stdio;

use crate::support::cli::Run;
use crate::{Fixture, item, n, s};

const WRITERS: usize = 8;
const ITEMS: usize = 5;

#[test]
fn eight_writers_racing_on_one_collection_never_leave_a_partial_state() {
    let items: Vec<_> = (0..ITEMS)
        .map(|i| {
            item(&[
                ("PK", s("ORDER#1")),
                ("SK", s(&format!("PART#{i}"))),
                ("version", n("1")),
                ("owner", s("nobody")),
            ])
        })
        .collect();
    let Some(fixture) = Fixture::new("transact-race", &items) else {
        return;
    };
    let children: Vec<_> = (0..WRITERS)
        .map(|writer| {
            let lines: Vec<String> = (0..ITEMS)
                .map(|i| {
                    format!(
                        r#"{{"update": {{"pk": "ORDER#1", "sk": "PART#{i}", "set": {{"owner": "w{writer}"}}}}}}"#
                    )
                })
                .collect();
            let plan = fixture.plan(&format!("w{writer}.jsonl"), &lines);
            let mut command = fixture.command_via(&fixture.endpoint, &["transact", &plan]);
            command.stdout(Stdio::piped()).stderr(Stdio::piped());
            command.spawn().expect("the ddbx binary starts")
        })
        .collect();
    let runs: Vec<Run> = children
        .into_iter()
        .map(|child| {
            let output = child.wait_with_output().expect("ddbx ends");
            Run {
                code: output.status.code(),
                stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            }
        })
        .collect();
    let committed = runs.iter().filter(|run| run.code == Some(0)).count();
    let codes: Vec<_> = runs.iter().map(|run| run.code).collect();
    eprintln!(
        "{WRITERS} racing transactions of {ITEMS} items: {committed} committed; exit codes {codes:?}"
    );
    for run in &runs {
        // 3: a condition failed (another writer went first); 1: the service cancelled it for a
        // conflicting transaction in flight. Either way nothing of it was applied.
        assert!(
            matches!(run.code, Some(0 | 1 | 3)),
            "exit {:?}: {}",
            run.code,
            run.stderr
        );
        if run.code != Some(0) {
            assert!(run.stderr.contains("nothing was applied"), "{}", run.stderr);
        }
    }
    assert!(committed >= 1, "{runs:?}");
    let after = fixture.items();
    let owners: Vec<_> = after
        .iter()
        .map(|item| item.get("owner").cloned())
        .collect();
    let versions: Vec<_> = after
        .iter()
        .map(|item| item.get("version").cloned())
        .collect();
    assert!(
        owners.windows(2).all(|pair| pair[0] == pair[1]),
        "one writer owns every item: {owners:?}"
    );
    assert_ne!(owners[0], Some(s("nobody")));
    let expected_version = n(&(1 + committed).to_string());
    assert!(
        versions
            .iter()
            .all(|version| version.as_ref() == Some(&expected_version)),
        "every item moved once per committed transaction ({committed}): {versions:?}"
    );
}
