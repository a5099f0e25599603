//! Safety nets: read-only refuses, the typed table name on real AWS, undo from the journal.

use super::support::*;
use ddbx::app::state::text_field::TextField;

#[tokio::test]
async fn read_only_refuses_every_write_key_without_sending_a_request() {
    let backend: Arc<dyn Backend> = Arc::new(ReadOnly::new(Arc::new(memory())));
    let mut harness = inspecting(backend, "USER#u1", "METADATA").await;
    journal_path(&mut harness, "read-only");
    for action in [
        Action::EditItem,
        Action::NewItem,
        Action::DuplicateItem,
        Action::DeleteItem,
        Action::Undo,
    ] {
        harness.state.notice = None;
        harness.act(action.clone()).await;
        assert!(harness.state.edits.flow.is_none(), "{action:?}");
        assert!(
            notice(&harness).contains("read-only"),
            "{action:?}: {}",
            notice(&harness)
        );
    }
    assert!(harness.writes().is_empty());
    assert!(
        !harness
            .side_effects
            .iter()
            .chain(&harness.requests)
            .any(|command| matches!(
                command,
                Command::Read(job) if matches!(job.read, Read::LastWrite { .. })
            )),
        "undo does not even read the journal"
    );
}

#[tokio::test]
async fn the_first_write_to_real_aws_asks_for_the_table_name_and_a_wrong_name_sends_nothing() {
    let backend: Arc<dyn Backend> = Arc::new(memory().with_connection_kind("aws", None));
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "Lisbon", "Porto").await;
    harness.act(Action::Confirm).await;
    assert_eq!(
        harness.state.overlay,
        Some(Overlay::TypeTableName(TextField::default()))
    );
    for c in "Shoq".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert!(harness.writes().is_empty(), "a wrong name sends nothing");
    assert!(notice(&harness).contains("not the table name"));
    harness.act(Action::Confirm).await;
    for c in "Shop".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert_eq!(harness.writes().len(), 1);
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("city"), Some(&AttrValue::s("Porto")));
    // Later writes of the session do not ask again.
    edit_and_save(&mut harness, "Porto", "Faro").await;
    harness.act(Action::Confirm).await;
    assert_eq!(harness.state.overlay, None);
    assert_eq!(harness.writes().len(), 2);
}

#[tokio::test]
async fn undo_previews_the_journal_entry_and_restores_the_old_value() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    let path = journal_path(&mut harness, "undo");
    harness.act(Action::Undo).await;
    assert!(
        notice(&harness).contains("nothing to undo"),
        "{}",
        notice(&harness)
    );
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    harness.act(Action::Confirm).await;
    assert!(path.exists(), "the write was journaled");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&path)
            .expect("journal")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    harness.act(Action::Undo).await;
    let EditStage::Review(review) = stage(&harness) else {
        panic!("undo shows a preview: {}", notice(&harness));
    };
    assert_eq!(
        harness.state.edits.flow.as_ref().map(|flow| flow.purpose),
        Some(EditPurpose::Undo)
    );
    assert!(
        review.request_text.contains("Ada"),
        "{}",
        review.request_text
    );
    let writes = harness.writes().len();
    harness.act(Action::Confirm).await;
    assert_eq!(harness.writes().len(), writes + 1);
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("name"), Some(&AttrValue::s("Ada")));
    assert_eq!(inspected(&harness).get("name"), Some(&AttrValue::s("Ada")));
    let _ = std::fs::remove_dir_all(path.parent().and_then(|p| p.parent()).expect("dir"));
}

#[tokio::test]
async fn undo_after_someone_else_wrote_shows_the_conflict_and_overwrites_nothing() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    let path = journal_path(&mut harness, "undo-conflict");
    edit_and_save(&mut harness, "Lisbon", "Porto").await;
    harness.act(Action::Confirm).await;
    // Version 4 now; another client renames and moves it to 4 again (a different write).
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Undo).await;
    harness.act(Action::Confirm).await;
    let EditStage::Conflict(conflict) = stage(&harness) else {
        panic!("conflict expected: {}", notice(&harness));
    };
    assert_eq!(
        conflict.current.as_ref().and_then(|item| item.get("name")),
        Some(&AttrValue::s("Hopper"))
    );
    assert!(conflict.rebased.is_err(), "no re-apply for an undo");
    harness.act(Action::DiscardEdit).await;
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("name"), Some(&AttrValue::s("Hopper")));
    assert_eq!(
        now.get("city"),
        Some(&AttrValue::s("Porto")),
        "the undo was not applied"
    );
    let _ = std::fs::remove_dir_all(path.parent().and_then(|p| p.parent()).expect("dir"));
}

#[tokio::test]
async fn undo_never_reverts_one_write_of_a_bulk_run_and_names_the_run() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    let path = journal_path(&mut harness, "undo-part-of-run");
    edit_and_save(&mut harness, "Lisbon", "Porto").await;
    harness.act(Action::Confirm).await;
    // The same write, as a bulk run journals each of its items.
    let text = std::fs::read_to_string(&path).expect("the journal");
    assert!(text.contains("\"batch\":null"), "{text}");
    std::fs::write(&path, text.replace("\"batch\":null", "\"batch\":\"run-7\"")).expect("journal");
    harness.state.notice = None;
    harness.act(Action::Undo).await;
    assert!(
        harness.state.edits.flow.is_none(),
        "no undo of one item is offered"
    );
    let said = notice(&harness);
    assert!(
        said.contains("part of bulk run run-7") && said.contains("nothing undone"),
        "{said}"
    );
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("city"), Some(&AttrValue::s("Porto")));
    let _ = std::fs::remove_dir_all(path.parent().and_then(|p| p.parent()).expect("dir"));
}
