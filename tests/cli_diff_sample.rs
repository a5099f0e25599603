//! `ddbx diff --sample`, `--max-read-units-per-second` and `--progress` through the real binary.
//!
//! - On DynamoDB Local and dynalite, a key falls in the same scan segment of two tables holding
//!   the same keys (written in another order, with other attributes): the property a segment
//!   sample relies on, checked on each server rather than assumed.
//! - On one connection the sample reads a few segments of both sides and finds exactly the
//!   planted differences that fall in them (as the server's own segments say); across two
//!   servers it reads everything and compares the keys whose hash falls in the sample. Either
//!   report says it is a sample and what that cannot conclude.
//! - Under a read cap, the consumption the tool measures stays near the cap; progress lines
//!   appear on a piped stderr only with `--progress`.

mod support;

use std::collections::BTreeSet;

use aws_sdk_dynamodb::Client;
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::diff::SampleMethod;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::tables::seeded_table;
use support::{Server, block_on, sdk_client, server_endpoint};

const ITEMS: usize = 2000;
/// Every PLANTED-th item's total differs on the target.
const PLANTED: usize = 50;

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn key(n: usize) -> (String, String) {
    (format!("USER#{}", n / 4), format!("ORDER#{n:05}"))
}

fn item(n: usize, total: &str) -> Item {
    let (pk, sk) = key(n);
    Item::from([
        ("PK".to_owned(), s(&pk)),
        ("SK".to_owned(), s(&sk)),
        (
            "total".to_owned(),
            AttrValue::N(Number::parse(total).expect("a number")),
        ),
        ("payload".to_owned(), s(&"p".repeat(150))),
    ])
}

fn source_items() -> Vec<Item> {
    (0..ITEMS).map(|n| item(n, "10")).collect()
}

/// The target written in reverse order, every PLANTED-th total changed.
fn target_items() -> Vec<Item> {
    (0..ITEMS)
        .rev()
        .map(|n| item(n, if n % PLANTED == 0 { "11" } else { "10" }))
        .collect()
}

fn planted() -> Vec<(String, String)> {
    (0..ITEMS).step_by(PLANTED).map(key).collect()
}

/// The keys segment `segment` of `total` of `table` holds, as the server assigns them.
fn segment_keys(
    client: &Client,
    table: &str,
    segment: i32,
    total: i32,
) -> BTreeSet<(String, String)> {
    block_on(async {
        let mut keys = BTreeSet::new();
        let mut start = None;
        loop {
            let page = client
                .scan()
                .table_name(table)
                .segment(segment)
                .total_segments(total)
                .set_exclusive_start_key(start)
                .send()
                .await
                .expect("scan");
            for item in page.items() {
                let text = |name: &str| item[name].as_s().expect("a string").clone();
                keys.insert((text("PK"), text("SK")));
            }
            start = page.last_evaluated_key().cloned();
            if start.is_none() {
                return keys;
            }
        }
    })
}

fn report(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

fn found(report: &Value) -> BTreeSet<(String, String)> {
    report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|finding| {
            assert_eq!(finding["found"], "different", "{finding}");
            let text = |name: &str| finding["key"][name]["S"].as_str().expect("S").to_owned();
            (text("PK"), text("SK"))
        })
        .collect()
}

#[test]
fn a_key_falls_in_the_same_segment_of_two_tables_on_each_server() {
    for server in [Server::DdbLocal, Server::Dynalite] {
        let Some(endpoint) = server_endpoint(server) else {
            return;
        };
        let one = seeded_table(&endpoint, "seg-one", &source_items());
        let mut other_items = target_items();
        other_items.push(Item::from([
            ("PK".to_owned(), s("ORG#extra")),
            ("SK".to_owned(), s("META")),
        ]));
        let other = seeded_table(&endpoint, "seg-other", &other_items);
        let client = sdk_client(&endpoint);
        let extra = ("ORG#extra".to_owned(), "META".to_owned());
        let mut seen = 0;
        for segment in 0..7 {
            let ones = segment_keys(&client, &one.name, segment, 7);
            let mut others = segment_keys(&client, &other.name, segment, 7);
            others.remove(&extra);
            assert_eq!(ones, others, "{server:?}: segment {segment} of 7");
            seen += ones.len();
        }
        assert_eq!(seen, ITEMS, "{server:?}: every key in one segment");
    }
}

/// Why a sample across two connections does not trust segments: two servers split the same keys
/// into different segments.
#[test]
fn dynamodb_local_and_dynalite_put_the_same_keys_in_different_segments() {
    let (Some(local), Some(dynalite)) = (
        server_endpoint(Server::DdbLocal),
        server_endpoint(Server::Dynalite),
    ) else {
        return;
    };
    let on_local = seeded_table(&local, "seg-local", &source_items());
    let on_dynalite = seeded_table(&dynalite, "seg-dynalite", &source_items());
    let local_keys = segment_keys(&sdk_client(&local), &on_local.name, 0, 7);
    let dynalite_keys = segment_keys(&sdk_client(&dynalite), &on_dynalite.name, 0, 7);
    assert!(!local_keys.is_empty() && !dynalite_keys.is_empty());
    assert_ne!(local_keys, dynalite_keys);
}

#[test]
fn a_segment_sample_finds_exactly_the_planted_differences_in_its_segments() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = seeded_table(&local, "sample-src", &source_items());
    let target = seeded_table(&local, "sample-dst", &target_items());
    let args = [
        "-o",
        "json",
        "diff",
        "--to-table",
        &target.name,
        "--sample",
        "25%",
        "--segments",
        "2",
        "--max-differences",
        "100",
    ];
    let run = ddbx(&local, Some(&source.name), &args);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report = report(&run);
    // 2 segments of 8, the first and the fifth, on both sides.
    let client = sdk_client(&local);
    let sampled: BTreeSet<_> = [0, 4]
        .into_iter()
        .flat_map(|segment| segment_keys(&client, &target.name, segment, 8))
        .collect();
    let expected: BTreeSet<_> = planted()
        .into_iter()
        .filter(|key| sampled.contains(key))
        .collect();
    assert!(!expected.is_empty() && expected.len() < planted().len());
    assert_eq!(found(&report), expected);
    let totals = &report["totals"];
    assert_eq!(totals["only_in_source"], 0, "both sides read the same keys");
    assert_eq!(totals["only_in_target"], 0, "both sides read the same keys");
    assert_eq!(
        totals["equal"].as_u64().expect("n") + totals["different"].as_u64().expect("n"),
        sampled.len() as u64
    );
    let statement = report["sample"]["statement"].as_str().expect("a statement");
    assert_eq!(
        statement,
        format!(
            "a sample of ~25% of keys: {} differences found; absence of differences elsewhere \
             is not shown",
            expected.len()
        )
    );
    assert!(
        run.stderr.contains("diff reads about 25% of the items"),
        "{}",
        run.stderr
    );

    let text = ddbx(&local, Some(&source.name), &args[2..]);
    assert_eq!(text.code, Some(1), "{}", text.stderr);
    assert!(text.stdout.contains(statement), "{}", text.stdout);
}

#[test]
fn across_two_servers_a_sample_compares_the_keys_whose_hash_falls_in_it() {
    let (Some(local), Some(dynalite)) = (
        server_endpoint(Server::DdbLocal),
        server_endpoint(Server::Dynalite),
    ) else {
        return;
    };
    let source = seeded_table(&local, "sample-x-src", &source_items());
    let target = seeded_table(&dynalite, "sample-x-dst", &target_items());
    let run = ddbx(
        &local,
        Some(&source.name),
        &[
            "-o",
            "json",
            "diff",
            "--to-endpoint-url",
            &dynalite,
            "--to-table",
            &target.name,
            "--sample",
            "25%",
            "--max-differences",
            "100",
        ],
    );
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report = report(&run);
    let sample = SampleMethod::KeyHash { percent: 25.0 };
    let in_sample = |(pk, sk): &(String, String)| {
        let key = Item::from([("PK".to_owned(), s(pk)), ("SK".to_owned(), s(sk))]);
        sample.keeps(&item_to_json(&key).to_string())
    };
    let expected: BTreeSet<_> = planted().into_iter().filter(in_sample).collect();
    assert!(!expected.is_empty() && expected.len() < planted().len());
    assert_eq!(found(&report), expected);
    let compared = (0..ITEMS).map(key).filter(in_sample).count() as u64;
    let totals = &report["totals"];
    assert_eq!(
        totals["equal"].as_u64().expect("n") + totals["different"].as_u64().expect("n"),
        compared
    );
    assert!(
        report["sample"]["method"]
            .as_str()
            .is_some_and(|method| method.starts_with("every item read")),
        "{report}"
    );
    assert!(
        run.stderr.contains("diff reads every item"),
        "{}",
        run.stderr
    );
}

/// `consumed X read units, Y a second (cap C a second)` from the closing note.
fn consumption(stderr: &str) -> (f64, f64) {
    let line = stderr
        .lines()
        .find(|line| line.contains("read units, "))
        .unwrap_or_else(|| panic!("no consumption reported: {stderr}"));
    let number_before = |marker: &str| -> f64 {
        let head = &line[..line.find(marker).expect(marker)];
        head.rsplit(' ')
            .next()
            .expect("a number")
            .parse()
            .expect("a number")
    };
    (number_before(" read units,"), number_before(" a second ("))
}

#[test]
fn under_a_read_cap_consumption_stays_near_it_and_progress_shows_only_on_request() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = seeded_table(&local, "cap-src", &source_items());
    let target = seeded_table(&local, "cap-dst", &source_items());
    let capped = ddbx(
        &local,
        Some(&source.name),
        &[
            "diff",
            "--to-table",
            &target.name,
            "--max-read-units-per-second",
            "40",
        ],
    );
    assert_eq!(capped.code, Some(0), "{}{}", capped.stdout, capped.stderr);
    let (units, per_second) = consumption(&capped.stderr);
    assert!(units > 80.0, "enough to span seconds: {}", capped.stderr);
    assert!(
        (40.0 * 0.5..=40.0 * 1.1).contains(&per_second),
        "near the cap of 40: {}",
        capped.stderr
    );
    assert!(
        capped.stderr.contains("(cap 40 a second)"),
        "{}",
        capped.stderr
    );
    assert!(
        !capped.stderr.contains("diff: read"),
        "no progress on a pipe: {}",
        capped.stderr
    );

    let shown = ddbx(
        &local,
        Some(&source.name),
        &["diff", "--to-table", &target.name, "--progress"],
    );
    assert_eq!(shown.code, Some(0), "{}", shown.stderr);
    let last = shown
        .stderr
        .lines()
        .rfind(|line| line.starts_with("diff: read "))
        .unwrap_or_else(|| panic!("a progress line: {}", shown.stderr));
    assert!(
        last.starts_with(&format!("diff: read {ITEMS} + {ITEMS} items")),
        "{last}"
    );
    assert!(last.contains("items/s"), "{last}");
}
