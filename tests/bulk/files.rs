//! Export and import through files: a DynamoDB JSON export imported into another table and
//! exported again is the same bytes; typed JSON lines lose nothing either; an import with bad
//! lines names each line and sends nothing (or, with --skip-refused, only the good items);
//! --read-only and --file export and dry-run but refuse every bulk write with nothing sent.

use std::path::Path;

use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};

use crate::common::{Fixture, count, summary};
use crate::support::Server;

fn rich_items() -> Vec<Item> {
    rich_items_of(60)
}

/// `count` items holding every kind of value: 38-digit numbers, sets, binary, empty strings,
/// nulls, nested lists and maps, and text a terminal or CSV could mangle.
pub fn rich_items_of(count: usize) -> Vec<Item> {
    let number = |text: &str| Number::parse(text).expect("number");
    let n = |text: &str| AttrValue::N(number(text));
    (0..count)
        .map(|i| {
            let mut item = Item::from([
                ("PK".to_owned(), AttrValue::s(format!("USER#{}", i % 7))),
                ("SK".to_owned(), AttrValue::s(format!("ORDER#{i:03}"))),
                ("type".to_owned(), AttrValue::s("Order")),
                (
                    "huge".to_owned(),
                    n("12345678901234567890123456789012345678"),
                ),
                (
                    "tiny".to_owned(),
                    n("-0.00000000000000000000000000000000000001"),
                ),
                ("empty".to_owned(), AttrValue::s("")),
                ("bin".to_owned(), AttrValue::B(vec![0, 255, i as u8])),
                (
                    "tags".to_owned(),
                    AttrValue::Ss(["a".to_owned(), format!("t{i}")].into_iter().collect()),
                ),
                (
                    "ns".to_owned(),
                    AttrValue::Ns(
                        [
                            number("1"),
                            number("99999999999999999999999999999999999999"),
                        ]
                        .into_iter()
                        .collect(),
                    ),
                ),
                (
                    "bs".to_owned(),
                    AttrValue::Bs([vec![1], vec![2, 3]].into_iter().collect()),
                ),
                ("nothing".to_owned(), AttrValue::Null),
                ("ok".to_owned(), AttrValue::Bool(i % 2 == 0)),
                (
                    "name".to_owned(),
                    AttrValue::s("Zoë \u{202e} 名前 \"q\", a\nb"),
                ),
            ]);
            item.insert(
                "nested".to_owned(),
                AttrValue::M(Item::from([
                    (
                        "list".to_owned(),
                        AttrValue::L(vec![n("1.5"), AttrValue::s(""), AttrValue::L(Vec::new())]),
                    ),
                    ("map".to_owned(), AttrValue::M(Item::new())),
                ])),
            );
            item
        })
        .collect()
}

fn sorted_lines(path: &Path) -> Vec<String> {
    let mut lines: Vec<String> = std::fs::read_to_string(path)
        .expect("export file")
        .lines()
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

#[tokio::test]
async fn export_import_export_is_byte_identical_in_dynamodb_json() {
    let Some(source) = Fixture::new(Server::DdbLocal, "bulk-export").await else {
        return;
    };
    let Some(target) = Fixture::new(Server::DdbLocal, "bulk-import").await else {
        return;
    };
    let Some(typed) = Fixture::new(Server::DdbLocal, "bulk-typed").await else {
        return;
    };
    source.seed(&rich_items()).await;
    let first = source.state.join("first.ddb.jsonl");
    let second = source.state.join("second.ddb.jsonl");
    let typed_file = source.state.join("items.jsonl");
    let file = |path: &Path| path.to_str().expect("UTF-8 path").to_owned();
    source
        .ddbx(&[
            "export",
            "--format",
            "ddb",
            "--segments",
            "3",
            "--out",
            &file(&first),
        ])
        .success();
    let imported = target
        .ddbx(&["import", &file(&first), "--format", "ddb"])
        .success();
    assert_eq!(count(&summary(&imported), "written"), 60);
    target
        .ddbx(&["export", "--format", "ddb", "--out", &file(&second)])
        .success();
    assert_eq!(sorted_lines(&first).len(), 60);
    assert_eq!(sorted_lines(&first), sorted_lines(&second));
    assert_eq!(target.items().await, source.items().await);
    assert_eq!(source.items().await, {
        let mut items = rich_items();
        items.sort_by_key(crate::common::key_text);
        items
    });

    // Typed JSON lines are lossless too.
    source
        .ddbx(&["export", "--out", &file(&typed_file)])
        .success();
    typed.ddbx(&["import", &file(&typed_file)]).success();
    assert_eq!(typed.items().await, source.items().await);

    // The keys are taken now: every create conflicts, nothing changes.
    let again = target.ddbx(&["import", &file(&first), "--format", "ddb"]);
    assert_eq!(again.code, Some(3), "{}", again.stderr);
    assert_eq!(count(&summary(&again), "conflicted"), 60);
    assert!(
        again
            .stderr
            .contains("60 keys already held an item, so their creates were skipped"),
        "{}",
        again.stderr
    );
    assert!(!again.stderr.contains("changed since"), "{}", again.stderr);
    assert_eq!(target.items().await, source.items().await);

    // An export never overwrites a file.
    let refused = source.ddbx(&["export", "--out", &file(&first)]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert_eq!(sorted_lines(&first), sorted_lines(&second));

    // The scope narrows what is exported: one partition, one entity.
    let partition = source
        .ddbx(&["export", "--pk", "USER#3", "--format", "ddb"])
        .success();
    assert_eq!(partition.lines().len(), 9);
    let csv = source.ddbx(&["export", "--format", "csv"]).success();
    // A header and one record per item, each ending in CRLF; the line break inside a name
    // stays inside its quoted cell.
    let records: Vec<&str> = csv.stdout.split_terminator("\r\n").collect();
    assert_eq!(records.len(), 61, "{}", csv.stdout);
    assert!(records[0].starts_with("PK,SK,"), "{}", records[0]);
    let name = "\"Zoë \u{202e} 名前 \"\"q\"\", a\nb\"";
    assert!(
        records[1..].iter().all(|record| record.contains(name)),
        "{}",
        records[1]
    );
    assert!(records[1].contains("12345678901234567890123456789012345678"));
}

#[tokio::test]
async fn an_import_with_bad_lines_names_them_and_sends_nothing_unless_told() {
    let Some(fixture) = Fixture::new(Server::Dynalite, "bulk-badlines").await else {
        return;
    };
    let path = fixture.state.join("bad.jsonl");
    std::fs::write(
        &path,
        "{\"PK\": \"A\", \"SK\": \"1\", \"n\": 1}\n\
         {\"PK\": \"B\", \"SK\": \n\
         {\"PK\": \"C\"}\n\
         {\"PK\": \"D\", \"SK\": \"1\", \"n\": 1234567890123456789012345678901234567890}\n\
         \n\
         {\"PK\": \"E\", \"SK\": \"1\", \"s\": {\"$ss\": [\"x\", \"x\"]}}\n\
         {\"PK\": \"F\", \"SK\": \"1\", \"e\": \"\"}\n",
    )
    .expect("file");
    let file = path.to_str().expect("UTF-8");
    let refused = fixture.ddbx(&["import", file]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    let report = summary(&refused);
    let lines: Vec<serde_json::Value> = report["refused"]["items"]
        .as_array()
        .expect("refusals")
        .iter()
        .map(|refusal| refusal["at"]["line"].clone())
        .collect();
    assert_eq!(lines, [2, 3, 4, 6].map(serde_json::Value::from));
    assert!(
        report["refused"]["items"][1]["reason"]
            .as_str()
            .expect("reason")
            .contains("SK")
    );
    assert_eq!(count(&report, "sent"), 0);
    assert!(fixture.items().await.is_empty(), "nothing was sent");

    let imported = fixture.ddbx(&["import", file, "--skip-refused"]).success();
    let imported = summary(&imported);
    assert_eq!(count(&imported, "written"), 2);
    assert_eq!(count(&imported["refused"], "count"), 4);
    let pks: Vec<String> = fixture
        .items()
        .await
        .iter()
        .map(|item| match item.get("PK") {
            Some(AttrValue::S(pk)) => pk.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(pks, ["A", "F"]);
}

#[tokio::test]
async fn read_only_and_file_sessions_export_and_dry_run_but_refuse_bulk_writes() {
    let Some(fixture) = Fixture::new(Server::Dynalite, "bulk-readonly").await else {
        return;
    };
    fixture.seed(&rich_items()).await;
    let before = fixture.items().await;
    let export = fixture.state.join("items.ddb.jsonl");
    let export_path = export.to_str().expect("UTF-8");
    fixture
        .ddbx(&[
            "--read-only",
            "export",
            "--format",
            "ddb",
            "--out",
            export_path,
        ])
        .success();
    let dry = fixture
        .ddbx(&["--read-only", "bulk", "--delete", "--dry-run"])
        .success();
    let dry = summary(&dry);
    assert_eq!(dry["by_entity"]["Order"]["DeleteItem"], 60);
    assert_eq!(count(&dry, "sent"), 0);
    let writes: [&[&str]; 4] = [
        &["bulk", "--delete"],
        &["bulk", "--set", "x=1"],
        &["import", export_path, "--format", "ddb"],
        &["copy", "--to-table", "elsewhere"],
    ];
    for args in writes {
        let mut full = vec!["--read-only"];
        full.extend_from_slice(args);
        fixture
            .ddbx(&full)
            .refused(2, &["read-only", "nothing was sent"]);
    }
    // An offline file is read-only: exported and dry-run, never written.
    let offline = ["--file", export_path];
    let mut export_args = offline.to_vec();
    export_args.extend(["export", "--format", "ddb"]);
    let exported = crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command.args(&export_args);
        command
    })
    .success();
    assert_eq!(exported.lines().len(), 60);
    let mut bulk_args = offline.to_vec();
    bulk_args.extend(["bulk", "--delete"]);
    crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command.args(&bulk_args);
        command
    })
    .refused(2, &["read-only", "--file"]);
    assert_eq!(fixture.items().await, before, "nothing was written");
    assert!(!fixture.journal().exists(), "no run was journaled");
}

#[tokio::test]
async fn a_csv_export_names_every_column_found_and_leaves_no_temporary_file() {
    let Some(fixture) = Fixture::new(Server::Dynalite, "bulk-csv").await else {
        return;
    };
    // Each item has attributes of its own: the header is known only after the last page.
    let items: Vec<Item> = (0..300)
        .map(|i| {
            Item::from([
                ("PK".to_owned(), AttrValue::s(format!("P#{}", i % 3))),
                ("SK".to_owned(), AttrValue::s(format!("S#{i:04}"))),
                (format!("only_{i:04}"), AttrValue::s(format!("v,{i}"))),
            ])
        })
        .collect();
    fixture.seed(&items).await;
    let scratch = fixture.state.join("tmp");
    std::fs::create_dir_all(&scratch).expect("scratch");
    let out = fixture.state.join("items.csv");
    let mut command = fixture.command(&[
        "export",
        "--format",
        "csv",
        "--out",
        out.to_str().expect("UTF-8"),
    ]);
    command.env("TMPDIR", &scratch);
    let run = crate::support::cli::run_command(command);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(&out).expect("the export");
    let records: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(records.len(), 301);
    let header: Vec<&str> = records[0].split(',').collect();
    assert_eq!(header.len(), 302, "PK, SK and one column per item");
    assert_eq!(header[..3], ["PK", "SK", "only_0000"]);
    for record in &records[1..] {
        let sk = record.split(',').nth(1).expect("SK");
        let i: usize = sk["S#".len()..].parse().expect("number");
        let cells: Vec<&str> = record.splitn(3, ',').collect();
        // Every cell but this item's own is empty, and its own sits under its column.
        let expected = format!("{}\"v,{i}\"{}", ",".repeat(i), ",".repeat(299 - i));
        assert_eq!(cells[2], expected, "{record}");
    }
    let left: Vec<_> = std::fs::read_dir(&scratch).expect("scratch").collect();
    assert!(left.is_empty(), "the spool is gone: {left:?}");
}

#[test]
fn an_export_to_dash_goes_to_standard_output_and_leaves_no_file_named_dash() {
    let scratch = crate::support::scratch::Scratch::new("export-dash");
    let exported = crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command
            .current_dir(scratch.path())
            .args(["--demo", "export", "--format", "ddb", "--out", "-"]);
        command
    })
    .success();
    assert!(exported.lines().len() > 1000, "{}", exported.stderr);
    assert!(
        exported.lines()[0].starts_with("{\"") && exported.lines()[0].contains("\"PK\":{\"S\":"),
        "DynamoDB JSON lines on stdout: {}",
        exported.lines()[0]
    );
    assert!(!scratch.path().join("-").exists(), "no file named -");
}

/// `/dev/null` and a named pipe are written to as they are (there is no file to overwrite),
/// while an existing file is still refused.
#[cfg(unix)]
#[test]
fn an_export_to_a_device_or_a_named_pipe_is_written_and_an_existing_file_still_refused() {
    let to_null = crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command.args(["--demo", "export", "--format", "ddb", "--out", "/dev/null"]);
        command
    })
    .success();
    assert!(to_null.stderr.contains("exported"), "{}", to_null.stderr);

    let scratch = crate::support::scratch::Scratch::new("export-fifo");
    let fifo = scratch.path().join("items.pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("the pipe is read"))
    };
    let to_pipe = crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command.args(["--demo", "export", "--format", "ddb", "--out"]);
        command.arg(&fifo);
        command
    })
    .success();
    assert!(to_pipe.stderr.contains("exported"), "{}", to_pipe.stderr);
    let piped = reader.join().expect("the reader ends");
    assert!(piped.lines().count() > 1000, "every item through the pipe");

    let existing = scratch.path().join("kept.json");
    std::fs::write(&existing, "keep me").expect("written");
    let refused = crate::support::cli::run_command({
        let mut command = crate::support::cli::ddbx_command();
        command.args(["--demo", "export", "--out"]);
        command.arg(&existing);
        command
    });
    refused.refused(2, &["never overwrites a file"]);
    assert_eq!(std::fs::read_to_string(&existing).expect("read"), "keep me");
}

/// `--file F export` of the whole table streams the file: every item written losslessly (the
/// same lines as loading the file and reading it gives), an item without the table key skipped
/// and said, and the note says the table was never held whole. A partition's export still
/// reads the loaded table.
#[test]
fn an_offline_tables_whole_export_is_streamed_losslessly_and_a_keyless_item_is_said() {
    let scratch = crate::support::scratch::Scratch::new("export-streamed");
    let items = rich_items_of(300);
    let mut lines: Vec<String> = items
        .iter()
        .map(|item| serde_json::json!({ "Item": item_to_json(item) }).to_string())
        .collect();
    lines.insert(
        150,
        r#"{"Item":{"SK":{"S":"ORPHAN"},"type":{"S":"Order"}}}"#.to_owned(),
    );
    let source = scratch.path().join("orders.ddb.jsonl");
    std::fs::write(&source, lines.join("\n")).expect("written");
    let export = |extra: &[&str]| {
        crate::support::cli::run_command({
            let mut command = crate::support::cli::ddbx_command();
            command
                .arg("--file")
                .arg(&source)
                .args(["export", "--format", "ddb"]);
            command.args(extra);
            command
        })
        .success()
    };
    let streamed = export(&[]);
    assert!(
        streamed.stderr.contains("never held whole"),
        "{}",
        streamed.stderr
    );
    assert!(
        streamed.stderr.contains("item 151 skipped"),
        "{}",
        streamed.stderr
    );
    let mut got: Vec<String> = streamed
        .lines()
        .iter()
        .map(|line| (*line).to_owned())
        .collect();
    got.sort();
    let mut expected: Vec<String> = items
        .iter()
        .map(|item| item_to_json(item).to_string())
        .collect();
    expected.sort();
    assert_eq!(got, expected, "every keyed item, byte for byte");

    let partition = export(&["--pk", "USER#1"]);
    assert!(
        !partition.stderr.contains("never held whole"),
        "{}",
        partition.stderr
    );
    assert_eq!(partition.lines().len(), 300 / 7 + 1);
}
