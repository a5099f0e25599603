//! Values too large for the command line: `put --item @FILE`, `--item -` (stdin) and the same
//! for `--set` values, against dynalite. Items over 128 KB are written whole; a file that cannot
//! be used is refused (exit 2) and, through a counting proxy, no request reaches the server.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;

use ddbx::domain::value::{AttrValue, Item};

use crate::harness::Env;
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command};
use crate::support::fault_proxy::{Fault, FaultProxy};
use crate::support::scratch::Scratch;

/// Bigger than the 128 KB a single argument may be on Linux; two fit in one 400 KB item.
const LARGE: usize = 140 * 1024;

fn scratch() -> Scratch {
    Scratch::new("argument-files")
}

/// Runs the binary against `endpoint` with a private state dir and `stdin` as its input.
fn ddbx(endpoint: &str, env: &Env, state: &Path, args: &[&str], stdin: &str) -> Run {
    let mut command = ddbx_command();
    command
        .env("XDG_STATE_HOME", state)
        .env_remove("DDBX_JOURNAL")
        .args(["--endpoint-url", endpoint, "--table", &env.table])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the ddbx binary starts");
    let mut input = child.stdin.take().expect("stdin");
    // The binary may refuse before reading stdin; a closed pipe is then expected.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("ddbx ends");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

fn key(pk: &str) -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s(pk)),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
    ])
}

fn text_of(item: &Item, name: &str) -> String {
    match item.get(name) {
        Some(AttrValue::S(text)) => text.clone(),
        other => panic!("{name} should be a string, is {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_values_come_from_files_and_stdin() {
    let Some(env) = Env::new(Server::Dynalite, "argument-files").await else {
        return;
    };
    let endpoint = env.endpoint.clone().expect("endpoint");
    let (dir, state) = (scratch(), scratch());
    let body = "a".repeat(LARGE);
    let item_file = dir.join("item.json");
    std::fs::write(
        &item_file,
        format!(r#"{{"PK": "USER#1", "SK": "PROFILE", "body": "{body}"}}"#),
    )
    .expect("item file");
    let at_file = format!("@{}", item_file.display());
    ddbx(&endpoint, &env, &state, &["put", "--item", &at_file], "").success();
    let stored = env.read(&key("USER#1")).await.expect("put from a file");
    assert_eq!(text_of(&stored, "body").len(), LARGE);

    let from_stdin = format!(r#"{{"PK": "USER#2", "SK": "PROFILE", "body": "{body}"}}"#);
    ddbx(
        &endpoint,
        &env,
        &state,
        &["put", "--item", "-"],
        &from_stdin,
    )
    .success();
    let stored = env.read(&key("USER#2")).await.expect("put from stdin");
    assert_eq!(text_of(&stored, "body"), body);

    let note = "n".repeat(LARGE);
    let note_file = dir.join("note.json");
    std::fs::write(&note_file, format!("\"{note}\"\n")).expect("note file");
    let set_file = format!("note=@{}", note_file.display());
    let update = ["update", "--pk", "USER#1", "--sk", "PROFILE", "--set"];
    ddbx(
        &endpoint,
        &env,
        &state,
        &[&update[..], &[&set_file]].concat(),
        "",
    )
    .success();
    let stored = env.read(&key("USER#1")).await.expect("updated");
    assert_eq!(text_of(&stored, "note"), note);
    assert_eq!(text_of(&stored, "body").len(), LARGE, "the rest is kept");

    let piped = format!("{{\"$ss\": [\"{}\", \"b\"]}}", "s".repeat(LARGE));
    ddbx(
        &endpoint,
        &env,
        &state,
        &[
            "update", "--pk", "USER#2", "--sk", "PROFILE", "--set", "tags=-",
        ],
        &piped,
    )
    .success();
    let stored = env.read(&key("USER#2")).await.expect("updated");
    assert!(
        matches!(stored.get("tags"), Some(AttrValue::Ss(set)) if set.len() == 2),
        "a string set from stdin stays a set: {:?}",
        stored.get("tags").map(|_| "…")
    );
    env.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unusable_argument_files_exit_two_and_send_nothing() {
    let Some(env) = Env::new(Server::Dynalite, "argument-files-bad").await else {
        return;
    };
    let proxy = FaultProxy::start(env.endpoint.as_deref(), Arc::new(|_, _| Fault::Pass));
    let (dir, state) = (scratch(), scratch());
    let broken = dir.join("broken.json");
    std::fs::write(&broken, r#"{"PK": "USER#3", "SK": "#).expect("broken file");
    let huge = dir.join("huge.json");
    std::fs::write(&huge, vec![b' '; 5 * 1024 * 1024]).expect("huge file");
    let missing = dir.join("missing.json");
    let at = |path: &Path| format!("@{}", path.display());
    let update = |set: &str| {
        ["update", "--pk", "USER#3", "--sk", "PROFILE", "--set", set]
            .map(str::to_owned)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["put".into(), "--item".into(), at(&missing)],
            "No such file".into(),
        ),
        (
            vec!["put".into(), "--item".into(), "@/dev/zero".into()],
            "is a character device".into(),
        ),
        (
            vec!["put".into(), "--item".into(), at(&dir)],
            "is a directory".into(),
        ),
        (
            vec!["put".into(), "--item".into(), at(&huge)],
            "is larger than 4 MB".into(),
        ),
        (
            vec!["put".into(), "--item".into(), at(&broken)],
            "--item: ".into(),
        ),
        (
            vec!["put".into(), "--item".into(), "@".into()],
            "name the file after @".into(),
        ),
        (
            update(&format!("note={}", at(&missing))),
            "--set note=@".into(),
        ),
        (
            [update("a=-"), vec!["--set".into(), "b=-".into()]].concat(),
            "standard input is already read".into(),
        ),
    ];
    for (args, needle) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = ddbx(&proxy.endpoint(), &env, &state, &args, "\"x\"");
        run.refused(2, &[needle]);
    }
    assert_eq!(
        proxy.requests(),
        0,
        "nothing reached the server: {:?}",
        proxy.targets()
    );
    assert!(env.read(&key("USER#3")).await.is_none());
    env.drop().await;
}
