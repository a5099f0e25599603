//! Conflicts: the 3-way view, re-applying through a new preview, clashes, keep editing, and a
//! move onto a key that exists.

use super::support::*;

#[tokio::test]
async fn a_concurrent_change_gives_the_three_way_view_overwrites_nothing_and_reapplying_needs_a_new_preview()
 {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    // Another client moves the city and the version on, between our read and our save.
    let mut params = ExpressionParams::default();
    params.names.insert("#c".to_owned(), "city".to_owned());
    params.names.insert("#v".to_owned(), "version".to_owned());
    params.values.insert(":c".to_owned(), AttrValue::s("Porto"));
    params.values.insert(":v".to_owned(), number("4"));
    backend
        .update_item(UpdateRequest {
            table: "Shop".to_owned(),
            key: key("USER#u1", "METADATA"),
            update: "SET #c = :c, #v = :v".to_owned(),
            condition: Condition::new("attribute_exists(#c)"),
            params,
            return_values: ReturnValues::None,
        })
        .await
        .expect("the other client's write");
    harness.act(Action::Confirm).await;
    let EditStage::Conflict(conflict) = stage(&harness) else {
        panic!("conflict view expected: {}", notice(&harness));
    };
    assert_eq!(
        conflict.current.as_ref().and_then(|item| item.get("city")),
        Some(&AttrValue::s("Porto"))
    );
    assert!(
        conflict.rebased.is_ok(),
        "disjoint changes can be re-applied"
    );
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(
        now.get("name"),
        Some(&AttrValue::s("Ada")),
        "nothing overwritten"
    );
    assert_eq!(now.get("city"), Some(&AttrValue::s("Porto")));

    let writes_before = harness.writes().len();
    harness.act(Action::ReapplyChange).await;
    assert_eq!(
        harness.writes().len(),
        writes_before,
        "re-applying only previews"
    );
    let preview = request_text(&harness);
    assert!(preview.contains("Grace"), "{preview}");
    harness.act(Action::Confirm).await;
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("name"), Some(&AttrValue::s("Grace")));
    assert_eq!(
        now.get("city"),
        Some(&AttrValue::s("Porto")),
        "their change survives"
    );
    assert_eq!(now.get("version"), Some(&number("5")));
}

#[tokio::test]
async fn when_both_sides_changed_the_same_attribute_reapplying_is_refused_and_nothing_is_written() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "\"Ada\"", "\"Grace\"").await;
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Confirm).await;
    let EditStage::Conflict(conflict) = stage(&harness) else {
        panic!("conflict view expected");
    };
    assert_eq!(conflict.rebased, Err(vec!["name".to_owned()]));
    harness.act(Action::ReapplyChange).await;
    assert!(
        matches!(stage(&harness), EditStage::Conflict(_)),
        "no new preview"
    );
    assert!(
        notice(&harness).contains("cannot re-apply"),
        "{}",
        notice(&harness)
    );
    harness.act(Action::DiscardEdit).await;
    assert!(harness.state.edits.flow.is_none());
    assert_eq!(harness.writes().len(), 1, "only the write that conflicted");
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(
        now.get("name"),
        Some(&AttrValue::s("Hopper")),
        "theirs kept"
    );
}

#[tokio::test]
async fn keep_editing_after_a_conflict_puts_your_changes_on_top_of_the_current_item() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "Lisbon", "Porto").await;
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Confirm).await;
    harness.act(Action::KeepEditing).await;
    assert!(matches!(stage(&harness), EditStage::Editing));
    let original = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.original.clone());
    assert_eq!(
        original.and_then(|item| item.get("name").cloned()),
        Some(AttrValue::s("Hopper")),
        "the baseline is now the current item"
    );
    let text = editor_text(&harness);
    assert!(text.contains("Hopper") && text.contains("Porto"), "{text}");
    harness.act(Action::SaveEdit).await;
    let EditStage::Review(review) = stage(&harness) else {
        panic!("preview expected: {}", notice(&harness));
    };
    assert_eq!(review.planned.diff.attributes(), vec!["city"]);
    harness.act(Action::Confirm).await;
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("item");
    assert_eq!(now.get("name"), Some(&AttrValue::s("Hopper")));
    assert_eq!(now.get("city"), Some(&AttrValue::s("Porto")));
    assert_eq!(now.get("version"), Some(&number("5")));
}

#[tokio::test]
async fn moving_onto_an_existing_key_is_refused_with_the_existing_item_shown_and_nothing_written() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    edit_and_save(&mut harness, "ORDER#o1", "METADATA").await;
    if let EditStage::Review(_) = stage(&harness) {
        harness.act(Action::Confirm).await;
    }
    assert!(
        notice(&harness).contains("already exists"),
        "{}",
        notice(&harness)
    );
    assert!(
        stored(backend.as_ref(), "USER#u1", "ORDER#o1")
            .await
            .is_some()
    );
    let metadata = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("kept");
    assert_eq!(metadata.get("name"), Some(&AttrValue::s("Ada")));
}
