//! `ddbx undo --skip-pending`, the explicit way past a write sent with no answer that reading
//! the item cannot settle. Through a fault proxy in front of DynamoDB Local, an update reaches
//! the server and its answer is lost (the proxy resets the connection after forwarding it);
//! then someone else writes that item, so it is neither as before nor as after the lost write.
//! A plain undo refuses and names the flag; the flag's dry run passes over it and records
//! nothing; the flag undoes the write before it, and no later undo stops at it again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ddbx::domain::edit::plan_edit;
use ddbx::domain::value::{AttrValue, Item};

use crate::harness::{AUTO, Env};
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::fault_proxy::{Fault, FaultProxy, Plan};
use crate::support::scratch::Scratch;

fn user(id: &str) -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s(format!("USER#{id}"))),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
    ])
}

fn named(id: &str, name: &str) -> Item {
    let mut item = user(id);
    item.insert("name".to_owned(), AttrValue::s(name));
    item
}

/// Loses the answer of every `UpdateItem` while `cut` is set; passes everything else.
fn losing_answers(cut: &Arc<AtomicBool>) -> Plan {
    let cut = Arc::clone(cut);
    Arc::new(move |_, target: &str| {
        if cut.load(Ordering::SeqCst) && target.ends_with(".UpdateItem") {
            Fault::ResetAfterForward
        } else {
            Fault::Pass
        }
    })
}

struct Session<'a> {
    endpoint: String,
    table: &'a str,
    journal: std::path::PathBuf,
}

impl Session<'_> {
    fn ddbx(&self, args: &[&str]) -> Run {
        let mut command = ddbx_command();
        command
            .env("DDBX_JOURNAL", &self.journal)
            .args(["--endpoint-url", &self.endpoint, "--table", self.table])
            .args(args);
        run_command(command)
    }

    fn rename(&self, id: &str, name: &str) -> Run {
        let pk = format!("USER#{id}");
        let set = format!("name=\"{name}\"");
        self.ddbx(&["update", "--pk", &pk, "--sk", "PROFILE", "--set", &set])
    }
}

async fn name_of(env: &Env, id: &str) -> Option<AttrValue> {
    env.read(&user(id))
        .await
        .and_then(|item| item.get("name").cloned())
}

#[tokio::test]
async fn undo_skip_pending_passes_over_a_lost_write_it_cannot_settle_and_undoes_the_one_before() {
    let Some(env) = Env::new(Server::DdbLocal, "skip-pending").await else {
        return;
    };
    let upstream = env.endpoint.clone().expect("a server endpoint");
    env.create(&named("1", "Ada")).await;
    env.create(&named("2", "Bob")).await;
    let dir = Scratch::new("skip-pending");
    let cut = Arc::new(AtomicBool::new(false));
    let proxy = FaultProxy::start(Some(&upstream), losing_answers(&cut));
    let session = Session {
        endpoint: proxy.endpoint(),
        table: &env.table,
        journal: dir.join("journal.jsonl"),
    };

    session.rename("2", "Eve").success();
    cut.store(true, Ordering::SeqCst);
    let lost = session.rename("1", "Zed");
    assert_eq!(lost.code, Some(1), "the answer is lost: {}", lost.stderr);
    cut.store(false, Ordering::SeqCst);
    assert_eq!(name_of(&env, "1").await, Some(AttrValue::s("Zed")));
    // Someone else writes the item: it is neither as before nor as after the lost write.
    let read = env.read(&user("1")).await.expect("the user");
    let planned = plan_edit(&env.ctx(), &read, &named("1", "Mallory"), AUTO).expect("an edit");
    env.execute(&planned)
        .await
        .expect("written by another client");

    let refused = session.ddbx(&["undo"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("ddbx undo --skip-pending"),
        "the refusal names the way past it: {}",
        refused.stderr
    );

    let preview = session.ddbx(&["undo", "--skip-pending", "--dry-run"]);
    assert_eq!(preview.code, Some(0), "{}", preview.stderr);
    assert!(
        preview.stderr.contains("passed over: UpdateItem")
            && preview.stderr.contains("dry run: nothing recorded"),
        "{}",
        preview.stderr
    );
    assert!(preview.stdout.contains("Bob"), "{}", preview.stdout);
    assert_eq!(
        session.ddbx(&["undo"]).code,
        Some(1),
        "the dry run records nothing"
    );

    let undone = session.ddbx(&["undo", "--skip-pending"]);
    assert_eq!(undone.code, Some(0), "{}", undone.stderr);
    assert!(
        undone.stderr.contains("whether it was written is unknown"),
        "{}",
        undone.stderr
    );
    assert_eq!(name_of(&env, "2").await, Some(AttrValue::s("Bob")));
    assert_eq!(name_of(&env, "1").await, Some(AttrValue::s("Mallory")));

    let history = session.ddbx(&["history", "--pk", "USER#1", "--sk", "PROFILE"]);
    let history = history.success();
    assert!(
        history.stdout.contains("Zed") && history.stdout.contains("pending"),
        "the lost write stays in the history, pending:\n{}",
        history.stdout
    );
    // No later undo stops at it: the newest write left is the undo just made.
    session.ddbx(&["undo"]).success();
    assert_eq!(name_of(&env, "2").await, Some(AttrValue::s("Eve")));
    drop(proxy);
    env.drop().await;
}
