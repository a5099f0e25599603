//! Writes beyond a field edit: key moves, new items, duplicates, deletes, the condition switch
//! and a configured version attribute.

use super::support::*;

#[tokio::test]
async fn changing_the_sort_key_is_previewed_as_a_transaction_and_moves_the_item() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    edit_and_save(&mut harness, "ORDER#o1", "ORDER#o9").await;
    let preview = request_text(&harness);
    assert!(preview.starts_with("TransactWriteItems"), "{preview}");
    harness.act(Action::Confirm).await;
    assert!(
        stored(backend.as_ref(), "USER#u1", "ORDER#o1")
            .await
            .is_none()
    );
    let moved = stored(backend.as_ref(), "USER#u1", "ORDER#o9")
        .await
        .expect("moved");
    assert_eq!(moved.get("status"), Some(&AttrValue::s("PENDING")));
    assert_eq!(inspected(&harness), &moved);
}

#[tokio::test]
async fn a_new_item_starts_from_the_entity_and_is_created_only_where_no_item_exists() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.act(Action::NewItem).await;
    let flow = harness.state.edits.flow.as_ref().expect("editor");
    assert_eq!(flow.purpose, EditPurpose::Create);
    let template = flow
        .editor
        .as_ref()
        .and_then(|editor| editor.parsed.clone().ok());
    let template = template.expect("the template parses");
    assert_eq!(
        template.get("SK"),
        Some(&AttrValue::s("ORDER#")),
        "key prefix kept"
    );
    assert_eq!(template.get("status"), Some(&AttrValue::s("PENDING")));
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("\"ORDER#\"", "\"ORDER#o2\"")).await;
    harness.act(Action::SaveEdit).await;
    let preview = request_text(&harness);
    assert!(preview.contains("PutItem"), "{preview}");
    assert!(preview.contains("attribute_not_exists"), "{preview}");
    harness.act(Action::Confirm).await;
    let created = stored(backend.as_ref(), "USER#u1", "ORDER#o2").await;
    let created = created.unwrap_or_else(|| {
        panic!(
            "not created: {} {:?}",
            notice(&harness),
            inspected(&harness)
        )
    });
    assert_eq!(inspected(&harness), &created);
}

#[tokio::test]
async fn a_new_item_like_a_metadata_item_gets_a_new_partition_key() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::NewItem).await;
    let template = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .and_then(|editor| editor.parsed.clone().ok())
        .expect("the template parses");
    assert_eq!(template.get("PK"), Some(&AttrValue::s("USER#")));
    assert_eq!(template.get("SK"), Some(&AttrValue::s("METADATA")));
}

#[tokio::test]
async fn a_duplicate_needs_a_new_key_and_leaves_the_original_in_place() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.act(Action::DuplicateItem).await;
    harness.act(Action::SaveEdit).await;
    assert!(notice(&harness).contains("new key"), "{}", notice(&harness));
    assert!(harness.writes().is_empty());
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("ORDER#o1", "ORDER#o3")).await;
    harness.act(Action::SaveEdit).await;
    harness.act(Action::Confirm).await;
    assert!(
        stored(backend.as_ref(), "USER#u1", "ORDER#o1")
            .await
            .is_some()
    );
    let copy = stored(backend.as_ref(), "USER#u1", "ORDER#o3")
        .await
        .expect("copy");
    assert_eq!(copy.get("status"), Some(&AttrValue::s("PENDING")));
}

#[tokio::test]
async fn delete_is_previewed_and_only_the_confirmation_deletes() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    harness.act(Action::DeleteItem).await;
    let preview = request_text(&harness);
    assert!(preview.contains("DeleteItem"), "{preview}");
    harness.act(Action::Back).await;
    assert!(harness.state.edits.flow.is_none());
    assert!(
        stored(backend.as_ref(), "USER#u1", "METADATA")
            .await
            .is_some()
    );
    harness.act(Action::DeleteItem).await;
    harness.act(Action::Confirm).await;
    assert!(
        stored(backend.as_ref(), "USER#u1", "METADATA")
            .await
            .is_none()
    );
    assert!(
        !matches!(harness.state.views.current(), View::Inspector(_)),
        "the inspector of a deleted item closes"
    );
}

#[tokio::test]
async fn the_condition_switch_replans_the_same_change_with_changed_values_then_the_whole_item() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    edit_and_save(&mut harness, "Lisbon", "Porto").await;
    let condition = |harness: &Harness| match stage(harness) {
        EditStage::Review(review) => match &review.planned.plan {
            WritePlan::Update(update) => update.condition.expression.clone(),
            other => panic!("update expected: {other:?}"),
        },
        other => panic!("preview expected: {other:?}"),
    };
    assert_eq!(condition(&harness), "version = :v2");
    harness.act(Action::CycleConditionMode).await;
    let changed_values = condition(&harness);
    assert!(!changed_values.contains("version"), "{changed_values}");
    assert!(changed_values.contains("city"), "{changed_values}");
    harness.act(Action::CycleConditionMode).await;
    let whole_item = condition(&harness);
    assert!(
        whole_item.contains("#name") || whole_item.contains("name"),
        "{whole_item}"
    );
    assert!(whole_item.contains("city"), "{whole_item}");
    assert!(harness.writes().is_empty());
}

#[tokio::test]
async fn a_configured_version_attribute_conditions_the_write_and_is_incremented() {
    let mut order = item(&[("PK", "USER#u1"), ("SK", "ORDER#o1"), ("status", "PENDING")]);
    order.insert("rev".to_owned(), number("9"));
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), [order]).expect("valid item"));
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.state.session.version_attribute = Some("rev".to_owned());
    edit_and_save(&mut harness, "PENDING", "SHIPPED").await;
    let preview = request_text(&harness);
    assert!(
        preview.contains("ConditionExpression: rev = :"),
        "{preview}"
    );
    harness.act(Action::Confirm).await;
    let now = stored(backend.as_ref(), "USER#u1", "ORDER#o1")
        .await
        .expect("item");
    assert_eq!(now.get("rev"), Some(&number("10")));
    assert_eq!(now.get("status"), Some(&AttrValue::s("SHIPPED")));
}
