//! The journal is written ahead: when the intent cannot be recorded (a full device, a directory
//! that cannot be written, a path under a regular file, a device that is not a file), nothing is
//! sent — the item on dynalite is unchanged and the command exits 2. A write sent but never
//! confirmed in the journal (a crash between sending and recording) is settled by `undo` reading
//! the item.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use ddbx::domain::edit::plan_edit;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::journal::{Journal, JournalEntry};

use crate::harness::{AUTO, Env};
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::scratch::Scratch;

fn profile() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("USER#1")),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
        ("name".to_owned(), AttrValue::s("Ada")),
    ])
}

fn ddbx(env: &Env, journal: &Path, args: &[&str]) -> Run {
    let endpoint = env.endpoint.as_deref().expect("a server endpoint");
    let mut command = ddbx_command();
    command
        .env("DDBX_JOURNAL", journal)
        .args(["--endpoint-url", endpoint, "--table", &env.table])
        .args(args);
    run_command(command)
}

fn temp_dir(prefix: &str) -> Scratch {
    Scratch::new(prefix)
}

/// A journal path in a directory nothing can be written to: mode 0500, or where even that does
/// not stop this user (root), a directory under `/sys`.
fn read_only_dir_journal(scratch: &Scratch) -> PathBuf {
    let dir = scratch.join("read-only");
    std::fs::create_dir(&dir).expect("a directory");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o500)).expect("chmod");
    if std::fs::write(dir.join("probe"), b"").is_err() {
        return dir.join("journal.jsonl");
    }
    PathBuf::from("/sys/ddbx-test-read-only/journal.jsonl")
}

/// Journals nothing can be written to, the files and directories made for them in `scratch`.
fn unwritable_journals(scratch: &Scratch) -> Vec<(&'static str, PathBuf)> {
    let regular = scratch.join("a-file");
    std::fs::write(&regular, b"not a directory").expect("file");
    vec![
        ("/dev/full", PathBuf::from("/dev/full")),
        ("/dev/null", PathBuf::from("/dev/null")),
        ("/dev/zero", PathBuf::from("/dev/zero")),
        ("read-only directory", read_only_dir_journal(scratch)),
        ("under a regular file", regular.join("journal.jsonl")),
    ]
}

#[tokio::test]
async fn a_write_whose_intent_cannot_be_journaled_is_never_sent() {
    let Some(env) = Env::new(Server::Dynalite, "journal-faults").await else {
        return;
    };
    env.create(&profile()).await;
    let before = env.all_items().await;
    let writes: [&[&str]; 3] = [
        &[
            "update",
            "--pk",
            "USER#1",
            "--sk",
            "PROFILE",
            "--set",
            "name=\"Eve\"",
        ],
        &["put", "--item", "{\"PK\": \"USER#2\", \"SK\": \"PROFILE\"}"],
        &["delete", "--pk", "USER#1", "--sk", "PROFILE"],
    ];
    let scratch = temp_dir("journal-faults");
    for (what, journal) in unwritable_journals(&scratch) {
        for args in writes {
            let run = ddbx(&env, &journal, args);
            run.refused(2, &["cannot write the journal", "nothing was sent"]);
            assert_eq!(
                env.all_items().await,
                before,
                "{what}: {args:?} changed the table"
            );
        }
    }
    env.drop().await;
}

/// Records the intent of renaming the profile to `name`, as a write about to be sent does.
async fn intent_of_rename(
    env: &Env,
    journal: &Journal,
    name: &str,
) -> ddbx::domain::edit::PlannedWrite {
    let read = env.read(&key()).await.expect("exists");
    let mut edited = read.clone();
    edited.insert("name".into(), AttrValue::s(name));
    let planned = plan_edit(&env.ctx(), &read, &edited, AUTO).expect("valid");
    let entry = JournalEntry::intent(&env.backend().connection(), &env.table, &planned, key());
    journal.append_intent(&entry).expect("intent recorded");
    planned
}

fn key() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("USER#1")),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
    ])
}

#[tokio::test]
async fn undo_settles_a_write_sent_but_never_confirmed_by_reading_the_item() {
    let Some(env) = Env::new(Server::Dynalite, "journal-pending").await else {
        return;
    };
    env.create(&profile()).await;
    let dir = temp_dir("journal-pending");
    let journal = Journal::open(dir.join("journal.jsonl"));

    // Sent, then "crashed" before the outcome: the item is as the intent expected.
    let planned = intent_of_rename(&env, &journal, "Eve").await;
    env.execute(&planned).await.expect("sent");
    assert!(journal.entries().expect("readable")[0].pending);
    ddbx(&env, journal.path(), &["undo"]).success();
    let name = |item: Option<Item>| item.and_then(|item| item.get("name").cloned());
    assert_eq!(name(env.read(&key()).await), Some(AttrValue::s("Ada")));

    // Recorded, then "crashed" before sending: the item is as read, so the last write never
    // happened. Undo says so and stops: it does not reach past it to an older write.
    intent_of_rename(&env, &journal, "Mallory").await;
    ddbx(&env, journal.path(), &["undo"]).refused(1, &["was never applied", "nothing undone"]);
    assert_eq!(name(env.read(&key()).await), Some(AttrValue::s("Ada")));
    // Asked again, the newest settled write is the undo itself (Ada → Eve → Ada), so undoing
    // it renames to Eve.
    ddbx(&env, journal.path(), &["undo"]).success();
    assert_eq!(name(env.read(&key()).await), Some(AttrValue::s("Eve")));

    // Someone else wrote after an unconfirmed intent: nothing is undone automatically.
    let planned = intent_of_rename(&env, &journal, "Zed").await;
    env.execute(&planned).await.expect("sent");
    let read = env.read(&key()).await.expect("exists");
    let mut other = read.clone();
    other.insert("name".into(), AttrValue::s("Other"));
    env.execute(&plan_edit(&env.ctx(), &read, &other, AUTO).expect("valid"))
        .await
        .expect("sent");
    ddbx(&env, journal.path(), &["undo"]).refused(1, &["neither as before nor as after"]);
    assert_eq!(name(env.read(&key()).await), Some(AttrValue::s("Other")));
    env.drop().await;
}
