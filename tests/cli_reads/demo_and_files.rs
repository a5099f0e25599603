//! The headless commands on the embedded engine: `--demo` with its size and seed, and `--file`
//! with its bad-line policy. No server is involved; the table comes from the flags.

use std::path::PathBuf;

use crate::support::cli::{Run, ddbx_command, run_command};

fn ddbx(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(args);
    run_command(command)
}

/// A DynamoDB JSON lines file whose second line is not JSON.
fn file_with_a_bad_line() -> (tempdir::Dir, PathBuf) {
    let dir = tempdir::Dir::new("bad-line");
    let path = dir.path.join("items.jsonl");
    std::fs::write(
        &path,
        concat!(
            "{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"METADATA\"},\"n\":{\"N\":\"12345678901234567890123456789012345678\"}}\n",
            "this is not json\n",
            "{\"PK\":{\"S\":\"USER#2\"},\"SK\":{\"S\":\"METADATA\"}}\n",
        ),
    )
    .expect("the fixture file is written");
    (dir, path)
}

/// A directory removed when dropped, unique per test.
pub mod tempdir {
    use std::path::PathBuf;

    pub struct Dir {
        pub path: PathBuf,
    }

    impl Dir {
        pub fn new(name: &str) -> Self {
            let path = std::env::temp_dir().join(format!(
                "ddbx-test-{name}-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            std::fs::create_dir_all(&path).expect("a temporary directory");
            Self { path }
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

#[test]
fn demo_size_sets_how_many_items_the_demo_table_holds() {
    let run = ddbx(&["--demo", "--demo-size", "300", "scan", "-o", "ddb"]).success();
    assert_eq!(run.ddb_items().len(), 300);
    assert!(run.stderr.contains("items: 300"), "{}", run.stderr);
}

#[test]
fn the_same_seed_gives_the_same_demo_table_and_another_seed_another() {
    let scan = |seed: &str| {
        ddbx(&[
            "--demo",
            "--demo-size",
            "200",
            "--seed",
            seed,
            "scan",
            "-o",
            "ddb",
        ])
        .success()
        .stdout
    };
    let first = scan("7");
    assert_eq!(first, scan("7"));
    assert_ne!(first, scan("8"));
}

#[test]
fn demo_flags_without_demo_are_usage_errors() {
    ddbx(&["--demo-size", "10", "scan"]).refused(2, &["--demo"]);
}

#[test]
fn a_file_is_read_without_table_flag_and_bad_lines_are_reported_then_skipped() {
    let (_dir, path) = file_with_a_bad_line();
    let run = ddbx(&[
        "--file",
        path.to_str().expect("UTF-8 path"),
        "scan",
        "-o",
        "ddb",
    ])
    .success();
    let items = run.ddb_items();
    assert_eq!(items.len(), 2, "the two good lines are loaded");
    assert!(
        run.stdout
            .contains("12345678901234567890123456789012345678"),
        "every digit survives: {}",
        run.stdout
    );
    assert!(
        run.stderr.contains("items.jsonl:2"),
        "the bad line is named: {}",
        run.stderr
    );
    assert!(run.stderr.contains("key schema inferred"), "{}", run.stderr);
}

#[test]
fn bad_lines_stop_refuses_the_file_at_its_first_bad_line() {
    let (_dir, path) = file_with_a_bad_line();
    let run = ddbx(&[
        "--file",
        path.to_str().expect("UTF-8 path"),
        "--bad-lines",
        "stop",
        "scan",
    ]);
    // A file that cannot be loaded is refused input, like a bad argument.
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("items.jsonl:2"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn describe_on_a_file_shows_the_key_schema_inferred_from_its_items() {
    let (_dir, path) = file_with_a_bad_line();
    let run = ddbx(&[
        "--file",
        path.to_str().expect("UTF-8 path"),
        "describe",
        "-o",
        "table",
    ])
    .success();
    assert!(run.stdout.contains("PK (S)"), "{}", run.stdout);
}

/// `ddbx` with HOME, XDG_STATE_HOME and DDBX_JOURNAL pointing into `dir`, so a journal written
/// anywhere ddbx would write the user's journal lands there.
fn ddbx_at_home(dir: &std::path::Path, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command
        .env("HOME", dir.join("home"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("DDBX_JOURNAL", dir.join("chosen-journal.jsonl"))
        .env("TMPDIR", dir.join("tmp"))
        .args(args);
    run_command(command)
}

/// Every file under `dir`, recursively (the demo's private journal in `dir/tmp` included,
/// which must be gone once the process ended).
fn files_under(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn headless_demo_writes_never_reach_the_users_journal() {
    let dir = tempdir::Dir::new("demo-journal");
    std::fs::create_dir_all(dir.path.join("tmp")).expect("a temporary directory");
    let put = ddbx_at_home(
        &dir.path,
        &[
            "--demo",
            "put",
            "--item",
            r#"{"PK":"NOTE#1","SK":"METADATA","text":"demo only"}"#,
        ],
    )
    .success();
    assert!(put.stderr.contains("demo"), "{}", put.stderr);
    let update = ddbx_at_home(
        &dir.path,
        &[
            "--demo",
            "update",
            "--pk",
            "ACCOUNT#acc_100",
            "--sk",
            "METADATA",
            "--set",
            "note=x",
        ],
    );
    assert_eq!(update.code, Some(0), "{}", update.stderr);
    assert_eq!(
        files_under(&dir.path),
        Vec::<PathBuf>::new(),
        "no journal file was written"
    );
    // A later demo process is another table: it has nothing of the earlier one's to undo.
    let undo = ddbx_at_home(&dir.path, &["--demo", "undo"]);
    undo.refused(2, &["demo"]);
}
