//! Staged changes committed as one transaction, from the terminal UI: an order and its line
//! items edited and staged (`S` on the preview, Alt-S in the editor), listed on the staged
//! screen with their diffs, committed as one `TransactWriteItems` whose every action keeps the
//! condition its single edit would carry, journaled as one run and undone as one transaction.
//! On the embedded engine (state machine and a snapshot) and on DynamoDB Local (a commit lands
//! whole, a concurrent change cancels it whole and names the child, undo restores all).

mod support;
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::screens::staged::{StagedKind, StagedView};
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Mode, Notice, Settings, ViewMode};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, Condition, ReturnValues, UpdateRequest};
use ddbx::domain::edit::{EditFormat, render_for_edit};
use ddbx::domain::expr::ExpressionParams;
use ddbx::domain::request::TransactAction;
use ddbx::domain::value::{AttrValue, Item};
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table};

const SHOW: Action = Action::ShowScreen("show_staged");

fn order() -> Item {
    let mut order = item(&[("PK", "ORDER#o1"), ("SK", "META"), ("status", "PENDING")]);
    order.insert("version".to_owned(), AttrValue::n(1));
    order
}

fn line_item(n: u32, product: &str) -> Item {
    item(&[
        ("PK", "ORDER#o1"),
        ("SK", &format!("ITEM#{n}")),
        ("product", product),
        ("state", "OPEN"),
    ])
}

fn items() -> Vec<Item> {
    vec![order(), line_item(1, "Widget"), line_item(2, "Gadget")]
}

async fn started(backend: Arc<dyn Backend>, table: &str, test: &str) -> Harness {
    let mut harness = Harness::new(backend, table, Settings::default());
    harness.start().await;
    harness.private_journal(&format!("tui-staged-{test}"));
    harness
}

fn with(mut item: Item, name: &str, value: &str) -> Item {
    item.insert(name.to_owned(), AttrValue::s(value));
    item
}

/// Opens `item` in the editor, replaces its text by `edited` and stages it: through the
/// preview (`S`) or straight from the editor (Alt-S).
async fn stage_edit(harness: &mut Harness, item: Item, edited: &Item, from_preview: bool) {
    harness.state.inspect(item);
    harness.act(Action::EditItem).await;
    let text = render_for_edit(edited, EditFormat::DdbJson);
    harness.act(Action::ExternalEdited(Ok(text))).await;
    if from_preview {
        harness.act(Action::SaveEdit).await;
        assert!(matches!(harness.state.mode(), Mode::Preview(_)));
    }
    harness.act(Action::StageWrite).await;
    assert!(
        harness.state.edits.flow.is_none(),
        "staging closes the edit: {:?}",
        harness.state.notice
    );
    harness.act(Action::HistoryBack).await;
}

/// The order shipped and both line items closed, staged.
async fn stage_order_and_children(harness: &mut Harness) {
    stage_these(
        harness,
        [order(), line_item(1, "Widget"), line_item(2, "Gadget")],
    )
    .await;
}

/// `order` shipped and its `children` closed, staged from the items as given (as read).
async fn stage_these(harness: &mut Harness, [order, first, second]: [Item; 3]) {
    stage_edit(
        harness,
        order.clone(),
        &with(order, "status", "SHIPPED"),
        true,
    )
    .await;
    stage_edit(
        harness,
        first.clone(),
        &with(first, "state", "CLOSED"),
        true,
    )
    .await;
    stage_edit(
        harness,
        second.clone(),
        &with(second, "state", "CLOSED"),
        false,
    )
    .await;
    assert_eq!(harness.state.edits.staged.items.len(), 3);
}

fn condition_of(action: &TransactAction) -> &str {
    match action {
        TransactAction::Update(update) => &update.condition.expression,
        TransactAction::Put(put) => &put.condition.expression,
        TransactAction::Delete(delete) => &delete.condition.expression,
        TransactAction::ConditionCheck { condition, .. } => &condition.expression,
    }
}

async fn stored(backend: &dyn Backend, table: &str, sk: &str) -> Option<Item> {
    tui_support::bulk::stored(backend, table, &item(&[("PK", "ORDER#o1"), ("SK", sk)])).await
}

fn text_of(item: Option<&Item>, name: &str) -> Option<String> {
    item?.get(name)?.as_s().map(str::to_owned)
}

/// Commits what is staged from the staged screen: `c` shows the request, `y` sends it.
async fn commit(harness: &mut Harness) -> String {
    harness.act(SHOW).await;
    assert!(matches!(
        harness.state.mode(),
        Mode::View(ViewMode::Screen("staged"))
    ));
    harness.act(Action::Confirm).await;
    let review = harness
        .state
        .edits
        .staged
        .review
        .clone()
        .expect("the preview");
    harness.act(Action::Confirm).await;
    review.request_text
}

#[tokio::test]
async fn an_order_and_two_line_items_staged_commit_as_one_transaction_each_conditioned() {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), items()).expect("loads"));
    let mut harness = started(Arc::clone(&backend), "Shop", "three").await;
    stage_order_and_children(&mut harness).await;
    assert!(
        harness
            .state
            .edits
            .staged
            .items
            .iter()
            .all(|staged| staged.kind
                == StagedKind::Write(ddbx::app::state::edit::EditPurpose::Edit))
    );
    // Nothing was sent while staging.
    assert!(harness.writes().is_empty());
    assert!(harness.transactions().is_empty());

    let request_text = commit(&mut harness).await;
    assert!(
        request_text.starts_with("TransactWriteItems"),
        "{request_text}"
    );
    let sent = harness.transactions();
    assert_eq!(sent.len(), 1, "one TransactWriteItems");
    let actions = &sent[0].request.actions;
    assert_eq!(actions.len(), 3);
    assert!(
        actions
            .iter()
            .all(|action| matches!(action, TransactAction::Update(_)))
    );
    // The order is conditioned on its version, the children on their values as read.
    assert_eq!(condition_of(&actions[0]), "version = :v2", "{actions:?}");
    for child in &actions[1..] {
        assert_eq!(condition_of(child), "attribute_exists(PK) AND #state = :v1");
    }
    for action in actions {
        assert!(
            !condition_of(action).is_empty(),
            "unconditioned: {action:?}"
        );
    }
    assert!(harness.writes().is_empty(), "no single write was sent");

    assert!(
        harness.state.edits.staged.items.is_empty(),
        "committed changes leave the set"
    );
    let Some(Notice::Info(notice)) = &harness.state.notice else {
        panic!("{:?}", harness.state.notice)
    };
    assert!(notice.starts_with("committed: 3 action(s)"), "{notice}");
    assert_eq!(
        text_of(
            stored(backend.as_ref(), "Shop", "META").await.as_ref(),
            "status"
        )
        .as_deref(),
        Some("SHIPPED")
    );
    assert_eq!(
        text_of(
            stored(backend.as_ref(), "Shop", "ITEM#2").await.as_ref(),
            "state"
        )
        .as_deref(),
        Some("CLOSED")
    );
}

#[tokio::test]
async fn the_staged_screen_lists_each_change_with_its_diff_at_80x24() {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), items()).expect("loads"));
    let mut harness = started(Arc::clone(&backend), "Shop", "snapshot").await;
    stage_order_and_children(&mut harness).await;
    harness.act(SHOW).await;
    let listed = screen(&harness.state, 80, 24);
    insta::assert_snapshot!("staged_screen_80x24", listed);
    assert!(listed.contains("Staged changes (3)"), "{listed}");
    assert!(listed.contains("\"PENDING\""), "{listed}");
    // The item shows it is staged wherever it is inspected.
    harness.state.inspect(order());
    let inspected = screen(&harness.state, 80, 24);
    assert!(inspected.contains("± edit staged"), "{inspected}");
    harness.act(Action::HistoryBack).await;

    // `x` unstages the change under the cursor; nothing is sent.
    harness.act(Action::CursorDown).await;
    assert_eq!(
        view_of::<StagedView>(harness.state.views.current()).map(|view| view.cursor),
        Some(1)
    );
    harness.act(Action::DeleteItem).await;
    assert_eq!(harness.state.edits.staged.items.len(), 2);
    assert!(harness.transactions().is_empty());
}

#[tokio::test]
async fn read_only_refuses_staging_and_a_check_is_staged_with_the_writes() {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), items()).expect("loads"));
    let mut harness = started(Arc::clone(&backend), "Shop", "check").await;
    stage_edit(
        &mut harness,
        order(),
        &with(order(), "status", "SHIPPED"),
        true,
    )
    .await;
    harness.state.inspect(line_item(1, "Widget"));
    harness.act(Action::StageCheck).await;
    assert_eq!(harness.state.edits.staged.items.len(), 2);
    assert_eq!(harness.state.edits.staged.items[1].kind, StagedKind::Check);
    let _ = commit(&mut harness).await;
    let sent = harness.transactions();
    assert!(matches!(
        sent[0].request.actions[1],
        TransactAction::ConditionCheck { .. }
    ));

    harness.state.session.connection.read_only = true;
    harness.state.inspect(line_item(2, "Gadget"));
    harness.act(Action::StageCheck).await;
    assert!(harness.state.edits.staged.items.is_empty());
    assert!(
        matches!(&harness.state.notice, Some(Notice::Error(message)) if message.contains("read-only"))
    );
}

mod servers {
    use super::*;
    use ddbx::backend::aws::{AwsBackend, AwsOptions};
    use support::tables::{TableSpec, create_table, delete_table};
    use support::{Server, sdk_client, server_endpoint, unique_table_name};

    async fn table_on_local() -> Option<(String, Arc<dyn Backend>, aws_sdk_dynamodb::Client)> {
        let endpoint = server_endpoint(Server::DdbLocal)?;
        let admin = sdk_client(&endpoint);
        let table = unique_table_name("staged");
        let spec = TableSpec::new(&table, "PK", ddbx::domain::value::ValueType::S)
            .sort("SK", ddbx::domain::value::ValueType::S);
        create_table(&admin, &spec).await;
        let backend = AwsBackend::connect(AwsOptions {
            profile: None,
            region: Some(support::TEST_REGION.to_owned()),
            endpoint_url: Some(endpoint),
        })
        .await
        .expect("connects");
        let backend: Arc<dyn Backend> = Arc::new(backend);
        support::items::seed_items(&admin, &table, &items()).await;
        Some((table, backend, admin))
    }

    #[tokio::test]
    async fn on_dynamodb_local_a_commit_lands_whole_a_concurrent_change_cancels_it_and_undo_restores_all()
     {
        let Some((table, backend, admin)) = table_on_local().await else {
            return;
        };
        let mut harness = started(Arc::clone(&backend), &table, "local").await;

        // A commit lands all three.
        stage_order_and_children(&mut harness).await;
        let _ = commit(&mut harness).await;
        assert!(
            harness.state.edits.staged.items.is_empty(),
            "{:?}",
            harness.state.notice
        );
        let read = |sk: &'static str| {
            let (backend, table) = (Arc::clone(&backend), table.clone());
            async move { stored(backend.as_ref(), &table, sk).await }
        };
        assert_eq!(
            text_of(read("META").await.as_ref(), "status").as_deref(),
            Some("SHIPPED")
        );
        assert_eq!(
            text_of(read("ITEM#1").await.as_ref(), "state").as_deref(),
            Some("CLOSED")
        );
        assert_eq!(
            text_of(read("ITEM#2").await.as_ref(), "state").as_deref(),
            Some("CLOSED")
        );

        // Undo from the UI: one transaction conditioned on what the commit wrote.
        harness.act(Action::HistoryBack).await;
        harness.state.inspect(read("META").await.expect("order"));
        harness.act(Action::Undo).await;
        let review = harness
            .state
            .edits
            .staged
            .review
            .clone()
            .expect("the undo's preview");
        assert_eq!(review.assembled.request.actions.len(), 3, "{review:?}");
        harness.act(Action::Confirm).await;
        assert_eq!(
            harness.transactions().len(),
            2,
            "the undo is one transaction"
        );
        assert_eq!(
            text_of(read("META").await.as_ref(), "status").as_deref(),
            Some("PENDING")
        );
        assert_eq!(
            text_of(read("ITEM#1").await.as_ref(), "state").as_deref(),
            Some("OPEN")
        );
        assert_eq!(
            text_of(read("ITEM#2").await.as_ref(), "state").as_deref(),
            Some("OPEN")
        );

        // Staged again from the items as stored now; meanwhile another writer changes the
        // second line item's state, which the staged change conditions on.
        harness.act(Action::HistoryBack).await;
        let now = [
            read("META").await.expect("order"),
            read("ITEM#1").await.expect("first"),
            read("ITEM#2").await.expect("second"),
        ];
        stage_these(&mut harness, now).await;
        let mut params = ExpressionParams::default();
        params.names.insert("#s".to_owned(), "state".to_owned());
        params
            .values
            .insert(":s".to_owned(), AttrValue::s("RETURNED"));
        backend
            .update_item(UpdateRequest {
                table: table.clone(),
                key: item(&[("PK", "ORDER#o1"), ("SK", "ITEM#2")]),
                update: "SET #s = :s".to_owned(),
                condition: Condition::new("attribute_exists(#s)"),
                params,
                return_values: ReturnValues::None,
            })
            .await
            .expect("a concurrent writer");

        let _ = commit(&mut harness).await;
        let Some(Notice::Error(notice)) = &harness.state.notice else {
            panic!("{:?}", harness.state.notice)
        };
        assert!(
            notice.contains("cancelled and nothing was written"),
            "{notice}"
        );
        assert!(
            notice.contains("staged 3 (ConditionalCheckFailed)"),
            "{notice}"
        );
        assert_eq!(
            harness.state.edits.staged.items.len(),
            3,
            "everything stays staged"
        );
        let failed: Vec<bool> = harness
            .state
            .edits
            .staged
            .items
            .iter()
            .map(|staged| staged.failed.is_some())
            .collect();
        assert_eq!(failed, [false, false, true]);
        let current = harness.state.edits.staged.items[2]
            .failed
            .as_ref()
            .and_then(|failure| failure.current.clone());
        assert_eq!(
            text_of(current.as_ref(), "state").as_deref(),
            Some("RETURNED")
        );
        // Nothing applied.
        assert_eq!(
            text_of(read("META").await.as_ref(), "status").as_deref(),
            Some("PENDING")
        );
        assert_eq!(
            text_of(read("ITEM#1").await.as_ref(), "state").as_deref(),
            Some("OPEN")
        );

        // Enter on the failed child: the conflict view, with the item as stored now.
        harness.act(Action::CursorLast).await;
        harness.act(Action::Open).await;
        assert!(matches!(harness.state.mode(), Mode::Conflict(_)));
        let conflict = screen(&harness.state, 100, 30);
        assert!(conflict.contains("RETURNED"), "{conflict}");
        assert!(
            conflict.contains("both you and someone else changed: state"),
            "{conflict}"
        );
        // Left as the other writer made it: unstaged, and the rest commits.
        harness.act(Action::DiscardEdit).await;
        assert!(matches!(
            harness.state.mode(),
            Mode::View(ViewMode::Screen("staged"))
        ));
        harness.act(Action::DeleteItem).await;
        assert_eq!(harness.state.edits.staged.items.len(), 2);
        harness.act(Action::Confirm).await;
        harness.act(Action::Confirm).await;
        assert!(
            harness.state.edits.staged.items.is_empty(),
            "{:?}",
            harness.state.notice
        );
        assert_eq!(
            text_of(read("META").await.as_ref(), "status").as_deref(),
            Some("SHIPPED")
        );
        assert_eq!(
            text_of(read("ITEM#1").await.as_ref(), "state").as_deref(),
            Some("CLOSED")
        );
        assert_eq!(
            text_of(read("ITEM#2").await.as_ref(), "state").as_deref(),
            Some("RETURNED")
        );

        delete_table(&admin, &table).await;
    }
}
