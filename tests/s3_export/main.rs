//! `ddbx --file s3://bucket/prefix/` against moto's S3: exports written here in the layout AWS
//! documents (manifests with item counts, MD5s and ETags; gzipped data files), uploaded with the
//! AWS SDK, read as the same export in a local folder reads: every item exact (38-digit numbers,
//! sets, binary, empty strings). An incremental export opens on its new images or its old ones.
//! A broken manifest, a missing or replaced file, a count that does not match: exit 2 with the
//! reason and nothing printed. The terminal UI opens an S3 export too.

// Not every helper of the pseudo-terminal is used here.
#[allow(dead_code)]
#[path = "../tui_support/pty.rs"]
mod pty;
#[path = "../support/mod.rs"]
mod support;

mod bucket;
mod layout;

use std::path::Path;

use bucket::Bucket;
use serde_json::Value;
use support::Server;
use support::cli::{Run, ddbx_command, run_command};
use support::scratch::Scratch;

fn moto() -> Option<String> {
    support::server_endpoint(Server::Moto)
}

/// `ddbx --file <file> [--s3-endpoint-url <endpoint>] <args>`.
fn ddbx(file: &str, endpoint: Option<&str>, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(["--file", file]);
    if let Some(endpoint) = endpoint {
        command.args(["--s3-endpoint-url", endpoint]);
    }
    command.args(args);
    run_command(command)
}

/// A file name in `dir` no earlier call gave (`export --out` never overwrites a file).
fn fresh(dir: &Path, name: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    dir.join(format!("{n}-{name}"))
}

/// The demo table's items as DynamoDB JSON lines (it holds a 38-digit number, sets, binary and
/// an empty string).
fn demo_lines(dir: &Path, size: usize) -> Vec<String> {
    let out = fresh(dir, "demo.jsonl");
    let mut command = ddbx_command();
    command.args([
        "--demo",
        "--demo-size",
        &size.to_string(),
        "export",
        "--format",
        "ddb",
    ]);
    command.args(["--out", out.to_str().expect("a UTF-8 path")]);
    run_command(command).success();
    let text = std::fs::read_to_string(&out).expect("the demo export");
    text.lines().map(str::to_owned).collect()
}

/// The table `file` holds, exported as DynamoDB JSON lines, sorted.
fn exported(dir: &Path, file: &str, endpoint: Option<&str>, extra: &[&str]) -> Vec<Value> {
    let out = fresh(dir, "exported.jsonl");
    let out_text = out.to_str().expect("a UTF-8 path");
    let mut args = extra.to_vec();
    args.extend(["export", "--format", "ddb", "--out", out_text]);
    ddbx(file, endpoint, &args).success();
    let text = std::fs::read_to_string(&out).expect("the export");
    sorted(text.lines())
}

/// DynamoDB JSON lines as values (attributes in any order), sorted.
fn sorted<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Vec<Value> {
    let mut values: Vec<Value> = lines
        .into_iter()
        .map(|line| serde_json::from_str(line.as_ref()).expect("a JSON line"))
        .collect();
    values.sort_by_key(Value::to_string);
    values
}

/// An export written by `write` into a folder of `dir`, uploaded under `team/` of a new bucket:
/// the bucket, the export's `s3://` URL and its folder here.
fn in_s3_and_here(
    endpoint: &str,
    dir: &Path,
    bucket: &str,
    write: impl FnOnce(&Path),
) -> (Bucket, String, std::path::PathBuf) {
    let export = dir.join("export");
    write(&export);
    let bucket = Bucket::create(endpoint, bucket);
    bucket.upload(&export, "team");
    let url = bucket.url("team/");
    (bucket, url, export)
}

#[test]
fn a_full_export_in_s3_reads_exactly_as_its_local_folder_and_as_the_table_it_came_from() {
    let Some(endpoint) = moto() else { return };
    let dir = Scratch::new("s3-full");
    let lines = demo_lines(&dir, 400);
    let (_bucket, url, export) = in_s3_and_here(&endpoint, &dir, "ddbx-full", |export| {
        layout::write_full(export, &lines, 3);
    });
    let local = export.to_str().expect("a UTF-8 path");
    let moto = endpoint.as_str();
    let endpoint = Some(moto);

    let from_s3 = exported(&dir, &url, endpoint, &[]);
    assert_eq!(from_s3, sorted(&lines), "every item, exact");
    assert_eq!(from_s3, exported(&dir, local, None, &[]));
    let text = lines.join("\n");
    for exact in [
        r#""N":"12345678901234567890123456789012345678""#,
        r#""SS":["#,
        r#""B":""#,
        r#""S":"""#,
    ] {
        assert!(
            text.contains(exact),
            "the demo holds {exact}, compared above"
        );
    }
    for args in [
        &["collections", "-o", "json"][..],
        &["query", "--pk", "ORDER#ord_5003", "-o", "json"],
    ] {
        let s3 = ddbx(&url, endpoint, args).success();
        assert!(!s3.stdout.is_empty(), "{args:?}: {}", s3.stderr);
        assert_eq!(
            s3.stdout,
            ddbx(local, None, args).success().stdout,
            "{args:?}"
        );
    }
    // The endpoint from the environment instead of the flag.
    let mut command = ddbx_command();
    command.env("AWS_ENDPOINT_URL_S3", moto);
    command.args(["--file", &url, "collections", "-o", "json"]);
    let from_environment = run_command(command).success().stdout;
    let here = ddbx(local, None, &["collections", "-o", "json"]).success();
    assert_eq!(from_environment, here.stdout);
}

/// A change record of the incremental export.
fn change(keys: &str, old: Option<&str>, new: Option<&str>) -> String {
    let mut record =
        format!(r#"{{"Metadata":{{"WriteTime":{{"N":"1764633600000000"}}}},"Keys":{keys}"#);
    if let Some(old) = old {
        record.push_str(&format!(r#","OldImage":{old}"#));
    }
    if let Some(new) = new {
        record.push_str(&format!(r#","NewImage":{new}"#));
    }
    record + "}"
}

#[test]
fn an_incremental_export_opens_on_its_new_images_or_on_its_old_ones() {
    let Some(endpoint) = moto() else { return };
    let dir = Scratch::new("s3-incremental");
    let key = |n: u32| format!(r#"{{"PK":{{"S":"USER#{n}"}},"SK":{{"S":"PROFILE"}}}}"#);
    let item = |n: u32, rest: &str| {
        format!(r#"{{"PK":{{"S":"USER#{n}"}},"SK":{{"S":"PROFILE"}},{rest}}}"#)
    };
    let inserted = item(
        1,
        r#""big":{"N":"99999999999999999999999999999999999999"},"tags":{"SS":["a","b"]}"#,
    );
    let before = item(2, r#""note":{"S":""},"blob":{"B":"AP9iaW4="}"#);
    let after = item(2, r#""note":{"S":"changed"},"blob":{"B":"AP9iaW4="}"#);
    let deleted = item(3, r#""nums":{"NS":["1","2.5"]}"#);
    let records = [
        change(&key(1), None, Some(&inserted)),
        change(&key(2), Some(&before), Some(&after)),
        change(&key(3), Some(&deleted), None),
    ];
    let (_bucket, url, export) = in_s3_and_here(&endpoint, &dir, "ddbx-incremental", |export| {
        layout::write_incremental(export, &records);
    });
    let local = export.to_str().expect("a UTF-8 path");
    let endpoint = Some(endpoint.as_str());

    let new = exported(&dir, &url, endpoint, &[]);
    assert_eq!(new, sorted([inserted, after]));
    assert_eq!(new, exported(&dir, local, None, &[]));
    let old = exported(&dir, &url, endpoint, &["--export-image", "old"]);
    assert_eq!(old, sorted([before, deleted]));
    assert_eq!(old, exported(&dir, local, None, &["--export-image", "old"]));

    let run = ddbx(&url, endpoint, &["collections", "-o", "json"]).success();
    for said in [
        "an incremental export of the changes from 2026-12-01T00:00:00Z to 2026-12-02T00:00:00Z",
        "1 change record has no new image (deleted items) and is not in the table",
    ] {
        assert!(run.stderr.contains(said), "{said}:\n{}", run.stderr);
    }
}

/// The full export uploaded under `prefix`, its folder returned.
fn uploaded(bucket: &Bucket, dir: &Path, prefix: &str) -> std::path::PathBuf {
    let lines = demo_lines(dir, 60);
    let export = dir.join(prefix);
    let root = layout::write_full(&export, &lines, 2);
    bucket.upload(&export, prefix);
    root
}

fn key(prefix: &str, relative: &str) -> String {
    format!("{prefix}/{}/{relative}", layout::EXPORT_ID)
}

fn manifest_lines(root: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(root.join("manifest-files.json"))
        .expect("the manifest")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a manifest line"))
        .collect()
}

fn put_manifest(bucket: &Bucket, prefix: &str, lines: &[serde_json::Value]) {
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    bucket.put(&key(prefix, "manifest-files.json"), text.into_bytes());
}

#[test]
fn a_broken_manifest_a_missing_or_replaced_file_or_a_wrong_count_is_refused_with_its_reason() {
    let Some(endpoint) = moto() else { return };
    let dir = Scratch::new("s3-broken");
    let bucket = Bucket::create(&endpoint, "ddbx-broken");
    let refused = |prefix: &str, needles: &[&str]| {
        let run = ddbx(
            &bucket.url(prefix),
            Some(&endpoint),
            &["collections", "-o", "json"],
        );
        run.refused(2, needles);
    };

    uploaded(&bucket, &dir, "corrupt");
    bucket.put(
        &key("corrupt", "manifest-files.json"),
        b"{\"itemCount\": 3,\n".to_vec(),
    );
    refused("corrupt", &["manifest-files.json:1: invalid JSON"]);

    let root = uploaded(&bucket, &dir, "missing");
    bucket.delete(&key("missing", "data/0001-part.json.gz"));
    refused(
        "missing",
        &["data/0001-part.json.gz listed in the manifest is missing"],
    );

    let root_counted = uploaded(&bucket, &dir, "counted");
    let mut lines = manifest_lines(&root_counted);
    let listed = lines[1]["itemCount"].as_u64().expect("a count");
    lines[1]["itemCount"] = (listed + 1).into();
    put_manifest(&bucket, "counted", &lines);
    refused(
        "counted",
        &[&format!(
            "0001-part.json.gz: holds {listed} records but manifest-files.json lists {}",
            listed + 1
        )],
    );

    // Another export's file in its place: the ETag tells, and without one the MD5 does.
    let first = std::fs::read(root.join("data/0000-part.json.gz")).expect("a data file");
    uploaded(&bucket, &dir, "replaced");
    bucket.put(&key("replaced", "data/0001-part.json.gz"), first.clone());
    refused(
        "replaced",
        &["0001-part.json.gz: changed since the export: its ETag is"],
    );
    let mut lines = manifest_lines(&root);
    lines[1]["itemCount"] = lines[0]["itemCount"].clone();
    lines[1].as_object_mut().expect("an object").remove("etag");
    put_manifest(&bucket, "replaced", &lines);
    refused(
        "replaced",
        &[
            "0001-part.json.gz",
            "MD5 differs from the one in manifest-files.json",
        ],
    );

    uploaded(&bucket, &dir, "two/a");
    uploaded(&bucket, &dir, "two/b");
    refused("two/", &["2 exports under this prefix; name one: s3://"]);
    refused("nothing/", &["not an Export to S3"]);
}

#[test]
fn the_terminal_ui_opens_an_export_in_s3() {
    let Some(endpoint) = moto() else { return };
    let dir = Scratch::new("s3-tui");
    let bucket = Bucket::create(&endpoint, "ddbx-tui");
    uploaded(&bucket, &dir, "ui");
    let url = bucket.url("ui/");
    let env = pty::local_env();
    let mut session =
        pty::PtySession::spawn(&["--file", &url, "--s3-endpoint-url", &endpoint], &env);
    let screen = session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    assert!(screen.contains("SingleTableApp"), "{screen}");
    assert!(screen.contains("READ-ONLY"), "{screen}");
    assert!(
        screen.contains("ORDER "),
        "the demo's collections:\n{screen}"
    );
    session.send("q");
    assert!(session.wait_exit().success());
}

/// A whole export is converted as it streams, so a data file found wrong after others were
/// written must not leave part of the table passing for all of it: the output file is removed,
/// and on standard output the error says the lines printed are not the whole table. Exit 2.
#[test]
fn a_streamed_export_cut_off_by_a_broken_file_leaves_no_partial_output_file() {
    let dir = Scratch::new("export-cut-off");
    let lines = demo_lines(&dir, 600);
    let root = layout::write_full(&dir.path().join("export"), &lines, 6);
    let mut manifest = manifest_lines(&root);
    let last = manifest.len() - 1;
    let listed = manifest[last]["itemCount"].as_u64().expect("a count");
    manifest[last]["itemCount"] = (listed + 1).into();
    let text: String = manifest.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(root.join("manifest-files.json"), text).expect("the manifest");
    let folder = root.to_str().expect("a UTF-8 path");

    let out = fresh(dir.path(), "cut.jsonl");
    let run = ddbx(
        folder,
        None,
        &[
            "export",
            "--format",
            "ddb",
            "--out",
            out.to_str().expect("UTF-8"),
        ],
    );
    run.refused(2, &["manifest-files.json lists"]);
    assert!(!out.exists(), "no partial file is left: {}", run.stderr);

    let printed = ddbx(folder, None, &["export", "--format", "ddb"]);
    assert_eq!(printed.code, Some(2), "{}", printed.stderr);
    assert!(
        printed.stdout.is_empty() || printed.stderr.contains("are not the whole table"),
        "lines printed are said not to be the whole table: {}",
        printed.stderr
    );
}
