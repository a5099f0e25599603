//! `--file` inputs that are broken, malformed or endless: each is refused (exit 2) with the
//! parse error and where it is, never loaded as an empty table; warnings are listed, ten at most
//! and then counted; endless inputs are refused within a memory cap.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::demo_and_files::tempdir::Dir;
use crate::support::cli::{Run, ddbx_command, ddbx_command_capped, run_command};

const ITEM: &str = r#"{"PK":{"S":"USER#1"},"SK":{"S":"METADATA"}}"#;
const SCHEMA: &str = r#"{"Table":{"TableName":"Users","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}]}}"#;
/// The address space the capped runs get: enough for any small command, far less than reading
/// an endless input whole would take.
const MEMORY_CAP: u64 = 256 * 1024 * 1024;

fn utf8(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

fn write(dir: &Dir, name: &str, text: &str) -> PathBuf {
    let path = dir.path.join(name);
    std::fs::write(&path, text).expect("the fixture file is written");
    path
}

fn scan_file(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(args).args(["scan", "-o", "ddb"]);
    run_command(command)
}

/// A pretty-printed `aws dynamodb scan` output cut off in its third item.
fn truncated_scan_output(dir: &Dir) -> PathBuf {
    let whole = format!(
        "{{\n  \"Items\": [\n    {ITEM},\n    {ITEM},\n    {ITEM}\n  ],\n  \"Count\": 3\n}}\n"
    );
    let cut = whole.len() - 40;
    write(dir, "scan.json", &whole[..cut])
}

#[test]
fn a_truncated_scan_output_is_refused_with_the_position_of_the_cut() {
    let dir = Dir::new("truncated-scan");
    let path = truncated_scan_output(&dir);
    let run = scan_file(&["--file", utf8(&path)]);
    run.refused(
        2,
        &["scan.json:5: the scan output is cut short (column", "EOF"],
    );
    assert!(
        !run.stderr.contains("infer"),
        "the parse error is not hidden behind the schema inference: {}",
        run.stderr
    );
}

#[test]
fn a_truncated_scan_output_is_refused_with_a_schema_too() {
    let dir = Dir::new("truncated-scan-schema");
    let path = truncated_scan_output(&dir);
    let schema = write(&dir, "schema.json", SCHEMA);
    let run = scan_file(&["--file", utf8(&path), "--schema", utf8(&schema)]);
    run.refused(2, &["scan.json:5: the scan output is cut short"]);
}

#[test]
fn a_scan_output_with_invalid_json_is_refused_at_the_bad_character() {
    let dir = Dir::new("invalid-scan");
    let path = write(
        &dir,
        "scan.json",
        &format!("{{\"Items\": [{ITEM},\n  {ITEM} oops]}}"),
    );
    let run = scan_file(&["--file", utf8(&path)]);
    run.refused(
        2,
        &["scan.json:2: the scan output is not valid JSON (column"],
    );
}

#[test]
fn a_file_whose_every_line_is_malformed_is_refused_not_loaded_empty() {
    let dir = Dir::new("all-bad");
    let path = write(&dir, "items.jsonl", "not json\n{\"PK\": 1}\n[]\n");
    let run = scan_file(&["--file", utf8(&path)]);
    run.refused(
        2,
        &[
            "no item could be read: 3 malformed records, the first at",
            "items.jsonl:1",
        ],
    );
    let schema = write(&dir, "schema.json", SCHEMA);
    scan_file(&["--file", utf8(&path), "--schema", utf8(&schema)])
        .refused(2, &["no item could be read"]);
}

#[test]
fn headless_lists_the_first_ten_warnings_and_counts_the_rest() {
    let dir = Dir::new("many-warnings");
    let mut text = format!("{ITEM}\n");
    for n in 0..25 {
        text.push_str(&format!("bad line {n}\n"));
    }
    let path = write(&dir, "items.jsonl", &text);
    let run = scan_file(&["--file", utf8(&path)]).success();
    assert_eq!(run.ddb_items().len(), 1);
    let listed: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.starts_with("ddbx: warning: ") && line.contains("items.jsonl:"))
        .collect();
    assert_eq!(listed.len(), 10, "{}", run.stderr);
    assert!(
        listed[0].contains("items.jsonl:2: invalid JSON"),
        "{}",
        listed[0]
    );
    assert!(listed[9].contains("items.jsonl:11:"), "{}", listed[9]);
    assert!(
        run.stderr.contains("... and 15 more warnings (25 in all)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_device_is_refused_as_a_file_within_a_memory_cap() {
    for (flag, device) in [("--file", "/dev/zero"), ("--file", "/dev/urandom")] {
        let mut command = ddbx_command_capped(MEMORY_CAP);
        command.args([flag, device, "scan"]);
        run_command(command).refused(
            2,
            &[&format!(
                "{device}: is a character device, not a regular file"
            )],
        );
    }
    let dir = Dir::new("device-schema");
    let items = write(&dir, "items.jsonl", ITEM);
    let mut command = ddbx_command_capped(MEMORY_CAP);
    command.args(["--file", utf8(&items), "--schema", "/dev/zero", "scan"]);
    run_command(command).refused(2, &["/dev/zero: is a character device"]);
    let mut command = ddbx_command_capped(MEMORY_CAP);
    command.args(["--demo", "--model", "/dev/zero", "scan"]);
    run_command(command).refused(2, &["/dev/zero is a character device"]);
}

/// 1 GiB of zeros, gzipped to about a megabyte: no newline, so read whole it would need the
/// gigabyte; read by lines it fails at the first 4 MB.
#[test]
fn an_endless_line_behind_gzip_is_refused_at_the_line_limit_within_a_memory_cap() {
    let dir = Dir::new("gzip-zeros");
    let path = dir.path.join("zeros.jsonl.gz");
    let file = std::fs::File::create(&path).expect("create");
    let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
    let block = vec![0u8; 1024 * 1024];
    for _ in 0..1024 {
        encoder.write_all(&block).expect("write zeros");
    }
    encoder.finish().expect("finish gzip");
    let mut command = ddbx_command_capped(MEMORY_CAP);
    command.args(["--file", utf8(&path), "scan"]);
    run_command(command).refused(
        2,
        &["zeros.jsonl.gz:1: line is longer than 4 MB and a DynamoDB item is at most 400 KB"],
    );
}
