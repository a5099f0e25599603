//! `ddbx diff` through the real binary: a 20,000-item migration on DynamoDB Local with planted
//! differences (an item missing, one extra, a number changed in its 38th digit, a string set
//! turned into a list, one entity's keys rewritten) finds exactly those; the same target on
//! dynalite, a second connection, finds the same; an export as the other side; a rewrite rule
//! matches the rewritten entity; exit codes 0 (equal), 1 (different), 2 (nothing compared).

mod support;

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::tables::{SeededTable, seeded_table};
use support::{Server, server_endpoint};

const ITEMS: usize = 20_000;
const BIG: &str = "12345678901234567890123456789012345678";
const BIG_CHANGED: &str = "12345678901234567890123456789012345679";

fn table(endpoint: &str, prefix: &str, items: &[Item]) -> SeededTable {
    seeded_table(endpoint, prefix, items)
}

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

/// Users with orders; user 7's profile holds a 38-digit number and a string set.
fn source_items() -> Vec<Item> {
    (0..ITEMS)
        .map(|n| {
            let user = n / 4;
            let mut item = Item::from([
                ("PK".to_owned(), s(&format!("USER#{user}"))),
                ("SK".to_owned(), s(&format!("ORDER#{n:06}"))),
                ("type".to_owned(), s("Order")),
                (
                    "total".to_owned(),
                    AttrValue::N(Number::parse(&format!("{n}.5")).expect("n")),
                ),
                ("note".to_owned(), s("")),
            ]);
            if n == 7 {
                item.insert(
                    "balance".to_owned(),
                    AttrValue::N(Number::parse(BIG).expect("big")),
                );
                item.insert(
                    "tags".to_owned(),
                    AttrValue::Ss(["gold".into(), "eu".into()].into()),
                );
            }
            if n % 1000 == 1 {
                item.insert("PK".to_owned(), s(&format!("ORG#{n}")));
                item.insert("SK".to_owned(), s("META"));
                item.insert("type".to_owned(), s("Org"));
            }
            item
        })
        .collect()
}

/// The migrated copy: one item left out, one extra, the big number's last digit changed, the
/// set written as a list, and every Org's partition key rewritten from ORG# to TENANT#.
fn target_items() -> Vec<Item> {
    let mut items: Vec<Item> = source_items()
        .into_iter()
        .filter(|item| item.get("SK") != Some(&s("ORDER#000100")))
        .map(|mut item| {
            if item.contains_key("balance") {
                item.insert(
                    "balance".to_owned(),
                    AttrValue::N(Number::parse(BIG_CHANGED).expect("n")),
                );
                item.insert("tags".to_owned(), AttrValue::L(vec![s("eu"), s("gold")]));
            }
            if let Some(AttrValue::S(pk)) = item.get("PK").cloned()
                && let Some(rest) = pk.strip_prefix("ORG#")
            {
                item.insert("PK".to_owned(), s(&format!("TENANT#{rest}")));
            }
            item
        })
        .collect();
    items.push(Item::from([
        ("PK".to_owned(), s("USER#extra")),
        ("SK".to_owned(), s("ORDER#extra")),
        ("type".to_owned(), s("Order")),
    ]));
    items
}

fn report(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

fn findings(report: &Value) -> Vec<String> {
    let mut found: Vec<String> = report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|finding| {
            let key = &finding["key"];
            let pk = key["PK"]["S"].as_str().unwrap_or("?");
            let sk = key["SK"]["S"].as_str().unwrap_or("?");
            let attributes: Vec<String> = finding["attributes"]
                .as_array()
                .map(|list| {
                    list.iter()
                        .map(|diff| {
                            format!(
                                "{}: {}",
                                diff["path"].as_str().unwrap_or("?"),
                                diff["kind"].as_str().unwrap_or("?")
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "{} {pk}/{sk} {}",
                finding["found"].as_str().unwrap_or("?"),
                attributes.join("; ")
            )
        })
        .collect();
    found.sort();
    found
}

fn planted(orgs_rewritten: bool) -> Vec<String> {
    let mut expected = vec![
        "different USER#1/ORDER#000007 balance: value changed; tags: type changed: SS in the source, L in the target".to_owned(),
        "only_in_source USER#25/ORDER#000100 ".to_owned(),
        "only_in_target USER#extra/ORDER#extra ".to_owned(),
    ];
    if !orgs_rewritten {
        for n in (1..ITEMS).step_by(1000) {
            expected.push(format!("only_in_source ORG#{n}/META "));
            expected.push(format!("only_in_target TENANT#{n}/META "));
        }
    }
    expected.sort();
    expected
}

#[test]
fn a_migration_with_planted_differences_finds_exactly_those_on_one_and_two_connections() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = table(&local, "diff-src", &source_items());
    let target = table(&local, "diff-dst", &target_items());
    let args = [
        "--rewrite-prefix",
        "ORG#=TENANT#",
        "--max-differences",
        "100",
    ];
    let run = ddbx(
        &local,
        Some(&source.name),
        &[
            &["-o", "json", "diff", "--to-table", &target.name][..],
            &args,
        ]
        .concat(),
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let found = report(&run);
    assert_eq!(findings(&found), planted(true), "{}", run.stdout);
    assert_eq!(found["totals"]["equal"], ITEMS as u64 - 2);
    assert!(
        run.stderr.contains("read units"),
        "the cost comes first: {}",
        run.stderr
    );

    // Without the rewrite, every Org is missing on one side and extra on the other.
    let plain = ddbx(
        &local,
        Some(&source.name),
        &[
            "-o",
            "json",
            "diff",
            "--to-table",
            &target.name,
            "--max-differences",
            "100",
        ],
    );
    assert_eq!(plain.code, Some(1), "{}", plain.stderr);
    assert_eq!(findings(&report(&plain)), planted(false));

    // The same target on another server, through a second connection.
    let Some(dynalite) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let remote = table(&dynalite, "diff-remote", &target_items());
    let across = ddbx(
        &local,
        Some(&source.name),
        &[
            &[
                "-o",
                "json",
                "diff",
                "--to-endpoint-url",
                &dynalite,
                "--to-table",
                &remote.name,
            ][..],
            &args,
        ]
        .concat(),
    );
    assert_eq!(across.code, Some(1), "{}", across.stderr);
    assert_eq!(
        findings(&report(&across)),
        planted(true),
        "{}",
        across.stdout
    );
}

#[test]
fn equal_sides_exit_zero_an_export_is_a_side_and_bad_input_exits_two_reading_nothing() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let items: Vec<Item> = source_items().into_iter().take(300).collect();
    let source = table(&local, "diff-eq", &items);
    let copy = table(&local, "diff-eq-copy", &items);
    let equal = ddbx(
        &local,
        Some(&source.name),
        &["diff", "--to-table", &copy.name],
    );
    assert_eq!(equal.code, Some(0), "{}{}", equal.stdout, equal.stderr);
    assert!(
        equal.stdout.contains("equal: every item is on both sides"),
        "{}",
        equal.stdout
    );

    let export = std::env::temp_dir().join(format!("{}.jsonl", copy.name));
    let lines: Vec<String> = items
        .iter()
        .map(|item| ddbx::domain::ddb_json::item_to_json(item).to_string())
        .collect();
    std::fs::write(&export, lines.join("\n") + "\n").expect("export written");
    let against_file = ddbx(
        &local,
        Some(&source.name),
        &["diff", "--to-file", export.to_str().expect("utf-8")],
    );
    let _ = std::fs::remove_file(&export);
    assert_eq!(
        against_file.code,
        Some(0),
        "{}{}",
        against_file.stdout,
        against_file.stderr
    );

    let bad = ddbx(
        &local,
        Some(&source.name),
        &["diff", "--to-table", &copy.name, "--rename", "PK"],
    );
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(
        bad.stderr.contains("--rename \"PK\": expected OLD=NEW"),
        "{}",
        bad.stderr
    );
    assert!(bad.stdout.is_empty());

    let keys = ddbx(
        &local,
        Some(&source.name),
        &["diff", "--to-table", &copy.name, "--rename", "PK=pk"],
    );
    assert_eq!(keys.code, Some(2), "{}", keys.stderr);
    assert!(keys.stderr.contains("the keys differ"), "{}", keys.stderr);
}
