//! `copy --verify` and `import --verify` through the real binary: after the writes, every key
//! written is read back and compared with the item as written. A copy from DynamoDB Local to
//! dynalite that arrived whole exits 0; one whose target already held a differing item under a
//! copied key (the create is refused as a conflict) exits 1 and names exactly that item, and an
//! item of the target the copy never wrote is not reported. The same for an import.

mod support;

use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::tables::seeded_table;
use support::{Server, server_endpoint};

const BIG: &str = "12345678901234567890123456789012345678";

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn orders(count: usize) -> Vec<Item> {
    (0..count)
        .map(|n| {
            Item::from([
                ("PK".to_owned(), s(&format!("USER#{}", n / 5))),
                ("SK".to_owned(), s(&format!("ORDER#{n:04}"))),
                (
                    "total".to_owned(),
                    AttrValue::N(Number::parse(BIG).expect("a number")),
                ),
                ("tags".to_owned(), AttrValue::Ss(["eu".into()].into())),
                ("note".to_owned(), s("")),
            ])
        })
        .collect()
}

/// Order 7 as someone else wrote it before the copy: the key taken, the total changed.
fn taken_order_seven() -> Item {
    let mut item = orders(8).remove(7);
    item.insert(
        "total".to_owned(),
        AttrValue::N(Number::parse("7").expect("n")),
    );
    item
}

fn unrelated() -> Item {
    Item::from([
        ("PK".to_owned(), s("TENANT#other")),
        ("SK".to_owned(), s("META")),
    ])
}

/// Every JSON document on stdout: the run's summary, then the verify's report.
fn documents(run: &Run) -> Vec<Value> {
    serde_json::Deserializer::from_str(&run.stdout)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

fn verify_report(run: &Run) -> Value {
    let documents = documents(run);
    assert_eq!(documents.len(), 2, "summary and report: {}", run.stdout);
    documents[1].clone()
}

fn found(report: &Value) -> Vec<String> {
    report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|finding| {
            let paths: Vec<&str> = finding["attributes"]
                .as_array()
                .map(|list| list.iter().filter_map(|d| d["path"].as_str()).collect())
                .unwrap_or_default();
            format!(
                "{} {}/{} {}",
                finding["found"].as_str().unwrap_or("?"),
                finding["key"]["PK"]["S"].as_str().unwrap_or("?"),
                finding["key"]["SK"]["S"].as_str().unwrap_or("?"),
                paths.join(",")
            )
        })
        .collect()
}

#[test]
fn copy_verify_exits_zero_when_everything_arrived_and_one_when_a_written_key_differs() {
    let (Some(local), Some(dynalite)) = (
        server_endpoint(Server::DdbLocal),
        server_endpoint(Server::Dynalite),
    ) else {
        return;
    };
    let source = seeded_table(&local, "verify-src", &orders(200));
    let empty = seeded_table(&dynalite, "verify-dst", &[]);
    let copy = |to: &str, output: &[&str]| {
        let args = [
            output,
            &[
                "copy",
                "--to-table",
                to,
                "--to-endpoint-url",
                &dynalite,
                "--verify",
            ],
        ]
        .concat();
        ddbx(&local, Some(&source.name), &args)
    };
    let whole = copy(&empty.name, &[]);
    assert_eq!(whole.code, Some(0), "{}{}", whole.stdout, whole.stderr);
    assert!(
        whole
            .stdout
            .contains("equal: every item is on both sides with the same attributes"),
        "{}",
        whole.stdout
    );
    assert!(
        whole.stderr.contains("verify read back 200 items"),
        "{}",
        whole.stderr
    );

    let taken = seeded_table(
        &dynalite,
        "verify-taken",
        &[taken_order_seven(), unrelated()],
    );
    let differs = copy(&taken.name, &["-o", "json"]);
    assert_eq!(
        differs.code,
        Some(1),
        "{}{}",
        differs.stdout,
        differs.stderr
    );
    let report = verify_report(&differs);
    assert_eq!(found(&report), ["different USER#1/ORDER#0007 total"]);
    assert_eq!(report["totals"]["equal"], 199);
    assert_eq!(
        report["totals"]["only_in_target"], 0,
        "never written: not reported"
    );
    assert!(
        differs.stderr.contains("verify: the two sides differ"),
        "{}",
        differs.stderr
    );
}

#[test]
fn import_verify_reads_back_every_line_it_wrote() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let lines: Vec<String> = orders(40)
        .iter()
        .map(|item| item_to_json(item).to_string())
        .collect();
    let file = std::env::temp_dir().join(format!("ddbx-verify-{}.jsonl", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n").expect("file written");
    let path = file.to_str().expect("utf-8");
    let import = |table: &str| {
        ddbx(
            &local,
            Some(table),
            &["-o", "json", "import", path, "--format", "ddb", "--verify"],
        )
    };
    let empty = seeded_table(&local, "verify-import", &[]);
    let whole = import(&empty.name);
    let taken = seeded_table(&local, "verify-import-taken", &[taken_order_seven()]);
    let differs = import(&taken.name);
    let _ = std::fs::remove_file(&file);

    assert_eq!(whole.code, Some(0), "{}{}", whole.stdout, whole.stderr);
    assert_eq!(verify_report(&whole)["totals"]["equal"], 40);
    assert_eq!(
        differs.code,
        Some(1),
        "{}{}",
        differs.stdout,
        differs.stderr
    );
    let report = verify_report(&differs);
    assert_eq!(found(&report), ["different USER#1/ORDER#0007 total"]);
    assert_eq!(report["totals"]["equal"], 39);
}

#[test]
fn verify_with_a_dry_run_is_refused_before_anything_is_sent() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let run = ddbx(
        &local,
        Some("never-read"),
        &["copy", "--to-table", "other", "--verify", "--dry-run"],
    );
    run.refused(2, &["--verify", "--dry-run"]);
}
