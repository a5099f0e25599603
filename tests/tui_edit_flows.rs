//! Item edits in the TUI as state-machine flows over the memory engine: keys into `update`, the
//! commands run by the inline worker (writes through editcore's executor, the journal on disk),
//! assertions on the state, on the commands and on what the engine holds afterwards.

mod tui_support;

use std::path::PathBuf;
use std::sync::Arc;

use crossterm::event::KeyCode;
use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::state::edit::{EditPurpose, EditStage};
use ddbx::app::state::{Inspector, Notice, Overlay, Settings, View};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::read_only::ReadOnly;
use ddbx::backend::{
    Backend, Condition, ExpressionParams, GetRequest, ReturnValues, UpdateRequest,
};
use ddbx::domain::edit::{EditFormat, WritePlan, render_for_edit};
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::keymap::Key;
use tui_support::{Harness, item, pk_sk_table};

fn number(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("test number"))
}

/// Ada, version 3, plus an order without a version attribute.
fn items() -> Vec<Item> {
    let mut ada = item(&[("PK", "USER#u1"), ("SK", "METADATA"), ("name", "Ada")]);
    ada.insert("version".to_owned(), number("3"));
    ada.insert("city".to_owned(), AttrValue::s("Lisbon"));
    let order = item(&[("PK", "USER#u1"), ("SK", "ORDER#o1"), ("status", "PENDING")]);
    vec![ada, order]
}

fn memory() -> MemoryBackend {
    MemoryBackend::new(pk_sk_table("Shop"), items()).expect("valid items")
}

fn key(pk: &str, sk: &str) -> Item {
    item(&[("PK", pk), ("SK", sk)])
}

async fn stored(backend: &dyn Backend, pk: &str, sk: &str) -> Option<Item> {
    backend
        .get_item(GetRequest {
            table: "Shop".to_owned(),
            key: key(pk, sk),
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        })
        .await
        .expect("get item")
        .item
}

/// A private journal file path for one test.
fn journal_path(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddbx-tui-edit-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("ddbx").join("journal.jsonl")
}

/// The harness started on `backend`, inspecting the item `pk`/`sk`.
async fn inspecting(backend: Arc<dyn Backend>, pk: &str, sk: &str) -> Harness {
    let item = stored(backend.as_ref(), pk, sk).await.expect("item exists");
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    harness
        .state
        .history
        .open(View::Inspector(Box::new(Inspector::new(item))));
    harness
}

fn stage(harness: &Harness) -> &EditStage {
    &harness.state.edit.as_ref().expect("an edit is open").stage
}

fn editor_text(harness: &Harness) -> String {
    harness
        .state
        .edit
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .expect("the editor is open")
        .text()
}

/// Replaces the editor text the way `$EDITOR` returns it.
async fn set_text(harness: &mut Harness, text: String) {
    harness.act(Action::ExternalEdited(Ok(text))).await;
}

fn request_text(harness: &Harness) -> String {
    match stage(harness) {
        EditStage::Review(review) => review.request_text.clone(),
        other => panic!("expected the preview, found {other:?}"),
    }
}

fn inspected(harness: &Harness) -> &Item {
    match harness.state.history.current() {
        View::Inspector(inspector) => &inspector.item,
        other => panic!("expected the inspector, found {other:?}"),
    }
}

fn notice(harness: &Harness) -> String {
    match &harness.state.notice {
        Some(Notice::Info(text) | Notice::Error(text)) => text.clone(),
        None => String::new(),
    }
}

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
    assert!(harness.state.edit.is_none(), "{}", notice(&harness));
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
    let flow = harness.state.edit.as_ref().expect("editing");
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
        .edit
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
    assert!(harness.state.edit.is_none());
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
        .edit
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
async fn a_concurrent_change_gives_the_three_way_view_overwrites_nothing_and_reapplying_needs_a_new_preview()
 {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("\"Ada\"", "\"Grace\"")).await;
    harness.act(Action::SaveEdit).await;
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
async fn changing_the_sort_key_is_previewed_as_a_transaction_and_moves_the_item() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("ORDER#o1", "ORDER#o9")).await;
    harness.act(Action::SaveEdit).await;
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
    let flow = harness.state.edit.as_ref().expect("editor");
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
    assert!(harness.state.edit.is_none());
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
        !matches!(harness.state.history.current(), View::Inspector(_)),
        "the inspector of a deleted item closes"
    );
}

#[tokio::test]
async fn read_only_refuses_every_write_key_without_sending_a_request() {
    let backend: Arc<dyn Backend> = Arc::new(ReadOnly::new(Arc::new(memory())));
    let mut harness = inspecting(backend, "USER#u1", "METADATA").await;
    harness.state.journal_path = Some(journal_path("read-only"));
    for action in [
        Action::EditItem,
        Action::NewItem,
        Action::DuplicateItem,
        Action::DeleteItem,
        Action::Undo,
    ] {
        harness.state.notice = None;
        harness.act(action.clone()).await;
        assert!(harness.state.edit.is_none(), "{action:?}");
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
            .any(|command| matches!(command, Command::LoadJournal { .. })),
        "undo does not even read the journal"
    );
}

#[tokio::test]
async fn the_first_write_to_real_aws_asks_for_the_table_name_and_a_wrong_name_sends_nothing() {
    let backend: Arc<dyn Backend> = Arc::new(memory().with_connection_kind("aws", None));
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness).replace("Lisbon", "Porto");
    set_text(&mut harness, text).await;
    harness.act(Action::SaveEdit).await;
    harness.act(Action::Confirm).await;
    assert_eq!(
        harness.state.overlay,
        Some(Overlay::TypeTableName(String::new()))
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
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness).replace("Porto", "Faro");
    set_text(&mut harness, text).await;
    harness.act(Action::SaveEdit).await;
    harness.act(Action::Confirm).await;
    assert_eq!(harness.state.overlay, None);
    assert_eq!(harness.writes().len(), 2);
}

#[tokio::test]
async fn undo_previews_the_journal_entry_and_restores_the_old_value() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    let path = journal_path("undo");
    harness.state.journal_path = Some(path.clone());
    harness.act(Action::Undo).await;
    assert!(
        notice(&harness).contains("nothing to undo"),
        "{}",
        notice(&harness)
    );
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("\"Ada\"", "\"Grace\"")).await;
    harness.act(Action::SaveEdit).await;
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
        harness.state.edit.as_ref().map(|flow| flow.purpose),
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
async fn editing_from_a_partition_row_writes_that_item_and_reads_the_partition_again() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    harness
        .act_all([Action::Open, Action::Open, Action::CursorDown])
        .await;
    let View::Partition { cursor, .. } = harness.state.history.current() else {
        panic!("partition expected: {:?}", harness.state.history.current());
    };
    assert_eq!(*cursor, 1, "the first item row, under its group header");
    harness.act(Action::EditItem).await;
    let original = harness
        .state
        .edit
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
    let partition = harness
        .state
        .partitions
        .values()
        .next()
        .expect("partition loaded");
    let shown: Vec<Option<&AttrValue>> = partition
        .items
        .items()
        .iter()
        .map(|item| item.get("city"))
        .collect();
    assert!(shown.contains(&Some(&AttrValue::s("Porto"))), "{shown:?}");
}

#[tokio::test]
async fn a_new_item_like_a_metadata_item_gets_a_new_partition_key() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::NewItem).await;
    let template = harness
        .state
        .edit
        .as_ref()
        .and_then(|flow| flow.editor.as_ref())
        .and_then(|editor| editor.parsed.clone().ok())
        .expect("the template parses");
    assert_eq!(template.get("PK"), Some(&AttrValue::s("USER#")));
    assert_eq!(template.get("SK"), Some(&AttrValue::s("METADATA")));
}

/// Another client's write to `user#u1 / METADATA`: `SET name = :name, version = 4`.
async fn concurrent_rename(backend: &dyn Backend, name: &str) {
    let mut params = ExpressionParams::default();
    params.names.insert("#n".to_owned(), "name".to_owned());
    params.values.insert(":n".to_owned(), AttrValue::s(name));
    params.values.insert(":v".to_owned(), number("4"));
    backend
        .update_item(UpdateRequest {
            table: "Shop".to_owned(),
            key: key("USER#u1", "METADATA"),
            update: "SET #n = :n, version = :v".to_owned(),
            condition: Condition::new("attribute_exists(#n)"),
            params,
            return_values: ReturnValues::None,
        })
        .await
        .expect("the other client's write");
}

#[tokio::test]
async fn when_both_sides_changed_the_same_attribute_reapplying_is_refused_and_nothing_is_written() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("\"Ada\"", "\"Grace\"")).await;
    harness.act(Action::SaveEdit).await;
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
    assert!(harness.state.edit.is_none());
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
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("Lisbon", "Porto")).await;
    harness.act(Action::SaveEdit).await;
    concurrent_rename(backend.as_ref(), "Hopper").await;
    harness.act(Action::Confirm).await;
    harness.act(Action::KeepEditing).await;
    assert!(matches!(stage(&harness), EditStage::Editing));
    let original = harness
        .state
        .edit
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
async fn the_condition_switch_replans_the_same_change_with_changed_values_then_the_whole_item() {
    let mut harness = inspecting(Arc::new(memory()), "USER#u1", "METADATA").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("Lisbon", "Porto")).await;
    harness.act(Action::SaveEdit).await;
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
async fn moving_onto_an_existing_key_is_refused_with_the_existing_item_shown_and_nothing_written() {
    let backend: Arc<dyn Backend> = Arc::new(memory());
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness);
    set_text(&mut harness, text.replace("ORDER#o1", "METADATA")).await;
    harness.act(Action::SaveEdit).await;
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

#[tokio::test]
async fn a_configured_version_attribute_conditions_the_write_and_is_incremented() {
    let mut order = item(&[("PK", "USER#u1"), ("SK", "ORDER#o1"), ("status", "PENDING")]);
    order.insert("rev".to_owned(), number("9"));
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), [order]).expect("valid item"));
    let mut harness = inspecting(Arc::clone(&backend), "USER#u1", "ORDER#o1").await;
    harness.state.version_attribute = Some("rev".to_owned());
    harness.act(Action::EditItem).await;
    let text = editor_text(&harness).replace("PENDING", "SHIPPED");
    set_text(&mut harness, text).await;
    harness.act(Action::SaveEdit).await;
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
