//! No control character from untrusted text reaches the terminal in headless mode: server error
//! codes and messages (from a stand-in server answering with a hostile `__type` and message, and
//! from dynalite echoing a table name), arguments clap quotes, `--index`/`--filter` values, and
//! keymap and model files. Each case runs the real binary and checks every byte it wrote.

mod support;

use std::path::Path;
use std::process::Command;

use ddbx::domain::value::ValueType;
use support::cli::ddbx_command;
use support::fault_proxy::FaultProxy;
use support::scratch::Scratch;
use support::tables::{IndexSpec, TableSpec, create_table, delete_table};
use support::{Server, sdk_client, server_endpoint, unique_table_name};

/// A title change (OSC 0 … BEL), a screen clear (CSI), a C1 CSI and a bidi override.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{202e}";

/// The first control byte or sequence in `bytes` a terminal would act on: C0 except `\n`, DEL,
/// C1 (UTF-8 `C2 80`–`C2 9F`) and the bidi controls.
fn raw_control(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    text.char_indices()
        .find(|&(_, c)| c != '\n' && ddbx::domain::escape::needs_escape(c))
        .map(|(at, c)| {
            let start = at.saturating_sub(40);
            format!("{c:?} at byte {at}: …{:?}", &text[start..at])
        })
}

/// Runs `command` and asserts no raw control reached stdout or stderr, that it failed with
/// `code`, and that it said something on stderr.
#[track_caller]
fn assert_escaped(mut command: Command, code: i32, what: &str) -> String {
    let output = command.output().expect("the ddbx binary starts");
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        if let Some(found) = raw_control(bytes) {
            panic!("{what}: raw control on {stream}: {found}");
        }
    }
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(code), "{what}: {stderr}");
    assert!(!stderr.trim().is_empty(), "{what}: nothing on stderr");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    stderr
}

fn ddbx_with(endpoint: &str, args: &[&str], journal: &Path) -> Command {
    let mut command = ddbx_command();
    command
        .env("DDBX_JOURNAL", journal)
        .args(["--endpoint-url", endpoint])
        .args(args);
    command
}

fn temp_dir(prefix: &str) -> Scratch {
    Scratch::new(prefix)
}

/// Every command, each against a server whose every answer is a hostile error.
#[test]
fn a_hostile_server_error_is_escaped_on_every_command() {
    let body = serde_json::json!({
        "__type": format!("com.amazonaws.dynamodb.v20120810#Evil{HOSTILE}"),
        "message": format!("boom {HOSTILE} end"),
    })
    .to_string();
    let server = FaultProxy::answering(400, &body);
    let dir = temp_dir("hostile-server");
    let journal = dir.join("journal.jsonl");
    let commands: [&[&str]; 10] = [
        &["tables"],
        &["--table", "tbl", "describe"],
        &["--table", "tbl", "get", "--pk", "a"],
        &["--table", "tbl", "query", "--pk", "a"],
        &["--table", "tbl", "scan"],
        &["--table", "tbl", "collections"],
        &["--table", "tbl", "put", "--item", "{\"PK\": \"a\"}"],
        &["--table", "tbl", "update", "--pk", "a", "--set", "x=1"],
        &["--table", "tbl", "delete", "--pk", "a"],
        &["--table", "tbl", "undo"],
    ];
    for args in commands {
        let stderr = assert_escaped(
            ddbx_with(&server.endpoint(), args, &journal),
            1,
            &format!("{args:?}"),
        );
        assert!(stderr.contains("\\x1b]0;pwned"), "{args:?}: {stderr}");
    }
    // The terminal UI's startup error (describing the table) prints on the normal screen.
    // Without a terminal the UI is refused before anything is sent, so the server's words
    // never come into it.
    let before = server.requests();
    let stderr = assert_escaped(
        ddbx_with(&server.endpoint(), &["--table", "tbl"], &journal),
        2,
        "tui",
    );
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    assert_eq!(server.requests(), before, "nothing was sent");
}

/// Clap's usage errors quote the argument they refuse.
#[test]
fn usage_errors_quoting_arguments_are_escaped_and_exit_with_two() {
    let dir = temp_dir("hostile-usage");
    let journal = dir.join("journal.jsonl");
    let flag = format!("--bogus{HOSTILE}");
    let cases: [&[&str]; 4] = [
        &[&flag],
        &[HOSTILE],
        &["--table", "tbl", "query", "--pk", "a", "--limit", HOSTILE],
        &["--table", "tbl", "scan", "--segments", HOSTILE],
    ];
    for args in cases {
        assert_escaped(
            ddbx_with("http://127.0.0.1:9", args, &journal),
            2,
            &format!("{args:?}"),
        );
    }
}

/// Table, index and filter text that a real server refuses and the messages quote.
#[test]
fn names_and_expressions_quoted_by_dynalite_and_ddbx_are_escaped() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let client = sdk_client(&endpoint);
    let table = unique_table_name("hostile");
    support::block_on(create_table(
        &client,
        &TableSpec::new(&table, "PK", ValueType::S)
            .sort("SK", ValueType::S)
            .gsi(IndexSpec::new("GSI1", "GSI1PK", ValueType::S)),
    ));
    let dir = temp_dir("hostile-dynalite");
    let journal = dir.join("journal.jsonl");
    let bad_table = format!("bad{HOSTILE}");
    let index = format!("GSI{HOSTILE}");
    let filter = format!("x = {HOSTILE}");
    let cases: [(&[&str], i32); 5] = [
        (&["--table", &bad_table, "describe"], 2),
        (&["--table", &bad_table, "scan"], 2),
        (
            &["--table", &table, "query", "--pk", "a", "--index", &index],
            2,
        ),
        (&["--table", &table, "scan", "--filter", &filter], 2),
        (&["--table", &table, "query", "--expr", &filter], 2),
    ];
    for (args, code) in cases {
        assert_escaped(
            ddbx_with(&endpoint, args, &journal),
            code,
            &format!("{args:?}"),
        );
    }
    support::block_on(delete_table(&client, &table));
}

/// Keymap and model files whose names and contents hold control characters.
#[test]
fn keymap_and_model_file_errors_are_escaped() {
    let dir = temp_dir("hostile-files");
    let journal = dir.join("journal.jsonl");
    let keymap = dir.join("keymap.toml");
    std::fs::write(
        &keymap,
        format!("[global]\n\"{HOSTILE}\" = \"quit{HOSTILE}\"\n"),
    )
    .expect("write");
    let model = dir.join("model.json");
    std::fs::write(
        &model,
        format!("{{\"entities\": [{{\"name\": \"{HOSTILE}\""),
    )
    .expect("write");
    let missing = dir.join(format!("missing{HOSTILE}.toml"));
    let keymap_arg = keymap.to_string_lossy().into_owned();
    let model_arg = model.to_string_lossy().into_owned();
    let missing_arg = missing.to_string_lossy().into_owned();
    let cases: [(&[&str], i32); 4] = [
        (&["--keymap", &keymap_arg, "keymap"], 2),
        (&["--keymap", &missing_arg, "keymap"], 2),
        (&["--model", &model_arg, "--table", "tbl", "collections"], 2),
        (
            &["--model", &missing_arg, "--table", "tbl", "collections"],
            2,
        ),
    ];
    for (args, code) in cases {
        assert_escaped(
            ddbx_with("http://127.0.0.1:9", args, &journal),
            code,
            &format!("{args:?}"),
        );
    }
}
