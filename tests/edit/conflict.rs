//! Conflict: a second client changes the item between read and save → a conflict with the
//! current item, and nothing of theirs is overwritten. Untouched attributes changed meanwhile do
//! not conflict without a version attribute (the minimal diff leaves them alone).

use ddbx::domain::edit::{ConditionMode, plan_delete, plan_edit, rebase};
use ddbx::domain::value::{AttrValue, Item};
use ddbx::write::WriteOutcome;

use crate::harness::{AUTO, Env, on_every_backend};
use crate::support::Server;

fn item(version: Option<i64>) -> Item {
    let mut item = Item::from([
        ("PK".to_owned(), AttrValue::s("ORDER#1")),
        ("SK".to_owned(), AttrValue::s("META")),
        ("status".to_owned(), AttrValue::s("new")),
        ("note".to_owned(), AttrValue::s("")),
    ]);
    if let Some(version) = version {
        item.insert("version".into(), AttrValue::n(version));
    }
    item
}

fn with(mut item: Item, name: &str, value: AttrValue) -> Item {
    item.insert(name.to_owned(), value);
    item
}

async fn a_concurrent_change_is_a_conflict_and_survives(server: Server) {
    let Some(env) = Env::new(server, "edit-conflict").await else {
        return;
    };
    env.create(&item(Some(1))).await;
    let key = env.description.primary_key_of(&item(None)).expect("key");
    let mine_read = env.read(&key).await.expect("exists");

    // The second client edits another attribute and saves first.
    let theirs_read = env.read(&key).await.expect("exists");
    let theirs = with(theirs_read.clone(), "note", AttrValue::s("theirs"));
    let planned = plan_edit(&env.ctx(), &theirs_read, &theirs, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));
    let current = env.read(&key).await.expect("exists");
    assert_eq!(current.get("version"), Some(&AttrValue::n(2)));

    let mine = with(mine_read.clone(), "status", AttrValue::s("paid"));
    let planned = plan_edit(&env.ctx(), &mine_read, &mine, AUTO).expect("valid");
    let gets = env.backend.gets();
    let outcome = env.execute(&planned).await.expect("sent");
    // DynamoDB Local, moto and the engine return the current item with the failure (ALL_OLD);
    // dynalite does not, so the executor re-reads it.
    let rereads = env.backend.gets() - gets;
    let expected_rereads = usize::from(server == Server::Dynalite);
    assert_eq!(
        rereads,
        expected_rereads,
        "{}: re-reads after the conflict",
        server.name()
    );
    assert_eq!(
        outcome,
        WriteOutcome::Conflict {
            current: Some(current.clone())
        },
        "{}",
        server.name()
    );
    assert_eq!(
        env.read(&key).await.as_ref(),
        Some(&current),
        "nothing was overwritten"
    );

    // Deleting with the stale read is refused the same way.
    let planned = plan_delete(&env.ctx(), &mine_read, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Conflict { current: Some(_) })
    ));

    // Re-applying my change on top of theirs, then saving against the current item, works.
    let rebased = rebase(&mine_read, &mine, &current).expect("no attribute clashes");
    let planned = plan_edit(&env.ctx(), &current, &rebased, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));
    let last = env.read(&key).await.expect("exists");
    assert_eq!(last.get("status"), Some(&AttrValue::s("paid")));
    assert_eq!(last.get("note"), Some(&AttrValue::s("theirs")));
    assert_eq!(last.get("version"), Some(&AttrValue::n(3)));
    env.drop().await;
}

async fn without_a_version_only_changed_attributes_can_conflict(server: Server) {
    let Some(env) = Env::new(server, "edit-conflict-values").await else {
        return;
    };
    env.create(&item(None)).await;
    let key = env.description.primary_key_of(&item(None)).expect("key");
    let read = env.read(&key).await.expect("exists");
    // Someone else changes `note`, which this edit does not touch.
    let theirs = with(read.clone(), "note", AttrValue::s("theirs"));
    let planned = plan_edit(&env.ctx(), &read, &theirs, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));
    let mine = with(read.clone(), "status", AttrValue::s("paid"));
    let planned = plan_edit(&env.ctx(), &read, &mine, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));
    let last = env.read(&key).await.expect("exists");
    assert_eq!(
        last.get("note"),
        Some(&AttrValue::s("theirs")),
        "their change survived"
    );
    assert_eq!(last.get("status"), Some(&AttrValue::s("paid")));

    // In whole-item mode the same stale edit conflicts.
    let stale = with(read.clone(), "status", AttrValue::s("void"));
    let planned = plan_edit(&env.ctx(), &read, &stale, ConditionMode::WholeItem).expect("valid");
    assert_eq!(
        env.execute(&planned).await.expect("sent"),
        WriteOutcome::Conflict {
            current: Some(last.clone())
        }
    );
    // And a stale change of the same attribute conflicts in the default mode too.
    let planned = plan_edit(&env.ctx(), &read, &stale, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Conflict { .. })
    ));
    assert_eq!(env.read(&key).await, Some(last));
    env.drop().await;
}

on_every_backend!(
    a_concurrent_change_is_a_conflict_and_survives,
    without_a_version_only_changed_attributes_can_conflict
);

/// A key change is one transaction; an existing target refuses it with the target's key and
/// moves nothing. (dynalite has no transactions, so this runs on the engine and moto.)
async fn a_key_change_into_an_existing_item_is_refused(server: Server) {
    let Some(env) = Env::new(server, "edit-move-target").await else {
        return;
    };
    let original = item(Some(1));
    env.create(&original).await;
    let taken = with(item(None), "SK", AttrValue::s("TAKEN"));
    env.create(&taken).await;
    let moved = with(original.clone(), "SK", AttrValue::s("TAKEN"));
    let planned = plan_edit(&env.ctx(), &original, &moved, AUTO).expect("valid");
    let outcome = env.execute(&planned).await.expect("sent");
    let WriteOutcome::TargetExists { key, existing } = outcome else {
        panic!(
            "{}: expected the target to exist: {outcome:?}",
            server.name()
        );
    };
    assert_eq!(key.get("SK"), Some(&AttrValue::s("TAKEN")));
    assert_eq!(existing.as_ref(), Some(&taken));
    let old_key = env.description.primary_key_of(&original).expect("key");
    assert_eq!(env.read(&old_key).await, Some(original.clone()));

    let free = with(original.clone(), "SK", AttrValue::s("FREE"));
    let planned = plan_edit(&env.ctx(), &original, &free, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));
    assert_eq!(env.read(&old_key).await, None);
    let new_key = env.description.primary_key_of(&free).expect("key");
    assert_eq!(
        env.read(&new_key).await,
        Some(with(free, "version", AttrValue::n(2)))
    );
    env.drop().await;
}

mod a_key_change_into_an_existing_item_is_refused {
    #[tokio::test]
    async fn memory() {
        super::a_key_change_into_an_existing_item_is_refused(crate::support::Server::Memory).await;
    }
    #[tokio::test]
    async fn ddblocal() {
        super::a_key_change_into_an_existing_item_is_refused(crate::support::Server::DdbLocal)
            .await;
    }
    #[tokio::test]
    async fn moto() {
        super::a_key_change_into_an_existing_item_is_refused(crate::support::Server::Moto).await;
    }
}

/// A nested edit writes only the nested paths it changed, so another client's change to a
/// sibling key of the same map, or another element of the same list, survives.
async fn nested_edits_leave_sibling_paths_to_others(server: Server) {
    let Some(env) = Env::new(server, "edit-nested").await else {
        return;
    };
    let address = |city: &str, zip: &str| {
        AttrValue::M(
            [
                ("city".to_owned(), AttrValue::s(city)),
                ("zip".to_owned(), AttrValue::s(zip)),
            ]
            .into(),
        )
    };
    let lines = |a: i64, b: i64| AttrValue::L(vec![AttrValue::n(a), AttrValue::n(b)]);
    let original = with(
        with(item(None), "address", address("Oslo", "0150")),
        "lines",
        lines(1, 2),
    );
    env.create(&original).await;
    let key = env.description.primary_key_of(&original).expect("key");
    let read = env.read(&key).await.expect("exists");

    let theirs = with(
        with(read.clone(), "address", address("Oslo", "9999")),
        "lines",
        lines(1, 20),
    );
    let planned = plan_edit(&env.ctx(), &read, &theirs, AUTO).expect("valid");
    assert!(matches!(
        env.execute(&planned).await,
        Ok(WriteOutcome::Written { .. })
    ));

    let mine = with(
        with(read.clone(), "address", address("Bergen", "0150")),
        "lines",
        lines(10, 2),
    );
    let planned = plan_edit(&env.ctx(), &read, &mine, AUTO).expect("valid");
    let paths: Vec<&str> = planned
        .diff
        .changes
        .iter()
        .map(|c| c.path.as_str())
        .collect();
    assert_eq!(paths, ["address.city", "lines[0]"]);
    let outcome = env.execute(&planned).await.expect("sent");
    assert!(
        matches!(outcome, WriteOutcome::Written { .. }),
        "{}: {outcome:?}",
        server.name()
    );
    let last = env.read(&key).await.expect("exists");
    assert_eq!(last.get("address"), Some(&address("Bergen", "9999")));
    assert_eq!(last.get("lines"), Some(&lines(10, 20)));
    env.drop().await;
}

on_every_backend!(nested_edits_leave_sibling_paths_to_others);
