//! A write that never left is journaled as not written; one whose answer was lost stays pending.
//! The endpoint is a fault proxy in front of dynalite: stopped, its port refuses connections (a
//! server that went down, a VPN that dropped); resetting connections after reading the request,
//! it is a server that vanished mid-answer. Undo passes over the first and settles the second.

use std::sync::Arc;

use ddbx::backend::BackendError;
use ddbx::backend::aws::{AwsBackend, AwsOptions};
use ddbx::domain::edit::plan_edit;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::journal::Journal;
use ddbx::write::{WriteError, execute_and_journal};

use crate::harness::{AUTO, Env};
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::fault_proxy::{Fault, FaultProxy, Plan};
use crate::support::scratch::Scratch;

fn key() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("USER#1")),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
    ])
}

fn profile() -> Item {
    let mut item = key();
    item.insert("name".to_owned(), AttrValue::s("Ada"));
    item
}

fn passing() -> Plan {
    Arc::new(|_, _| Fault::Pass)
}

fn ddbx(endpoint: &str, table: &str, journal: &std::path::Path, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command
        .env("DDBX_JOURNAL", journal)
        .args(["--endpoint-url", endpoint, "--table", table])
        .args(args);
    run_command(command)
}

fn rename_to(name: &str) -> Vec<String> {
    ["update", "--pk", "USER#1", "--sk", "PROFILE", "--set"]
        .map(str::to_owned)
        .into_iter()
        .chain([format!("name=\"{name}\"")])
        .collect()
}

async fn backend_at(endpoint: &str) -> AwsBackend {
    AwsBackend::connect(AwsOptions {
        profile: None,
        region: Some("us-east-1".to_owned()),
        endpoint_url: Some(endpoint.to_owned()),
    })
    .await
    .expect("a client (nothing is sent to connect)")
}

async fn name_of(env: &Env) -> Option<AttrValue> {
    env.read(&key())
        .await
        .and_then(|item| item.get("name").cloned())
}

/// Sends a rename to `name` through `backend`, journaled in `journal`, planned from the item
/// as dynalite holds it.
async fn journaled_rename(
    env: &Env,
    backend: &AwsBackend,
    journal: &Journal,
    name: &str,
) -> WriteError {
    let read = env.read(&key()).await.expect("the profile exists");
    let mut edited = read.clone();
    edited.insert("name".into(), AttrValue::s(name));
    let planned = plan_edit(&env.ctx(), &read, &edited, AUTO).expect("a valid edit");
    execute_and_journal(backend, &env.table, &planned, Some(journal))
        .await
        .expect_err("the write cannot succeed")
}

#[tokio::test]
async fn a_write_refused_at_connect_is_journaled_as_not_written_and_undo_passes_it() {
    let Some(env) = Env::new(Server::Dynalite, "unsent-write").await else {
        return;
    };
    let dynalite = env.endpoint.clone().expect("a server endpoint");
    env.create(&profile()).await;
    let dir = Scratch::new("unsent-write");
    let journal = Journal::open(dir.join("journal.jsonl"));

    let proxy = FaultProxy::start(Some(&dynalite), passing());
    let (port, endpoint) = (proxy.port(), proxy.endpoint());
    let rename = rename_to("Eve");
    let args: Vec<&str> = rename.iter().map(String::as_str).collect();
    ddbx(&endpoint, &env.table, journal.path(), &args).success();
    let backend = backend_at(&endpoint).await;
    proxy.close();

    let error = journaled_rename(&env, &backend, &journal, "Mallory").await;
    assert!(
        matches!(error, WriteError::Backend(BackendError::NotSent(_))),
        "a refused connection is classified as never sent: {error}"
    );
    let entries = journal.entries().expect("a readable journal");
    assert!(
        entries.iter().all(|entry| !entry.pending),
        "no entry is left pending: {entries:#?}"
    );
    assert!(
        entries.iter().all(
            |entry| entry.after.as_ref().and_then(|after| after.get("name"))
                != Some(&AttrValue::s("Mallory"))
        ),
        "the unsent rename is no change in the journal: {entries:#?}"
    );
    assert_eq!(name_of(&env).await, Some(AttrValue::s("Eve")));

    // The endpoint is back: undo reverts the rename that was written, not the one never sent.
    let proxy = FaultProxy::start_at(port, Some(&dynalite), passing());
    let history = ddbx(
        &endpoint,
        &env.table,
        journal.path(),
        &["history", "--pk", "USER#1", "--sk", "PROFILE"],
    )
    .success();
    assert!(
        history.stdout.contains("Eve") && !history.stdout.contains("Mallory"),
        "history shows no change that was never sent:\n{}",
        history.stdout
    );
    ddbx(&endpoint, &env.table, journal.path(), &["undo"]).success();
    assert_eq!(name_of(&env).await, Some(AttrValue::s("Ada")));
    drop(proxy);
    env.drop().await;
}

#[tokio::test]
async fn a_write_whose_connection_broke_after_sending_stays_pending() {
    let Some(env) = Env::new(Server::Dynalite, "lost-answer").await else {
        return;
    };
    let dynalite = env.endpoint.clone().expect("a server endpoint");
    env.create(&profile()).await;
    let dir = Scratch::new("lost-answer");
    let journal = Journal::open(dir.join("journal.jsonl"));

    for (fault, applied) in [(Fault::Reset, false), (Fault::ResetAfterForward, true)] {
        let plan: Plan = {
            let fault = fault.clone();
            Arc::new(move |_, _| fault.clone())
        };
        let proxy = FaultProxy::start(Some(&dynalite), plan);
        let backend = backend_at(&proxy.endpoint()).await;
        let name = if applied { "Eve" } else { "Zed" };
        let error = journaled_rename(&env, &backend, &journal, name).await;
        assert!(
            matches!(error, WriteError::Backend(BackendError::Network(_))),
            "{fault:?}: a connection that broke after the request may have applied it: {error}"
        );
        let entries = journal.entries().expect("a readable journal");
        assert!(
            entries.last().is_some_and(|entry| entry.pending),
            "{fault:?}: the intent stays pending until the item is read: {entries:#?}"
        );
        drop(proxy);
    }
    assert_eq!(name_of(&env).await, Some(AttrValue::s("Eve")));
    env.drop().await;
}
