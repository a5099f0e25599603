//! No lost update: 8 writers each make 100 edits to one item through the edit path, re-reading
//! and retrying when their condition fails. At the end the version counts every successful write
//! and every writer's own counter holds exactly its successful writes.

use std::sync::Arc;

use ddbx::domain::edit::plan_edit;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::write::WriteOutcome;

use crate::harness::{AUTO, Env};
use crate::support::Server;

const WRITERS: usize = 8;
const EDITS_PER_WRITER: u64 = 100;

fn key() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("COUNTER#1")),
        ("SK".to_owned(), AttrValue::s("META")),
    ])
}

fn counter(item: &Item, name: &str) -> i128 {
    item.get(name)
        .and_then(AttrValue::as_n)
        .and_then(|number| number.to_i128())
        .unwrap_or_else(|| panic!("{name} is not an integer in {item:?}"))
}

/// One writer: edits until it has `EDITS_PER_WRITER` successful writes; returns the conflicts
/// it met on the way.
async fn writer(env: Arc<Env>, id: usize) -> u64 {
    let name = format!("w{id}");
    let (mut written, mut conflicts) = (0, 0);
    while written < EDITS_PER_WRITER {
        let original = env.read(&key()).await.expect("the item exists");
        let mut edited = original.clone();
        let mine = counter(&original, &name) + 1;
        edited.insert(
            name.clone(),
            AttrValue::N(mine.to_string().parse().expect("a number")),
        );
        let planned = plan_edit(&env.ctx(), &original, &edited, AUTO).expect("a valid edit");
        match env.execute(&planned).await {
            Ok(WriteOutcome::Written { after, .. }) => {
                let after = after.expect("an update returns ALL_NEW");
                assert_eq!(
                    counter(&after, &name),
                    mine,
                    "my write is in the after-image"
                );
                written += 1;
            }
            Ok(WriteOutcome::Conflict { current }) => {
                assert!(current.is_some(), "the item still exists after a conflict");
                conflicts += 1;
            }
            other => panic!("writer {id}: unexpected outcome {other:?}"),
        }
    }
    conflicts
}

async fn no_lost_update(server: Server) {
    let Some(env) = Env::new(server, "edit-lost-update").await else {
        return;
    };
    let mut item = key();
    item.insert("version".into(), AttrValue::n(0));
    for id in 0..WRITERS {
        item.insert(format!("w{id}"), AttrValue::n(0));
    }
    env.create(&item).await;
    let env = Arc::new(env);
    let tasks: Vec<_> = (0..WRITERS)
        .map(|id| tokio::spawn(writer(env.clone(), id)))
        .collect();
    let mut conflicts = 0;
    for task in tasks {
        conflicts += task.await.expect("a writer finished without panicking");
    }
    let last = env.read(&key()).await.expect("the item exists");
    let total = (WRITERS as u64 * EDITS_PER_WRITER) as i128;
    assert_eq!(counter(&last, "version"), total, "{last:?}");
    for id in 0..WRITERS {
        assert_eq!(
            counter(&last, &format!("w{id}")),
            i128::from(EDITS_PER_WRITER as u32)
        );
    }
    // One create plus every successful and every refused attempt reached the server.
    assert_eq!(env.backend.writes() as u64, 1 + total as u64 + conflicts);
    eprintln!(
        "{}: {total} writes, {conflicts} conflicts retried",
        env.server.name()
    );
    if let Ok(env) = Arc::try_unwrap(env) {
        env.drop().await;
    }
}

mod no_lost_update {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn ddblocal() {
        super::no_lost_update(crate::support::Server::DdbLocal).await;
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn memory() {
        super::no_lost_update(crate::support::Server::Memory).await;
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynalite() {
        super::no_lost_update(crate::support::Server::Dynalite).await;
    }
}
