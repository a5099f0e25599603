//! Refusals with nothing sent exit 2 on the real binary, whatever the command: every write and
//! undo under `--read-only` or on a `--file`, and a keymap file that cannot be read.

use std::path::{Path, PathBuf};

use crate::fixture::{Dir, ddbx, on_file};
use crate::support::cli::{Run, ddbx_command, run_command};

const WRITES: [&[&str]; 4] = [
    &["put", "--item", r#"{"PK": "USER#new", "SK": "PROFILE"}"#],
    &[
        "update",
        "--pk",
        "USER#usr_1001",
        "--sk",
        "PROFILE",
        "--set",
        "x=1",
    ],
    &["delete", "--pk", "USER#usr_1001", "--sk", "PROFILE"],
    &["undo"],
];

/// Every file under `dir`, so a journal or any other write would show.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

/// Runs `ddbx <args…>` with a state directory of its own (journal, cache, history).
fn with_state(state: &Path, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.env("XDG_STATE_HOME", state).args(args);
    run_command(command)
}

#[test]
fn every_write_and_undo_under_read_only_exits_two_and_writes_nothing() {
    let dir = Dir::new("read-only-writes");
    let state = dir.path.join("state");
    for write in WRITES {
        let mut args = vec!["--demo", "--read-only"];
        args.extend_from_slice(write);
        with_state(&state, &args).refused(2, &["read-only", "nothing was sent"]);
    }
    assert_eq!(files_under(&state), Vec::<PathBuf>::new(), "no journal");
    // The demo's item is still as it was: a read-only session reads, so read it.
    let run = ddbx(&["--demo", "get", "--pk", "USER#usr_1001", "--sk", "PROFILE"]).success();
    assert!(!run.stdout.contains("\"x\""), "{}", run.stdout);
}

#[test]
fn every_write_and_undo_on_a_file_exits_two_and_leaves_the_file_as_it_was() {
    let dir = Dir::new("file-writes");
    let line = r#"{"Item":{"PK":{"S":"USER#usr_1001"},"SK":{"S":"PROFILE"},"n":{"N":"12345678901234567890123456789012345678"}}}"#;
    let file = dir.file(&[line]);
    let before = std::fs::read(&file).expect("the file");
    for write in WRITES {
        on_file(&file, write).refused(2, &["read-only", "nothing was sent"]);
    }
    assert_eq!(std::fs::read(&file).expect("the file"), before);
}

#[test]
fn a_keymap_file_that_cannot_be_understood_exits_two() {
    let dir = Dir::new("bad-keymap");
    let keymap = dir.path.join("keymap.toml");
    std::fs::write(&keymap, "[global\n").expect("the keymap is written");
    let keymap = keymap.to_string_lossy().into_owned();
    let run = ddbx(&["--keymap", &keymap, "keymap"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("keymap error"), "{}", run.stderr);
    let missing = dir.path.join("missing.toml").to_string_lossy().into_owned();
    let run = ddbx(&["--keymap", &missing, "keymap"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}
