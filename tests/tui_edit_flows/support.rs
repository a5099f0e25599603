//! Helpers shared by the edit flow tests: a small Shop table on the memory engine, the harness
//! opened on one item, and readers of the edit state.

pub use std::path::PathBuf;
pub use std::sync::Arc;

pub use crate::tui_support::{Harness, editor_text, first_partition, item, pk_sk_table};
pub use crossterm::event::KeyCode;
pub use ddbx::app::action::Action;
pub use ddbx::app::command::Command;
pub use ddbx::app::read::Read;
pub use ddbx::app::state::edit::{EditPurpose, EditStage};
pub use ddbx::app::state::{Inspector, Notice, Overlay, Settings, View};
pub use ddbx::backend::memory::MemoryBackend;
pub use ddbx::backend::read_only::ReadOnly;
pub use ddbx::backend::{
    Backend, Condition, ExpressionParams, GetRequest, ReturnValues, UpdateRequest,
};
pub use ddbx::domain::edit::{EditFormat, WritePlan, render_for_edit};
pub use ddbx::domain::number::Number;
pub use ddbx::domain::value::{AttrValue, Item};
pub use ddbx::keymap::Key;

pub fn number(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("test number"))
}

/// Ada, version 3, plus an order without a version attribute.
pub fn items() -> Vec<Item> {
    let mut ada = item(&[("PK", "USER#u1"), ("SK", "METADATA"), ("name", "Ada")]);
    ada.insert("version".to_owned(), number("3"));
    ada.insert("city".to_owned(), AttrValue::s("Lisbon"));
    let order = item(&[("PK", "USER#u1"), ("SK", "ORDER#o1"), ("status", "PENDING")]);
    vec![ada, order]
}

pub fn memory() -> MemoryBackend {
    MemoryBackend::new(pk_sk_table("Shop"), items()).expect("valid items")
}

pub fn key(pk: &str, sk: &str) -> Item {
    item(&[("PK", pk), ("SK", sk)])
}

pub async fn stored(backend: &dyn Backend, pk: &str, sk: &str) -> Option<Item> {
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

/// A private journal for one test, in a directory removed with the harness; its path.
pub fn journal_path(harness: &mut Harness, test: &str) -> PathBuf {
    harness.private_journal(&format!("tui-edit-{test}"))
}

/// The harness started on `backend`, inspecting the item `pk`/`sk`.
pub async fn inspecting(backend: Arc<dyn Backend>, pk: &str, sk: &str) -> Harness {
    let item = stored(backend.as_ref(), pk, sk).await.expect("item exists");
    let mut harness = Harness::new(backend, "Shop", Settings::default());
    harness.start().await;
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(item))));
    harness
}

pub fn stage(harness: &Harness) -> &EditStage {
    &harness
        .state
        .edits
        .flow
        .as_ref()
        .expect("an edit is open")
        .stage
}

/// Replaces the editor text the way `$EDITOR` returns it.
pub async fn set_text(harness: &mut Harness, text: String) {
    harness.act(Action::ExternalEdited(Ok(text))).await;
}

/// Opens the editor on the inspected item, replaces `from` with `to` in its text and saves,
/// which leads to the preview (or to the reason it cannot).
pub async fn edit_and_save(harness: &mut Harness, from: &str, to: &str) {
    harness.act(Action::EditItem).await;
    let text = editor_text(harness).replace(from, to);
    set_text(harness, text).await;
    harness.act(Action::SaveEdit).await;
}

pub fn request_text(harness: &Harness) -> String {
    match stage(harness) {
        EditStage::Review(review) => review.request_text.clone(),
        other => panic!("expected the preview, found {other:?}"),
    }
}

pub fn inspected(harness: &Harness) -> &Item {
    match harness.state.views.current() {
        View::Inspector(inspector) => &inspector.item,
        other => panic!("expected the inspector, found {other:?}"),
    }
}

pub fn notice(harness: &Harness) -> String {
    match &harness.state.notice {
        Some(Notice::Info(text) | Notice::Error(text)) => text.clone(),
        None => String::new(),
    }
}

/// Another client's write to `user#u1 / METADATA`: `SET name = :name, version = 4`.
pub async fn concurrent_rename(backend: &dyn Backend, name: &str) {
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
