//! Bulk actions on a scope instead of marked items, as state-machine flows over the memory
//! engine: `B` with nothing marked offers everything the query matched and every item of the
//! entity under the cursor; the scope is read whole (every page, not only those loaded) through
//! the one read path before the dry run, whose counts are exact; the run is conditioned,
//! journaled as one batch and undoable; reading the scope can be cancelled with nothing sent.

#[path = "tui_support/mod.rs"]
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::Settings;
use ddbx::app::state::bulk::flow::Ending;
use ddbx::app::state::bulk::scope::ScopeChoice;
use ddbx::app::state::bulk::{BulkForm, BulkStage};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, ExpressionParams, QueryRequest};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::bulk::{self, put_by_another_writer, stage};
use tui_support::{Harness, item, pk_sk_table};

/// USER#u1 holds its metadata, 3 orders and this many more.
const EXTRA_ORDERS: usize = 300;
const PAGE: u32 = 20;

fn many_orders() -> Vec<Item> {
    bulk::with_extra_orders(EXTRA_ORDERS)
}

/// The query `PK = USER#u1` on screen, its first page of `PAGE` items loaded, nothing marked.
async fn querying_user(test: &str) -> (Harness, Arc<dyn Backend>) {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), many_orders()).expect("valid items"));
    let settings = Settings {
        page_size: PAGE,
        ..Settings::default()
    };
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", settings);
    harness.start().await;
    harness.private_journal(&format!("tui-scopes-{test}"));
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#u1"));
    let mut request = QueryRequest::new("Shop", "#pk = :pk", params);
    request.limit = Some(PAGE);
    let commands = ddbx::app::update::query::results::run_query(&mut harness.state, request, None);
    harness.run(commands).await;
    let loaded = harness.state.queries.runs[0].items.len();
    assert!(loaded < 4 + EXTRA_ORDERS, "only part is loaded: {loaded}");
    (harness, backend)
}

async fn stored(backend: &dyn Backend, sk: &str) -> Option<Item> {
    bulk::stored(backend, "Shop", &item(&[("PK", "USER#u1"), ("SK", sk)])).await
}

fn form(harness: &Harness) -> &BulkForm {
    match stage(harness) {
        BulkStage::Form(form) => form,
        other => panic!("the form: {other:?}"),
    }
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

/// Fills in `set PATH = VALUE` and moves to the `on` field, choosing the scope `steps` to the
/// right of the first.
async fn set_on_scope(harness: &mut Harness, path: &str, value: &str, steps: usize) {
    // export → delete → set an attribute
    harness
        .act_all([Action::CursorRight, Action::CursorRight])
        .await;
    harness.act(Action::NextField).await;
    type_text(harness, path).await;
    harness.act(Action::NextField).await;
    type_text(harness, value).await;
    harness.act(Action::NextField).await;
    for _ in 0..steps {
        harness.act(Action::CursorRight).await;
    }
}

/// The form open on the query with nothing marked, the delete chosen on everything it matched.
async fn delete_on_everything(harness: &mut Harness) {
    harness.act(Action::BulkActions).await;
    harness.act(Action::CursorRight).await;
    harness.act(Action::NextField).await;
}

fn scope_pages(harness: &Harness) -> usize {
    harness.reads_for(ReadFor::BulkScope).len()
}

#[tokio::test]
async fn b_with_nothing_marked_offers_the_query_and_the_entity_under_the_cursor() {
    let (mut harness, _) = querying_user("offered").await;
    harness.act(Action::CursorLast).await;
    harness.act(Action::BulkActions).await;
    let labels: Vec<String> = form(&harness)
        .scopes
        .iter()
        .map(|choice| choice.label(0))
        .collect();
    assert_eq!(
        labels,
        [
            "everything the query matches (all pages)",
            "every User›Order item the query matches (all pages)",
        ],
        "no marked items to offer"
    );
    assert!(scope_pages(&harness) == 0, "nothing read before Enter");
    harness.act(Action::Back).await;
    harness.act(Action::ToggleMark).await;
    harness.act(Action::BulkActions).await;
    let form = form(&harness);
    assert_eq!(form.scopes.len(), 3);
    assert_eq!(
        form.chosen(),
        &ScopeChoice::Marked,
        "marked items are the default"
    );
}

#[tokio::test]
async fn a_scope_is_read_over_every_page_then_dry_run_sent_as_one_batch_and_undone() {
    let (mut harness, backend) = querying_user("everything").await;
    let total = 4 + EXTRA_ORDERS;
    harness.act(Action::BulkActions).await;
    set_on_scope(&mut harness, "audit", "\"seen\"", 0).await;
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("a dry run after the scope was read: {:?}", stage(&harness));
    };
    assert_eq!(
        dry_run.read, total as u64,
        "every page, not only the loaded one"
    );
    assert_eq!(dry_run.plan.writes.len(), total);
    let by_entity = dry_run.plan.by_entity();
    assert_eq!(
        by_entity
            .get("User›Order")
            .and_then(|operations| operations.get("UpdateItem")),
        Some(&(total as u64 - 1)),
        "exact counts per entity and action: {by_entity:?}"
    );
    assert!(dry_run.plan_text.contains("everything the query matches"));
    let pages = scope_pages(&harness);
    assert!(
        pages >= total.div_ceil(PAGE as usize),
        "{pages} pages for {total} items"
    );
    for read in harness.reads_for(ReadFor::BulkScope) {
        let Read::Query(request) = read else {
            panic!("the scope reads by Query: {read:?}");
        };
        assert!(request.consistent_read, "conditioned on what was read");
        assert_eq!(request.projection, None, "whole items");
    }
    assert!(harness.writes().is_empty(), "nothing sent by the dry run");

    // Another writer sets the same attribute on one item after the read: that write must be
    // refused by its condition (the value read), never overwrite the other writer's.
    let mut changed = stored(backend.as_ref(), "ORDER#2027-0150")
        .await
        .expect("exists");
    changed.insert("audit".to_owned(), AttrValue::s("by someone else"));
    put_by_another_writer(backend.as_ref(), "Shop", changed.clone()).await;
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the summary: {:?}", stage(&harness));
    };
    assert_eq!(summary.count(Ending::Written), total - 1);
    assert_eq!(summary.count(Ending::Conflicted), 1);
    assert_eq!(
        stored(backend.as_ref(), "ORDER#2027-0150").await,
        Some(changed),
        "the concurrent change is kept"
    );
    let far = stored(backend.as_ref(), "ORDER#2027-0299")
        .await
        .expect("exists");
    assert_eq!(
        far.get("audit"),
        Some(&AttrValue::s("seen")),
        "an item of a page never loaded on screen was written"
    );
    let batch = summary.batch.clone();
    let journal =
        std::fs::read_to_string(harness.state.session.journal_path.clone().expect("journal"))
            .expect("journal written");
    assert!(journal.contains(&format!("\"batch\":\"{batch}\"")));

    harness.act(Action::UndoBatch).await;
    let BulkStage::DryRun(undo) = stage(&harness) else {
        panic!("the undo's dry run: {:?}", stage(&harness));
    };
    assert_eq!(undo.plan.writes.len(), total - 1);
    harness.act(Action::Confirm).await;
    let far = stored(backend.as_ref(), "ORDER#2027-0299")
        .await
        .expect("exists");
    assert_eq!(far.get("audit"), None, "undone");
}

#[tokio::test]
async fn the_entity_scope_keeps_only_that_entity_over_every_page() {
    let (mut harness, backend) = querying_user("entity").await;
    // The last loaded row is an order; the user's metadata is the first.
    harness.act(Action::CursorLast).await;
    harness.act(Action::BulkActions).await;
    set_on_scope(&mut harness, "audit", "\"seen\"", 1).await;
    assert!(
        form(&harness).chosen().label(0).contains("Order"),
        "{:?}",
        form(&harness).chosen()
    );
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("a dry run: {:?}", stage(&harness));
    };
    let orders = 3 + EXTRA_ORDERS;
    assert_eq!(dry_run.read, orders as u64);
    assert_eq!(dry_run.plan.writes.len(), orders);
    assert!(
        dry_run
            .plan
            .writes
            .iter()
            .all(|write| write.entity == "User›Order"),
        "only orders"
    );
    harness.act(Action::Confirm).await;
    let metadata = stored(backend.as_ref(), "METADATA").await.expect("exists");
    assert_eq!(metadata.get("audit"), None, "not an order: untouched");
    let order = stored(backend.as_ref(), "ORDER#2027-0299")
        .await
        .expect("exists");
    assert_eq!(order.get("audit"), Some(&AttrValue::s("seen")));
}

#[tokio::test]
async fn reading_a_scope_shows_progress_and_is_cancelled_between_pages_with_nothing_sent() {
    let (mut harness, _) = querying_user("cancel").await;
    delete_on_everything(&mut harness).await;
    let mut commands = harness.act_only(Action::Submit);
    assert_eq!(commands.len(), 1, "the scope's first page: {commands:?}");
    for _ in 0..2 {
        let answer = harness.execute(commands.remove(0)).await.expect("a page");
        commands = ddbx::app::update::update(&mut harness.state, answer);
    }
    let BulkStage::Reading(_, progress) = stage(&harness) else {
        panic!("reading the scope: {:?}", stage(&harness));
    };
    assert_eq!(progress.pages, 2);
    assert_eq!(progress.items.len(), 2 * PAGE as usize);
    let [ddbx::app::command::Command::Read(third)] = commands.as_slice() else {
        panic!("the third page: {commands:?}");
    };
    assert_eq!(
        progress.paging.in_flight(),
        Some(third.id),
        "the scope pages through the shared paging"
    );
    let text = tui_support::screen::screen(&harness.state, 100, 30);
    assert!(text.contains("Reading the scope"), "{text}");
    assert!(text.contains("40 items read"), "{text}");
    harness.act(Action::Back).await;
    assert!(harness.state.bulk.flow.is_none(), "cancelled");
    // The page in flight lands after the cancel: ignored, nothing more read or written.
    let pages = scope_pages(&harness);
    let answer = harness
        .execute(commands.remove(0))
        .await
        .expect("the page in flight");
    let more = ddbx::app::update::update(&mut harness.state, answer);
    assert!(more.is_empty(), "{more:?}");
    assert!(harness.state.bulk.flow.is_none());
    assert_eq!(scope_pages(&harness), pages + 1);
    assert!(harness.writes().is_empty(), "nothing sent");
}

#[tokio::test]
async fn leaving_the_scope_being_read_cancels_the_page_in_flight() {
    let (mut harness, _) = querying_user("leave").await;
    delete_on_everything(&mut harness).await;
    let commands = harness.act_only(Action::Submit);
    let [ddbx::app::command::Command::Read(job)] = commands.as_slice() else {
        panic!("the scope's first page: {commands:?}");
    };
    assert_eq!(job.owner, ReadFor::BulkScope);
    let left = harness.act_only(Action::Back);
    assert_eq!(
        left,
        vec![ddbx::app::command::Command::Cancel(vec![job.id])]
    );
    assert!(harness.state.bulk.flow.is_none(), "cancelled");
}
