//! The headless writes through the real binary against dynalite: put/update/delete/undo with
//! their conditions and exit codes, `--dry-run` sending nothing, bad input refused with nothing
//! sent, the journal written privately, and `--read-only` refusing every write path with the
//! table on the server left exactly as it was.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use ddbx::domain::value::{AttrValue, Item};

use crate::harness::Env;
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::scratch::Scratch;

/// A state directory of the test's own, removed when it ends.
fn state_dir() -> Scratch {
    Scratch::new("state")
}

fn ddbx(env: &Env, state: &Path, args: &[&str]) -> Run {
    let endpoint = env.endpoint.as_deref().expect("a server endpoint");
    let mut command = ddbx_command();
    command
        .env("XDG_STATE_HOME", state)
        .env_remove("DDBX_JOURNAL")
        .args([
            "--endpoint-url",
            endpoint,
            "--table",
            &env.table,
            "-o",
            "ddb",
        ])
        .args(args);
    run_command(command)
}

fn key() -> Item {
    profile_key("USER#7")
}

/// The key of `pk`'s `PROFILE` item.
fn profile_key(pk: &str) -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s(pk)),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
    ])
}

/// The journal the binary writes under the state directory `state`.
fn journal_path(state: &Path) -> PathBuf {
    state.join("ddbx").join("journal.jsonl")
}

/// How many written entries the journal under `state` holds (each is an intent line and an
/// outcome line; refused writes are recorded as not written and do not count).
fn journal_lines(state: &Path) -> usize {
    ddbx::journal::Journal::open(journal_path(state))
        .entries()
        .expect("journal")
        .len()
}

/// The intent lines of the writes that were written, in order.
fn written_intents(text: &str) -> Vec<serde_json::Value> {
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    let written = |id: &serde_json::Value| {
        lines
            .iter()
            .any(|line| line["record"] == "outcome" && line["id"] == *id && line["written"] == true)
    };
    lines
        .iter()
        .filter(|line| line["record"] == "intent" && written(&line["id"]))
        .cloned()
        .collect()
}

/// A dynalite table named after `test` holding `ITEM`, put through the binary (so journaled)
/// with a fresh state directory; returns the env, that directory and the stored item, or
/// `None` when no server is available.
async fn with_profile(test: &str) -> Option<(Env, Scratch, Item)> {
    let env = Env::new(Server::Dynalite, test).await?;
    let state = state_dir();
    ddbx(&env, &state, &["put", "--item", ITEM]).success();
    let before = env.read(&key()).await.expect("exists");
    Some((env, state, before))
}

const ITEM: &str = r#"{"PK": "USER#7", "SK": "PROFILE", "name": "Ada", "version": 1, "big": 12345678901234567890123456789012345678, "tags": {"$ss": ["a", "b"]}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headless_writes_are_conditioned_journaled_and_undoable() {
    let Some(env) = Env::new(Server::Dynalite, "edit-headless").await else {
        return;
    };
    let state = state_dir();
    let run = ddbx(&env, &state, &["put", "--item", ITEM]).success();
    let created = env.read(&key()).await.expect("created");
    assert_eq!(run.ddb_items(), vec![created.clone()]);
    assert_eq!(
        created.get("big"),
        Some(&AttrValue::N(
            "12345678901234567890123456789012345678".parse().expect("n")
        ))
    );
    ddbx(&env, &state, &["put", "--item", ITEM]).refused(3, &["already exists"]);
    // The journal entry belongs to this endpoint and region: undo through another connection
    // finds nothing to undo, even though the table name matches.
    ddbx(&env, &state, &["--region", "eu-west-1", "undo"])
        .refused(2, &["no write to table", "through this connection"]);
    assert_eq!(env.read(&key()).await.as_ref(), Some(&created));

    // --dry-run prints the exact request and sends nothing.
    let dry = ddbx(
        &env,
        &state,
        &[
            "update",
            "--pk",
            "USER#7",
            "--sk",
            "PROFILE",
            "--set",
            "name=\"Grace\"",
            "--dry-run",
        ],
    )
    .success();
    // One field per line, exactly as the request carries it.
    for line in [
        "UpdateItem",
        "UpdateExpression: SET #name = :v0, version = :v1",
        "ConditionExpression: version = :v2",
        "  :v0: {\"S\":\"Grace\"}",
    ] {
        assert!(
            dry.lines().contains(&line),
            "{line:?} is not a line of\n{}",
            dry.stdout
        );
    }
    assert_eq!(
        env.read(&key()).await.as_ref(),
        Some(&created),
        "dry run sent nothing"
    );

    // A stale --expect-version is a condition failure: exit 3, nothing written.
    ddbx(
        &env,
        &state,
        &[
            "update",
            "--pk",
            "USER#7",
            "--sk",
            "PROFILE",
            "--set",
            "name=Grace",
            "--expect-version",
            "0",
        ],
    )
    .refused(3, &["version is 1, not 0"]);
    let run = ddbx(
        &env,
        &state,
        &[
            "update",
            "--pk",
            "USER#7",
            "--sk",
            "PROFILE",
            "--set",
            "name=Grace",
            "--remove",
            "tags",
            "--expect-version",
            "1",
        ],
    )
    .success();
    let updated = env.read(&key()).await.expect("exists");
    assert_eq!(run.ddb_items(), vec![updated.clone()]);
    assert_eq!(updated.get("name"), Some(&AttrValue::s("Grace")));
    assert_eq!(updated.get("tags"), None);
    assert_eq!(updated.get("version"), Some(&AttrValue::n(2)));

    // The journal holds both writes, privately, with where they went and no credentials.
    let journal = journal_path(&state);
    let mode = std::fs::metadata(&journal)
        .expect("journal written")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let text = std::fs::read_to_string(&journal).expect("readable");
    let lines = written_intents(&text);
    assert_eq!(lines.len(), 2);
    let connection = lines[1]["connection"].as_object().expect("connection");
    let fields: Vec<&str> = connection.keys().map(String::as_str).collect();
    assert_eq!(fields, ["endpoint", "kind", "profile", "region"]);
    assert_eq!(
        connection["endpoint"],
        env.endpoint.as_deref().expect("endpoint")
    );
    assert_eq!(lines[1]["operation"], "UpdateItem");

    // Undo restores the before-image (the version moves on).
    ddbx(&env, &state, &["undo"]).success();
    let restored = env.read(&key()).await.expect("exists");
    assert_eq!(restored.get("name"), Some(&AttrValue::s("Ada")));
    assert_eq!(restored.get("tags"), created.get("tags"));
    assert_eq!(restored.get("version"), Some(&AttrValue::n(3)));

    // Delete with the right version; a second delete finds nothing (exit 3).
    ddbx(
        &env,
        &state,
        &[
            "delete",
            "--pk",
            "USER#7",
            "--sk",
            "PROFILE",
            "--expect-version",
            "3",
        ],
    )
    .success();
    assert_eq!(env.read(&key()).await, None);
    ddbx(
        &env,
        &state,
        &["delete", "--pk", "USER#7", "--sk", "PROFILE"],
    )
    .refused(3, &["no item with key"]);
    // Undo of the delete puts it back exactly.
    ddbx(&env, &state, &["undo"]).success();
    assert_eq!(env.read(&key()).await, Some(restored));

    // --version-attr names the counter when it is not one of the known names.
    let rev = r#"{"PK": "USER#8", "SK": "PROFILE", "rev": 41, "name": "Eve"}"#;
    ddbx(&env, &state, &["put", "--item", rev]).success();
    let update = [
        "--version-attr",
        "rev",
        "update",
        "--pk",
        "USER#8",
        "--sk",
        "PROFILE",
        "--set",
        "name=Mallory",
        "--expect-version",
        "41",
    ];
    ddbx(&env, &state, &update).success();
    let rev_key = profile_key("USER#8");
    let stored = env.read(&rev_key).await.expect("exists");
    assert_eq!(stored.get("rev"), Some(&AttrValue::n(42)));
    assert_eq!(stored.get("name"), Some(&AttrValue::s("Mallory")));
    ddbx(&env, &state, &update).refused(3, &["rev is 42, not 41"]);
    env.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headless_bad_input_exits_two_and_sends_nothing() {
    let Some((env, state, before)) = with_profile("edit-headless-bad").await else {
        return;
    };
    let digits39 = format!("n={}", "9".repeat(39));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["put", "--item", "{\"PK\": \"USER#8\", \"SK\": \"X\""],
            "line 1, column 27",
        ),
        (
            vec!["put", "--item", "{\"PK\": 8, \"SK\": \"X\"}"],
            "\"PK\" must be of type S",
        ),
        (
            vec![
                "put",
                "--item",
                "{\"PK\": \"USER#8\", \"SK\": \"X\", \"GSI1SK\": \"one\"}",
            ],
            "index GSI1",
        ),
        (
            vec![
                "put",
                "--item",
                "{\"PK\": \"USER#8\", \"SK\": \"X\", \"s\": {\"$ns\": []}}",
            ],
            "empty number set",
        ),
        (
            vec![
                "update", "--pk", "USER#7", "--sk", "PROFILE", "--set", &digits39,
            ],
            "38 significant digits",
        ),
        (
            vec![
                "update", "--pk", "USER#7", "--sk", "PROFILE", "--remove", "SK",
            ],
            "\"SK\" was removed",
        ),
        (
            vec![
                "update",
                "--pk",
                "USER#7",
                "--sk",
                "PROFILE",
                "--set",
                "version=9",
            ],
            "version attribute",
        ),
        (
            vec!["update", "--pk", "USER#7", "--sk", "PROFILE"],
            "nothing to change",
        ),
        (
            vec![
                "delete",
                "--pk",
                "USER#7",
                "--sk",
                "PROFILE",
                "--expect-version",
                "x",
            ],
            "--expect-version",
        ),
    ];
    for (args, needle) in cases {
        ddbx(&env, &state, &args).refused(2, &[needle]);
    }
    assert_eq!(env.read(&key()).await, Some(before), "nothing was written");
    assert_eq!(journal_lines(&state), 1, "only the put was journaled");
    env.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_only_refuses_every_write_path_and_the_server_sees_nothing() {
    // A journaled write to undo, made without --read-only.
    let Some((env, state, before)) = with_profile("edit-read-only").await else {
        return;
    };
    let table_before = env.all_items().await;
    let other = r#"{"PK": "USER#9", "SK": "PROFILE"}"#;
    let writes: [&[&str]; 4] = [
        &["put", "--item", other],
        &[
            "update", "--pk", "USER#7", "--sk", "PROFILE", "--set", "name=Eve",
        ],
        &["delete", "--pk", "USER#7", "--sk", "PROFILE"],
        &["undo"],
    ];
    for args in writes {
        let mut with_flag = vec!["--read-only"];
        with_flag.extend_from_slice(args);
        ddbx(&env, &state, &with_flag).refused(2, &["read-only", "nothing was sent"]);
    }
    assert_eq!(
        env.read(&key()).await,
        Some(before),
        "the item is unchanged"
    );
    let other_key = profile_key("USER#9");
    assert_eq!(env.read(&other_key).await, None, "nothing was created");
    assert_eq!(
        env.all_items().await,
        table_before,
        "the table is unchanged"
    );
    assert_eq!(journal_lines(&state), 1, "refused writes are not journaled");
    env.drop().await;
}
