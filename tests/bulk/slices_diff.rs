//! `diff --slice i/k`: k workers each compare the keys in their share of the segments, both
//! sides read by the same segment numbers; together they report exactly the differences of the
//! whole diff, each once. A diff whose sides are on two servers is refused before anything is
//! read, since two servers may put a key in different segments.

use std::collections::BTreeSet;

use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;

use crate::common::{Fixture, number};
use crate::support::Server;

const ITEMS: usize = 1_200;
const WORKERS: u32 = 4;

fn item(i: usize) -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s(format!("USER#{}", i / 3))),
        ("SK".to_owned(), AttrValue::s(format!("ORDER#{i:05}"))),
        ("total".to_owned(), number(&format!("{i}.5"))),
        ("note".to_owned(), AttrValue::s("")),
    ])
}

/// Every 97th item missing from the target, every 89th changed, and ten extra ones.
fn target_items() -> Vec<Item> {
    let mut items: Vec<Item> = (0..ITEMS)
        .filter(|i| i % 97 != 5)
        .map(|i| {
            let mut item = item(i);
            if i % 89 == 3 {
                item.insert(
                    "total".to_owned(),
                    number("12345678901234567890123456789012345678"),
                );
            }
            item
        })
        .collect();
    items.extend((ITEMS..ITEMS + 10).map(item));
    items
}

/// Each difference as `found PK/SK`.
fn findings(report: &Value) -> Vec<String> {
    report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|finding| {
            let text = |name: &str| finding["key"][name]["S"].as_str().expect("S").to_owned();
            format!(
                "{} {}/{}",
                finding["found"].as_str().expect("found"),
                text("PK"),
                text("SK")
            )
        })
        .collect()
}

fn planted() -> BTreeSet<String> {
    let key = |i: usize| format!("USER#{}/ORDER#{i:05}", i / 3);
    let missing = (0..ITEMS).filter(|i| i % 97 == 5);
    let changed = (0..ITEMS).filter(|i| i % 89 == 3 && i % 97 != 5);
    missing
        .map(|i| format!("only_in_source {}", key(i)))
        .chain(changed.map(|i| format!("different {}", key(i))))
        .chain((ITEMS..ITEMS + 10).map(|i| format!("only_in_target {}", key(i))))
        .collect()
}

fn diff(source: &Fixture, target: &Fixture, slice: Option<u32>) -> Value {
    let slice = slice.map(|i| format!("{i}/{WORKERS}"));
    let mut args = vec!["-o", "json", "diff", "--to-table", &target.table];
    args.extend(["--segments", "8", "--max-differences", "1000"]);
    if let Some(slice) = &slice {
        args.extend(["--slice", slice]);
    }
    let run = source.ddbx(&args);
    assert!(matches!(run.code, Some(0 | 1)), "{}", run.stderr);
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diff_slices_together_report_exactly_the_whole_diffs_differences() {
    let Some(source) = Fixture::new(Server::DdbLocal, "diff-slice-src").await else {
        return;
    };
    let Some(target) = Fixture::new(Server::DdbLocal, "diff-slice-dst").await else {
        return;
    };
    source.seed(&(0..ITEMS).map(item).collect::<Vec<_>>()).await;
    target.seed(&target_items()).await;

    let whole = diff(&source, &target, None);
    let whole_found: BTreeSet<String> = findings(&whole).into_iter().collect();
    assert_eq!(whole_found, planted(), "{whole}");

    let mut together = Vec::new();
    let mut equal = 0;
    for slice in 1..=WORKERS {
        let report = diff(&source, &target, Some(slice));
        let scope = report["scope"]["source"].as_str().unwrap_or_default();
        assert!(
            scope.contains(&format!("slice {slice}/{WORKERS} of 8 segments")),
            "{report}"
        );
        equal += report["totals"]["equal"].as_u64().expect("equal");
        together.extend(findings(&report));
    }
    let distinct: BTreeSet<String> = together.iter().cloned().collect();
    assert_eq!(distinct.len(), together.len(), "a difference in two slices");
    assert_eq!(distinct, whole_found);
    assert_eq!(Some(equal), whole["totals"]["equal"].as_u64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sliced_diff_across_two_servers_is_refused_before_reading() {
    let Some(source) = Fixture::new(Server::DdbLocal, "diff-slice-two").await else {
        return;
    };
    let Some(other) = Fixture::new(Server::Dynalite, "diff-slice-two").await else {
        return;
    };
    let run = source.ddbx(&[
        "diff",
        "--to-endpoint-url",
        &other.endpoint,
        "--to-table",
        &other.table,
        "--segments",
        "4",
        "--slice",
        "1/4",
    ]);
    run.refused(2, &["--slice", "different servers", "nothing was read"]);
}
