//! The journal records every write with its before and after images (file mode 0600, no
//! credentials), and undo restores the before-image only while the item is still the
//! after-image.

use std::os::unix::fs::PermissionsExt;

use ddbx::domain::edit::{WritePlan, plan_create, plan_delete, plan_edit};
use ddbx::domain::value::{AttrValue, Item};
use ddbx::journal::{Journal, plan_undo};
use ddbx::write::{WriteOutcome, execute_and_journal};

use crate::harness::{AUTO, Env};
use crate::support::Server;
use crate::support::scratch::Scratch;

/// A journal in a directory of its own, removed when the `Scratch` is dropped.
fn temp_journal() -> (Scratch, Journal) {
    let dir = Scratch::new("journal");
    let journal = Journal::open(dir.join("state").join("ddbx").join("journal.jsonl"));
    (dir, journal)
}

fn profile() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("USER#9")),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
        ("name".to_owned(), AttrValue::s("Grace")),
        ("version".to_owned(), AttrValue::n(1)),
    ])
}

async fn write(
    env: &Env,
    journal: &Journal,
    planned: &ddbx::domain::edit::PlannedWrite,
) -> WriteOutcome {
    execute_and_journal(env.backend(), &env.table, planned, Some(journal))
        .await
        .expect("sent")
        .expect("journaled")
}

/// Creates `profile()` through the journaled write path.
async fn create_profile(env: &Env, journal: &Journal) -> WriteOutcome {
    write(
        env,
        journal,
        &plan_create(&env.ctx(), &profile()).expect("valid"),
    )
    .await
}

/// The journal file's mode bits as stored on disk.
fn file_mode(journal: &Journal) -> u32 {
    std::fs::metadata(journal.path())
        .expect("journal exists")
        .permissions()
        .mode()
}

#[tokio::test]
async fn every_write_is_journaled_privately_and_undo_walks_back_through_them() {
    let env = Env::new(Server::Memory, "edit-journal")
        .await
        .expect("memory is always there");
    let (_dir, journal) = temp_journal();
    let key = env.description.primary_key_of(&profile()).expect("key");

    // Create, then edit.
    create_profile(&env, &journal).await;
    let mode = file_mode(&journal);
    assert_eq!(mode & 0o777, 0o600, "journal mode {mode:o}");
    let read = env.read(&key).await.expect("exists");
    let mut edited = read.clone();
    edited.insert("name".into(), AttrValue::s("Grace H."));
    write(
        &env,
        &journal,
        &plan_edit(&env.ctx(), &read, &edited, AUTO).expect("valid"),
    )
    .await;

    let entries = journal.entries().expect("readable");
    assert_eq!(entries.len(), 2);
    let last = journal
        .last_for_table(&env.table)
        .expect("readable")
        .expect("an entry");
    assert_eq!(last.operation, "UpdateItem");
    assert_eq!(last.key, key);
    assert_eq!(last.before.as_ref(), Some(&read));
    let after = env.read(&key).await.expect("exists");
    assert_eq!(last.after.as_ref(), Some(&after));
    assert!(
        last.request.contains("ConditionExpression: version = "),
        "{}",
        last.request
    );
    assert_eq!(last.connection.kind, "memory");
    assert!(
        journal
            .last_for_table("other-table")
            .expect("readable")
            .is_none()
    );
    assert_eq!(
        journal
            .last_for(&env.table, &last.connection)
            .expect("readable")
            .as_ref(),
        Some(&last)
    );
    let elsewhere = ddbx::journal::JournalConnection {
        endpoint: Some("http://127.0.0.1:1".to_owned()),
        ..last.connection.clone()
    };
    assert!(
        journal
            .last_for(&env.table, &elsewhere)
            .expect("readable")
            .is_none()
    );

    // Undo the edit: the name comes back, the version moves forward.
    let undo = plan_undo(&env.ctx(), &last).expect("undoable");
    write(&env, &journal, &undo).await;
    let restored = env.read(&key).await.expect("exists");
    assert_eq!(restored.get("name"), Some(&AttrValue::s("Grace")));
    assert_eq!(restored.get("version"), Some(&AttrValue::n(3)));

    // Undoing the edit again is refused: the item is no longer its after-image.
    let again = plan_undo(&env.ctx(), &last).expect("plannable");
    assert!(matches!(
        env.execute(&again).await,
        Ok(WriteOutcome::Conflict { .. })
    ));
    assert_eq!(env.read(&key).await, Some(restored.clone()));

    // Delete, then undo the delete: the item is back exactly.
    write(
        &env,
        &journal,
        &plan_delete(&env.ctx(), &restored, AUTO).expect("valid"),
    )
    .await;
    assert_eq!(env.read(&key).await, None);
    let deleted = journal
        .last_for_table(&env.table)
        .expect("readable")
        .expect("entry");
    assert_eq!(
        (deleted.before.as_ref(), deleted.after.as_ref()),
        (Some(&restored), None)
    );
    let undo = plan_undo(&env.ctx(), &deleted).expect("undoable");
    assert!(matches!(undo.plan, WritePlan::Put(_)));
    write(&env, &journal, &undo).await;
    assert_eq!(env.read(&key).await, Some(restored));

    // Undo of a create deletes the item, conditioned on it being unchanged.
    let created = &journal.entries().expect("readable")[0];
    assert_eq!(created.before, None);
    let undo = plan_undo(&env.ctx(), created).expect("undoable");
    assert!(
        matches!(env.execute(&undo).await, Ok(WriteOutcome::Conflict { .. })),
        "the item changed since it was created"
    );
}

#[tokio::test]
async fn a_journal_found_with_a_wider_mode_is_narrowed_to_owner_only() {
    let env = Env::new(Server::Memory, "edit-journal-mode")
        .await
        .expect("memory");
    let (_dir, journal) = temp_journal();
    let dir = journal.path().parent().expect("has a directory");
    std::fs::create_dir_all(dir).expect("directory");
    std::fs::write(journal.path(), "").expect("file");
    std::fs::set_permissions(journal.path(), std::fs::Permissions::from_mode(0o644))
        .expect("chmod");
    create_profile(&env, &journal).await;
    let mode = file_mode(&journal);
    assert_eq!(mode & 0o777, 0o600, "journal mode {mode:o}");
    assert_eq!(journal.entries().expect("readable").len(), 1);
}

#[tokio::test]
async fn a_key_change_moves_the_item_and_refuses_an_existing_target() {
    let env = Env::new(Server::Memory, "edit-move")
        .await
        .expect("memory is always there");
    let (_dir, journal) = temp_journal();
    let original = profile();
    env.create(&original).await;
    let mut occupied = original.clone();
    occupied.insert("SK".into(), AttrValue::s("TAKEN"));
    env.create(&occupied).await;

    let mut moved = original.clone();
    moved.insert("SK".into(), AttrValue::s("TAKEN"));
    let planned = plan_edit(&env.ctx(), &original, &moved, AUTO).expect("valid");
    let outcome = env.execute(&planned).await.expect("sent");
    let WriteOutcome::TargetExists { key, existing } = outcome else {
        panic!("expected the target to exist: {outcome:?}");
    };
    assert_eq!(key.get("SK"), Some(&AttrValue::s("TAKEN")));
    assert_eq!(existing, Some(occupied));
    let old_key = env.description.primary_key_of(&original).expect("key");
    assert_eq!(
        env.read(&old_key).await,
        Some(original.clone()),
        "nothing moved"
    );

    moved.insert("SK".into(), AttrValue::s("FREE"));
    let planned = plan_edit(&env.ctx(), &original, &moved, AUTO).expect("valid");
    write(&env, &journal, &planned).await;
    assert_eq!(env.read(&old_key).await, None);
    let new_key = env.description.primary_key_of(&moved).expect("key");
    let mut expected = moved.clone();
    expected.insert("version".into(), AttrValue::n(2));
    assert_eq!(env.read(&new_key).await, Some(expected));

    // Undo moves it back.
    let entry = journal
        .last_for_table(&env.table)
        .expect("readable")
        .expect("entry");
    assert_eq!(entry.operation, "TransactWriteItems");
    write(
        &env,
        &journal,
        &plan_undo(&env.ctx(), &entry).expect("undoable"),
    )
    .await;
    assert_eq!(env.read(&new_key).await, None);
    let back = env.read(&old_key).await.expect("moved back");
    assert_eq!(back.get("name"), Some(&AttrValue::s("Grace")));
    assert_eq!(back.get("version"), Some(&AttrValue::n(3)));
}
