//! The editor: the preview of a one-field edit, no-op and bad-JSON saves, leaving, switching
//! format, and editing from a partition row.

use super::support::*;

#[tokio::test]
async fn editing_a_field_previews_exactly_the_set_and_version_condition_and_confirming_writes_version_plus_one()
 {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    assert!(text.contains("\"Ada\""), "{text}");
    set_text(&mut harness, text.replace("\"Ada\"", "\"Grace\"")).await;
    harness.act(Action::SaveEdit).await;
    let EditStage::Review(review) = stage(&harness) else {
        panic!("the preview opens on save");
    };
    let WritePlan::Update(update) = &review.planned.plan else {
        panic!("an UpdateItem: {:?}", review.planned.plan);
    };
    assert_eq!(
        review.planned.diff.attributes(),
        vec!["name"],
        "only the changed attribute"
    );
    // Exactly the changed attribute and the version bump, conditioned on the version read.
    assert_eq!(update.update, "SET #name = :v0, version = :v1");
    assert_eq!(update.condition.expression, "version = :v2");
    assert_eq!(
        update.params.names,
        [("#name".to_owned(), "name".to_owned())].into()
    );
    assert_eq!(
        update.params.values,
        [
            (":v0".to_owned(), AttrValue::s("Grace")),
            (":v1".to_owned(), number("4")),
            (":v2".to_owned(), number("3")),
        ]
        .into()
    );
    let preview = request_text(&harness);
    assert!(preview.contains(&update.update), "{preview}");
    assert!(preview.contains(&update.condition.expression), "{preview}");
    assert!(
        harness.writes().is_empty(),
        "nothing sent before confirming"
    );

    harness.act(Action::Confirm).await;
    assert_eq!(harness.writes().len(), 1);
    assert!(harness.state.edits.flow.is_none(), "{}", notice(&harness));
    let now = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("still there");
    assert_eq!(now.get("name"), Some(&AttrValue::s("Grace")));
    assert_eq!(now.get("version"), Some(&number("4")));
    assert_eq!(now.get("city"), Some(&AttrValue::s("Lisbon")));
    assert_eq!(
        inspected(&harness),
        &now,
        "the inspector shows the item as written"
    );
}

#[tokio::test]
async fn saving_an_unchanged_item_sends_nothing_and_stays_in_the_editor() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    harness.act(Action::SaveEdit).await;
    assert!(matches!(stage(&harness), EditStage::Editing));
    assert!(harness.writes().is_empty());
    assert!(
        notice(&harness).contains("nothing to send"),
        "{}",
        notice(&harness)
    );
}

#[tokio::test]
async fn typing_bad_json_shows_line_and_column_and_saving_sends_nothing() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    // The cursor starts at line 1, column 1: a stray character there breaks the JSON.
    harness
        .act(Action::EditorKey(Key::plain(KeyCode::Char('x'))))
        .await;
    let flow = harness.state.edits.flow.as_ref().expect("editing");
    let editor = flow.editor.as_ref().expect("editor");
    let error = editor
        .parsed
        .as_ref()
        .expect_err("bad JSON is reported while typing");
    assert_eq!((error.line, error.column), (1, 1), "{error:?}");
    assert!(editor.is_dirty());
    harness.act(Action::SaveEdit).await;
    assert!(harness.writes().is_empty());
    assert!(
        notice(&harness).contains("line 1, column 1"),
        "{}",
        notice(&harness)
    );
    // Backspace repairs it.
    harness
        .act(Action::EditorKey(Key::plain(KeyCode::Backspace)))
        .await;
    let editor = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref());
    assert!(editor.is_some_and(|editor| editor.parsed.is_ok() && !editor.is_dirty()));
}

#[tokio::test]
async fn leaving_with_unsaved_changes_asks_first_and_discarding_writes_nothing() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("Lisbon", "Porto")).await;
    harness.act(Action::Back).await;
    assert_eq!(harness.state.overlay, Some(Overlay::ConfirmDiscardEdit));
    harness.act(Action::Back).await;
    assert_eq!(harness.state.overlay, None, "no: keep editing");
    assert!(editor_text(&harness).contains("Porto"));
    harness.act(Action::Back).await;
    harness.act(Action::Confirm).await;
    assert!(harness.state.edits.flow.is_none());
    assert!(harness.writes().is_empty());
}

#[tokio::test]
async fn switching_format_shows_typed_json_of_the_same_item_and_back() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    let original = inspected(&harness).clone();
    harness.act(Action::EditItem).await;
    harness.act(Action::SwitchEditFormat).await;
    let typed = editor_text(&harness);
    assert_eq!(
        typed,
        render_for_edit(&original, EditFormat::TypedJson).trim_end()
    );
    let editor = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.editor.as_ref());
    assert!(
        editor.is_some_and(|editor| !editor.is_dirty() && editor.parsed == Ok(original.clone()))
    );
    harness.act(Action::SwitchEditFormat).await;
    assert_eq!(
        editor_text(&harness),
        render_for_edit(&original, EditFormat::DdbJson).trim_end()
    );
}

#[tokio::test]
async fn editing_from_a_partition_row_writes_that_item_and_reads_the_partition_again() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    harness
        .act_all([Action::Open, Action::Open, Action::CursorDown])
        .await;
    let View::Partition { cursor, .. } = harness.state.views.current() else {
        panic!("partition expected: {:?}", harness.state.views.current());
    };
    assert_eq!(*cursor, 1, "the first item row, under its group header");
    harness.act(Action::EditItem).await;
    let original = harness
        .state
        .edits
        .flow
        .as_ref()
        .and_then(|flow| flow.original.clone());
    let original = original.expect("the row's item is being edited");
    assert_eq!(
        original.get("SK"),
        Some(&AttrValue::s("METADATA")),
        "{original:?}"
    );
    let queries_before = harness.queries().len();
    let text = editor_text(&harness).replace("Lisbon", "Porto");
    set_text(&mut harness, text).await;
    harness.act(Action::SaveEdit).await;
    harness.act(Action::Confirm).await;
    assert_eq!(harness.writes().len(), 1, "{:?}", harness.state.notice);
    assert_eq!(
        harness.queries().len(),
        queries_before + 1,
        "the partition is read again"
    );
    let partition = first_partition(&harness.state);
    let shown: Vec<Option<AttrValue>> = partition
        .items
        .items()
        .iter()
        .map(|item| item.get("city").cloned())
        .collect();
    assert!(shown.contains(&Some(AttrValue::s("Porto"))), "{shown:?}");
}
