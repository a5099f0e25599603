//! `ddbx diff --follow`, the dual-write check, through the real binary: it follows the source's
//! stream on DynamoDB Local while a dual writer that drops some of its target writes runs, and
//! reports exactly the keys the writer left different (a put, an update and a delete dropped);
//! from the trim horizon with rewritten keys on a second connection (dynalite) it finds every
//! key equal; and bad requests are refused before anything is read.

mod support;

use std::io::{BufRead, BufReader, Read};
use std::process::Stdio;
use std::time::{Duration, Instant};

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;
use support::cli::{ddbx, ddbx_command};
use support::tables::{TableSpec, create_table, delete_table, set_stream};
use support::{Server, block_on, sdk_client, server_endpoint, unique_table_name};

const BIG: &str = "12345678901234567890123456789012345678";

/// A single-table-design table deleted when dropped.
struct Table {
    client: Client,
    name: String,
}

impl Drop for Table {
    fn drop(&mut self) {
        block_on(delete_table(&self.client, &self.name));
    }
}

fn table(endpoint: &str, prefix: &str, stream: bool) -> Table {
    let client = sdk_client(endpoint);
    let name = unique_table_name(prefix);
    block_on(async {
        create_table(&client, &TableSpec::single_table(&name)).await;
        if stream {
            set_stream(&client, &name, Some("NEW_AND_OLD_IMAGES")).await;
        }
    });
    Table { client, name }
}

fn s(text: &str) -> AttributeValue {
    AttributeValue::S(text.to_owned())
}

/// A 38-digit number ending in `n`.
fn big(n: usize) -> String {
    format!("{}{n:03}", &BIG[..35])
}

fn put(table: &Table, pk: &str, n: usize) {
    block_on(
        table
            .client
            .put_item()
            .table_name(&table.name)
            .item("PK", s(pk))
            .item("SK", s("PROFILE"))
            .item("n", AttributeValue::N(big(n)))
            .item("tags", AttributeValue::Ss(vec!["eu".into(), "gold".into()]))
            .item("note", s(""))
            .send(),
    )
    .expect("put");
}

fn set_status(table: &Table, pk: &str) {
    block_on(
        table
            .client
            .update_item()
            .table_name(&table.name)
            .key("PK", s(pk))
            .key("SK", s("PROFILE"))
            .update_expression("SET #s = :s")
            .expression_attribute_names("#s", "status")
            .expression_attribute_values(":s", s("reviewed"))
            .send(),
    )
    .expect("update");
}

fn delete(table: &Table, pk: &str) {
    block_on(
        table
            .client
            .delete_item()
            .table_name(&table.name)
            .key("PK", s(pk))
            .key("SK", s("PROFILE"))
            .send(),
    )
    .expect("delete");
}

const PUTS: usize = 300;
const UPDATES: usize = 30;
const DELETES: std::ops::Range<usize> = 40..50;

/// Writes to the source, then to the target, as a dual writer does, except that it drops the
/// target's write of each put numbered 37 modulo 100, the update of user 10 and the delete of
/// user 45. Returns how many writes (stream records) the source got.
fn dual_write(source: &Table, target: &Table) -> usize {
    let user = |n: usize| format!("USER#{n}");
    for n in 0..PUTS {
        put(source, &user(n), n);
        if n % 100 != 37 {
            put(target, &user(n), n);
        }
    }
    for n in 0..UPDATES {
        set_status(source, &user(n));
        if n != 10 {
            set_status(target, &user(n));
        }
    }
    for n in DELETES {
        delete(source, &user(n));
        if n != 45 {
            delete(target, &user(n));
        }
    }
    PUTS + UPDATES + DELETES.len()
}

#[test]
fn a_dual_writer_that_drops_writes_is_caught_key_by_key() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = table(&endpoint, "follow_src", true);
    let target = table(&endpoint, "follow_dst", false);
    let records = PUTS + UPDATES + DELETES.len();
    let mut child = ddbx_command()
        .args([
            "--endpoint-url",
            &endpoint,
            "--table",
            &source.name,
            "-o",
            "json",
        ])
        .args([
            "diff",
            "--to-table",
            &target.name,
            "--follow",
            "--lag",
            "1s",
        ])
        .args(["--max-records", &records.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddbx starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    stderr.read_line(&mut first).expect("it says it follows");
    assert!(first.contains("following"), "{first}");
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        out.read_to_string(&mut text).map(|_| text)
    });

    assert_eq!(dual_write(&source, &target), records);

    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().expect("status") {
            break status;
        }
        assert!(Instant::now() < deadline, "diff --follow did not end");
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut rest = String::new();
    let _ = stderr.read_to_string(&mut rest);
    let stdout = reader.join().expect("reader").expect("stdout");
    assert_eq!(
        status.code(),
        Some(1),
        "differences exit 1:\n{stdout}\n{rest}"
    );
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let (summary, findings) = lines.split_last().expect("a summary line");
    let mut found: Vec<(String, String)> = findings
        .iter()
        .map(|finding| {
            (
                finding["key"]["PK"]["S"].as_str().unwrap_or("?").to_owned(),
                finding["found"].as_str().unwrap_or("?").to_owned(),
            )
        })
        .collect();
    found.sort();
    let expected: Vec<(String, String)> = [
        ("USER#10", "different"),
        ("USER#137", "only_in_source"),
        ("USER#237", "only_in_source"),
        ("USER#37", "only_in_source"),
        ("USER#45", "only_in_target"),
    ]
    .map(|(pk, what)| (pk.to_owned(), what.to_owned()))
    .to_vec();
    assert_eq!(found, expected, "{stdout}");

    let different = findings
        .iter()
        .find(|finding| finding["found"] == "different")
        .expect("the dropped update");
    assert_eq!(different["attributes"][0]["path"], "status", "{different}");
    assert_eq!(different["source"]["status"]["S"], "reviewed");
    assert_eq!(different["target"]["n"]["N"], big(10), "all 38 digits kept");
    assert!(different["target"].get("status").is_none());

    // A key is checked once its latest change's budget has passed, and again if it changes
    // after that: at least once per key, at most once per change.
    let totals = &summary["summary"]["totals"];
    assert_eq!(summary["records_read"], records, "{summary}");
    let checks: u64 = ["equal", "only_in_source", "only_in_target", "different"]
        .iter()
        .map(|field| totals[field].as_u64().unwrap_or(0))
        .sum();
    assert!(
        (PUTS as u64..=records as u64).contains(&checks),
        "{summary}"
    );
    assert_eq!(
        checks - totals["equal"].as_u64().unwrap_or(0),
        5,
        "{summary}"
    );
    assert!(
        rest.contains("5 changed key(s) still differ after 1s"),
        "{rest}"
    );
}

#[test]
fn from_the_trim_horizon_rewritten_keys_on_another_server_compare_equal() {
    let (Some(local), Some(other)) = (
        server_endpoint(Server::DdbLocal),
        server_endpoint(Server::Dynalite),
    ) else {
        return;
    };
    let source = table(&local, "follow_src", true);
    let target = table(&other, "follow_dst", false);
    for n in 0..20 {
        put(&source, &format!("USER#{n}"), n);
        put(&target, &format!("U#{n}"), n);
    }
    set_status(&source, "USER#3");
    set_status(&target, "U#3");
    let run = ddbx(
        &local,
        Some(&source.name),
        &[
            "diff",
            "--to-endpoint-url",
            &other,
            "--to-table",
            &target.name,
            "--rewrite-prefix",
            "USER#=U#",
            "--follow",
            "--since",
            "TRIM_HORIZON",
            "--lag",
            "200ms",
            "--max-records",
            "21",
        ],
    )
    .success();
    assert_eq!(totals(&run), ["20", "0", "0", "0"], "{}", run.stdout);
    assert!(
        run.stderr.contains("read 21 change record(s); 20 check(s)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_follow_that_cannot_run_is_refused_before_reading() {
    let Some(endpoint) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = table(&endpoint, "follow_nostream", false);
    let target = table(&endpoint, "follow_dst", false);
    let no_stream = ddbx(
        &endpoint,
        Some(&source.name),
        &["diff", "--to-table", &target.name, "--follow"],
    );
    no_stream.refused(2, &["has no stream", "--stream-specification"]);

    let lag_alone = ddbx(
        &endpoint,
        Some(&source.name),
        &["diff", "--to-table", &target.name, "--lag", "5s"],
    );
    lag_alone.refused(2, &["--follow"]);

    let bad_lag = ddbx(
        &endpoint,
        Some(&source.name),
        &[
            "diff",
            "--to-table",
            &target.name,
            "--follow",
            "--lag",
            "soon",
        ],
    );
    bad_lag.refused(2, &["--lag"]);

    let with_file = ddbx(
        &endpoint,
        Some(&source.name),
        &["diff", "--to-file", "/nonexistent.jsonl", "--follow"],
    );
    with_file.refused(2, &["--follow", "--to-file"]);
}

/// The totals line of a text report: equal, only in the source, only in the target, different.
fn totals(run: &support::cli::Run) -> Vec<String> {
    run.lines()
        .into_iter()
        .find(|line| line.starts_with("all "))
        .unwrap_or_else(|| panic!("the totals line: {}{}", run.stdout, run.stderr))
        .split_whitespace()
        .skip(1)
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_scoped_follow_checks_only_the_changed_keys_in_its_scope() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = table(&local, "follow_scope_src", true);
    let target = table(&local, "follow_scope_dst", false);
    // The dual writer drops USER#3's and USER#12's writes to the target.
    for n in 0..20 {
        put(&source, &format!("USER#{n}"), n);
        if n != 3 && n != 12 {
            put(&target, &format!("USER#{n}"), n);
        }
    }
    let follow = |scope: &[&str]| {
        let head = [
            "diff",
            "--to-table",
            &target.name,
            "--follow",
            "--since",
            "TRIM_HORIZON",
            "--lag",
            "200ms",
            "--max-records",
            "20",
        ];
        ddbx(&local, Some(&source.name), &[&head[..], scope].concat())
    };

    let scoped = follow(&["--pk", "USER#3", "--sk-eq", "PROFILE"]);
    assert_eq!(scoped.code, Some(1), "{}", scoped.stderr);
    assert_eq!(totals(&scoped), ["0", "1", "0", "0"], "{}", scoped.stdout);
    assert!(
        scoped.stderr.contains("only the changed keys of")
            && scoped
                .stderr
                .contains("read 20 change record(s); 1 check(s)"),
        "{}",
        scoped.stderr
    );
    assert!(!scoped.stdout.contains("USER#12"), "{}", scoped.stdout);

    let whole = follow(&[]);
    assert_eq!(totals(&whole), ["18", "2", "0", "0"], "{}", whole.stdout);
}
