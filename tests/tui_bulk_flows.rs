//! Bulk work in the TUI as state-machine flows over the memory engine: marks in query results
//! (one, a range, an entity, every match over all pages), the form, the dry run, the run sent in
//! journaled groups through the worker's own bulk path, a concurrent change reported as a
//! conflict, the undo of the run, the export, and read-only refusing the run.

#[path = "tui_support/mod.rs"]
mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::bulk::flow::Ending;
use ddbx::app::state::bulk::{BulkKind, BulkStage};
use ddbx::app::state::{Settings, View};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, ExpressionParams, QueryRequest};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::bulk::{self, put_by_another_writer, stage};
use tui_support::{Harness, item, pk_sk_table, shop_items};

async fn stored(backend: &dyn Backend, pk: &str, sk: &str) -> Option<Item> {
    bulk::stored(backend, "Shop", &item(&[("PK", pk), ("SK", sk)])).await
}

/// The harness on the Shop table showing the query `PK = USER#u1` read `limit` items a page.
async fn querying_user(test: &str, limit: u32) -> (Harness, Arc<dyn Backend>) {
    querying_user_of(test, limit, shop_items()).await
}

async fn querying_user_of(test: &str, limit: u32, items: Vec<Item>) -> (Harness, Arc<dyn Backend>) {
    let backend: Arc<dyn Backend> =
        Arc::new(MemoryBackend::new(pk_sk_table("Shop"), items).expect("valid items"));
    let mut harness = Harness::new(Arc::clone(&backend), "Shop", Settings::default());
    harness.start().await;
    harness.private_journal(&format!("tui-bulk-{test}"));
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#u1"));
    let mut request = QueryRequest::new("Shop", "#pk = :pk", params);
    request.limit = Some(limit);
    let commands = ddbx::app::update::query::results::run_query(&mut harness.state, request, None);
    harness.run(commands).await;
    (harness, backend)
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

/// Opens the form and fills in `set PATH = VALUE`.
async fn set_attribute(harness: &mut Harness, path: &str, value: &str) {
    harness.act(Action::BulkActions).await;
    // export → delete → set an attribute
    harness
        .act_all([Action::CursorRight, Action::CursorRight])
        .await;
    harness.act(Action::NextField).await;
    type_text(harness, path).await;
    harness.act(Action::NextField).await;
    type_text(harness, value).await;
}

#[tokio::test]
async fn marking_every_match_reads_every_page_not_only_the_loaded_ones() {
    let items = bulk::with_extra_orders(300);
    let (mut harness, _) = querying_user_of("mark-all", 20, items).await;
    let loaded = harness.state.queries.runs[0].items.len();
    assert!(loaded < 304, "the first screen loads only part: {loaded}");
    harness.act(Action::MarkAll).await;
    assert_eq!(
        harness.state.bulk.selection.len(),
        304,
        "every item of USER#u1"
    );
    assert!(harness.state.bulk.marking_all.is_none(), "marking finished");
    assert!(harness.state.queries.runs[0].paging.is_complete());
}

#[tokio::test]
async fn one_a_range_and_an_entity_are_marked_and_unmarked() {
    let (mut harness, _) = querying_user("marks", 100).await;
    harness.act(Action::ToggleMark).await;
    assert_eq!(harness.state.bulk.selection.len(), 1);
    harness.act(Action::ToggleMark).await;
    assert_eq!(harness.state.bulk.selection.len(), 0, "unmarked again");
    harness.act(Action::ToggleMark).await;
    harness
        .act_all([Action::CursorDown, Action::CursorDown])
        .await;
    harness.act(Action::MarkRange).await;
    assert_eq!(harness.state.bulk.selection.len(), 3, "rows 0 to 2");
    harness.act(Action::ClearMarks).await;
    // The last row is an order: every loaded order of the list, not the user's metadata.
    harness.act(Action::CursorLast).await;
    harness.act(Action::MarkEntity).await;
    let marked: Vec<String> = harness
        .state
        .bulk
        .selection
        .items()
        .map(|selected| selected.item["SK"].as_s().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(marked.len(), 3, "{marked:?}");
    assert!(
        marked.iter().all(|sk| sk.starts_with("ORDER#")),
        "{marked:?}"
    );
}

#[tokio::test]
async fn a_bulk_set_is_dry_run_then_sent_as_one_batch_reporting_a_concurrent_change_and_undone() {
    let (mut harness, backend) = querying_user("set-undo", 100).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("a dry run first: {:?}", stage(&harness));
    };
    assert_eq!(dry_run.plan.writes.len(), 4, "every marked item changes");
    assert!(dry_run.write_units() >= 4);
    let counts = dry_run.plan.by_operation();
    assert_eq!(counts.get("UpdateItem"), Some(&4), "{counts:?}");
    assert!(harness.writes().is_empty(), "nothing sent by the dry run");
    assert_eq!(
        stored(backend.as_ref(), "USER#u1", "ORDER#2026-07-01#o1")
            .await
            .and_then(|item| item.get("status").cloned()),
        Some(AttrValue::s("PENDING"))
    );
    // Someone else changes one of the items between the read and the run.
    let mut changed = stored(backend.as_ref(), "USER#u1", "ORDER#2026-07-02#o2")
        .await
        .expect("exists");
    changed.insert("status".to_owned(), AttrValue::s("RETURNED"));
    put_by_another_writer(backend.as_ref(), "Shop", changed.clone()).await;
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the summary after the run: {:?}", stage(&harness));
    };
    assert_eq!(summary.count(Ending::Written), 3);
    assert_eq!(summary.count(Ending::Conflicted), 1);
    let conflicted = &summary.ended[0];
    assert_eq!(
        conflicted.ending,
        Ending::Conflicted,
        "conflicts listed first"
    );
    assert_eq!(conflicted.key["SK"], AttrValue::s("ORDER#2026-07-02#o2"));
    assert_eq!(
        stored(backend.as_ref(), "USER#u1", "ORDER#2026-07-02#o2").await,
        Some(changed.clone()),
        "the concurrent change is not overwritten"
    );
    let batch = summary.batch.clone();
    // Named by the journal's own `new_batch_id`, as a headless run is: time, process, counter.
    let parts: Vec<&str> = batch.split('-').collect();
    assert_eq!(parts.len(), 4, "{batch}");
    assert_eq!(parts[0], "b", "{batch}");
    assert_eq!(parts[2], std::process::id().to_string(), "{batch}");
    let path = harness
        .state
        .session
        .journal_path
        .clone()
        .expect("a journal");
    let journal = std::fs::read_to_string(path).expect("journal written");
    assert!(
        journal.contains(&format!("\"batch\":\"{batch}\"")),
        "one batch id journaled"
    );
    for sk in ["METADATA", "ORDER#2026-07-01#o1", "ORDER#2026-07-03#o3"] {
        let now = stored(backend.as_ref(), "USER#u1", sk)
            .await
            .expect("exists");
        assert_eq!(now.get("status"), Some(&AttrValue::s("DONE")), "{sk}");
    }

    harness.act(Action::UndoBatch).await;
    let BulkStage::DryRun(undo) = stage(&harness) else {
        panic!("the undo's dry run: {:?}", stage(&harness));
    };
    assert_eq!(undo.plan.writes.len(), 3, "the three writes the run made");
    let groups: Vec<&str> = undo.plan.by_entity().into_keys().collect();
    assert!(
        groups.iter().all(|group| group.starts_with("undo of ")),
        "each group names the write it undoes, not the write as an entity: {groups:?}"
    );
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(undone) = stage(&harness) else {
        panic!("the undo's summary: {:?}", stage(&harness));
    };
    assert_eq!(undone.count(Ending::Written), 3);
    let metadata = stored(backend.as_ref(), "USER#u1", "METADATA")
        .await
        .expect("exists");
    assert_eq!(
        metadata.get("status"),
        None,
        "the attribute the run added is gone"
    );
    let order = stored(backend.as_ref(), "USER#u1", "ORDER#2026-07-01#o1")
        .await
        .expect("exists");
    assert_eq!(order.get("status"), Some(&AttrValue::s("PENDING")));
    assert_eq!(
        stored(backend.as_ref(), "USER#u1", "ORDER#2026-07-02#o2").await,
        Some(changed),
        "the item the run did not write stays as the other writer left it"
    );
    // Open a summary row: the item in the inspector.
    harness.act(Action::Confirm).await;
    assert!(harness.state.bulk.flow.is_none());
    assert!(matches!(harness.state.views.current(), View::Inspector(_)));
}

#[tokio::test]
async fn a_bulk_delete_refused_on_a_read_only_connection_sends_nothing() {
    let (mut harness, backend) = querying_user("read-only", 100).await;
    harness.state.session.connection.read_only = true;
    harness.act(Action::MarkAll).await;
    harness.act(Action::BulkActions).await;
    harness.act(Action::CursorRight).await;
    let BulkStage::Form(form) = stage(&harness) else {
        panic!("the form");
    };
    assert_eq!(form.kind, BulkKind::Delete);
    harness.act(Action::Submit).await;
    assert!(
        matches!(stage(&harness), BulkStage::DryRun(_)),
        "a dry run is allowed"
    );
    harness.act(Action::Confirm).await;
    assert!(matches!(stage(&harness), BulkStage::DryRun(_)), "not run");
    assert!(harness.requests.iter().all(|command| !matches!(
        command,
        ddbx::app::command::Command::ExecuteBatchGroup { .. }
    )));
    assert!(
        stored(backend.as_ref(), "USER#u1", "METADATA")
            .await
            .is_some()
    );
}

#[tokio::test]
async fn an_export_writes_the_marked_items_to_a_new_file_as_dynamodb_json_lines() {
    let (mut harness, _) = querying_user("export", 100).await;
    harness.act(Action::MarkAll).await;
    harness.act(Action::BulkActions).await;
    harness.act(Action::NextField).await;
    harness.act(Action::CursorRight).await; // JSON lines → DynamoDB JSON lines
    harness.act(Action::NextField).await;
    let dir = harness.scratch_dir("tui-bulk-export");
    let file = dir.join("out.jsonl");
    type_text(&mut harness, &file.display().to_string()).await;
    harness.act(Action::Submit).await;
    assert!(harness.state.bulk.flow.is_none(), "closed once written");
    let text = std::fs::read_to_string(&file).expect("exported");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(
        lines
            .iter()
            .all(|line| line.contains("{\"S\":\"USER#u1\"}")),
        "{text}"
    );
    // A second export to the same name is refused: files are never overwritten.
    harness.act(Action::BulkActions).await;
    harness
        .act_all([Action::NextField, Action::NextField])
        .await;
    type_text(&mut harness, &file.display().to_string()).await;
    harness.act(Action::Submit).await;
    let BulkStage::Form(form) = stage(&harness) else {
        panic!("the form stays");
    };
    assert!(
        form.error
            .as_deref()
            .is_some_and(|error| error.contains("never overwrites"))
    );
}

/// The dry run lists each item with its change old → new, as the single-item preview does,
/// above the requests that make them.
#[tokio::test]
async fn the_dry_run_shows_each_items_old_and_new_value() {
    let (mut harness, _) = querying_user("old-new", 100).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    let shown = tui_support::screen::screen(&harness.state, 120, 40);
    assert!(shown.contains("each item, old → new:"), "{shown}");
    assert!(shown.contains("USER#u1 / ORDER#2026-07-01#o1"), "{shown}");
    assert!(
        shown.contains(r#"~ status: {"S":"PENDING"} → {"S":"DONE"}"#),
        "{shown}"
    );
    insta::assert_snapshot!("bulk_dry_run_120x40", shown);
}

#[tokio::test]
async fn the_form_the_dry_run_and_the_summary_render_at_80x24() {
    let (mut harness, _) = querying_user("render", 100).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    insta::assert_snapshot!(
        "bulk_form_80x24",
        tui_support::screen::screen(&harness.state, 80, 24)
    );
    harness.act(Action::Submit).await;
    insta::assert_snapshot!(
        "bulk_dry_run_80x24",
        tui_support::screen::screen(&harness.state, 80, 24)
    );
    harness.act(Action::Confirm).await;
    // The run's id names a time and a process: the snapshot shows a fixed one of the same shape.
    let shown = "b-18ed3ff6bbdb1309-4202-0";
    if let Some(flow) = harness.state.bulk.flow.as_deref_mut()
        && let BulkStage::Summary(summary) = &mut flow.stage
    {
        if let Some(ddbx::app::state::Notice::Info(text)) = &mut harness.state.notice {
            *text = text.replace(&summary.batch, shown);
        }
        summary.batch = shown.to_owned();
    }
    insta::assert_snapshot!(
        "bulk_summary_80x24",
        tui_support::screen::screen(&harness.state, 80, 24)
    );
}

#[tokio::test]
async fn a_run_cut_off_after_its_first_group_is_resumed_from_the_dry_run_without_writing_twice() {
    let mut items = shop_items();
    for n in 0..100 {
        let sk = format!("ORDER#2027-{n:04}");
        items.push(item(&[
            ("PK", "USER#u1"),
            ("SK", &sk),
            ("status", "PENDING"),
        ]));
    }
    let (mut harness, backend) = querying_user_of("resume", 100, items).await;
    harness.act(Action::MarkAll).await;
    let marked = harness.state.bulk.selection.len();
    assert_eq!(marked, 104);
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    // Confirm, send the first group, and "die" before its answer reaches the app.
    let commands = harness.act_only(Action::Confirm);
    let [first @ ddbx::app::command::Command::ExecuteBatchGroup { .. }] = commands.as_slice()
    else {
        panic!("one group in flight: {commands:?}");
    };
    let ddbx::app::command::Command::ExecuteBatchGroup { items: sent, .. } = first else {
        unreachable!()
    };
    let first_group = sent.len();
    assert!(first_group < marked, "the run takes several groups");
    // Another writer changes an item of that group just before it is sent: a conflict.
    let contested = sent[0].key.clone();
    let contested_sk = contested["SK"].as_s().expect("SK").to_owned();
    let mut changed = stored(backend.as_ref(), "USER#u1", &contested_sk)
        .await
        .expect("exists");
    changed.insert("status".to_owned(), AttrValue::s("RETURNED"));
    put_by_another_writer(backend.as_ref(), "Shop", changed.clone()).await;
    harness.execute(first.clone()).await;

    // A new session: the same marks, the same action, its dry run, then `r`.
    harness.state.bulk = ddbx::app::state::bulk::Bulk::default();
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("the dry run");
    };
    // The new dry run plans every item again, the contested one too (it reads as the other
    // writer left it, so a new run would overwrite it); the resume leaves out the whole first
    // group: the writes it made and the conflict it skipped.
    let planned = dry_run.plan.writes.len();
    assert_eq!(planned + dry_run.plan.unchanged as usize, marked);
    assert!(
        dry_run
            .plan
            .writes
            .iter()
            .any(|write| write.write.key == contested)
    );
    harness.act(Action::ResumeBatch).await;
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the resumed run's summary: {:?}", stage(&harness));
    };
    assert_eq!(summary.count(Ending::Conflicted), 0);
    assert_eq!(summary.count(Ending::Written), planned - first_group);
    assert_eq!(
        stored(backend.as_ref(), "USER#u1", &contested_sk).await,
        Some(changed),
        "the conflict of the cut-off run stays skipped"
    );
    // One run in the journal: the resumed writes carry the first run's id.
    let path = harness
        .state
        .session
        .journal_path
        .clone()
        .expect("a journal");
    let journal = std::fs::read_to_string(path).expect("journal");
    let headers = journal
        .lines()
        .filter(|line| line.contains("\"record\":\"batch\""))
        .count();
    assert_eq!(headers, 1, "{journal}");
    assert_eq!(
        journal
            .lines()
            .filter(|line| line.contains("\"record\":\"intent\""))
            .count(),
        planned,
        "nothing sent twice"
    );
    for n in 0..100 {
        let sk = format!("ORDER#2027-{n:04}");
        let now = stored(backend.as_ref(), "USER#u1", &sk)
            .await
            .expect("exists");
        if sk != contested_sk {
            assert_eq!(now.get("status"), Some(&AttrValue::s("DONE")), "{sk}");
        }
    }
}

/// Orders whose sort key is composed from their status (`STATUS#PENDING#ORDER#o1`): a bulk set
/// of `status` leaves it out of sync, says so in the dry run, and `K` updates it in the same
/// writes (each a conditioned transaction that moves the item), undone with the run.
#[tokio::test]
async fn a_bulk_dry_run_warns_of_derived_keys_and_k_updates_them_in_the_same_writes() {
    let orders: Vec<Item> = ["o1", "o2"]
        .iter()
        .map(|order| {
            let sk = format!("STATUS#PENDING#ORDER#{order}");
            item(&[("PK", "USER#u1"), ("SK", &sk), ("status", "PENDING")])
        })
        .collect();
    let (mut harness, backend) = querying_user_of("derived", 100, orders.clone()).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    let shown = tui_support::screen::screen(&harness.state, 160, 40);
    assert!(
        shown.contains("warning: SK (from status) is left out of sync on 2 of 2"),
        "{shown}"
    );
    assert!(shown.contains("update derived keys"), "{shown}");

    harness.act(Action::UpdateDerivedKeys).await;
    let BulkStage::DryRun(dry_run) = stage(&harness) else {
        panic!("still the dry run: {:?}", stage(&harness));
    };
    let counts = dry_run.plan.by_operation();
    assert_eq!(counts.get("TransactWriteItems"), Some(&2), "{counts:?}");
    assert!(dry_run.plan.derived.keys.iter().all(|key| key.updated));
    let shown = tui_support::screen::screen(&harness.state, 160, 40);
    assert!(
        shown.contains("SK (from status) is updated in 2 of 2"),
        "{shown}"
    );
    assert!(shown.contains("STATUS#DONE#ORDER#o1"), "{shown}");
    assert!(harness.writes().is_empty(), "nothing sent by the dry run");

    harness.act(Action::Confirm).await;
    for order in ["o1", "o2"] {
        let moved = stored(
            backend.as_ref(),
            "USER#u1",
            &format!("STATUS#DONE#ORDER#{order}"),
        )
        .await
        .expect("moved to the key the status composes");
        assert_eq!(moved.get("status"), Some(&AttrValue::s("DONE")));
        let old = format!("STATUS#PENDING#ORDER#{order}");
        assert_eq!(stored(backend.as_ref(), "USER#u1", &old).await, None);
    }
    harness.act(Action::UndoBatch).await;
    harness.act(Action::Confirm).await;
    for order in &orders {
        let sk = order
            .get("SK")
            .and_then(AttrValue::as_s)
            .unwrap_or_default();
        let restored = stored(backend.as_ref(), "USER#u1", sk).await;
        assert_eq!(restored.as_ref(), Some(order), "undone with the run");
    }
}

/// The one read `commands` hold.
fn the_read(commands: Vec<ddbx::app::command::Command>) -> ddbx::app::read::ReadJob {
    match commands.as_slice() {
        [ddbx::app::command::Command::Read(job)] => job.clone(),
        other => panic!("one read: {other:?}"),
    }
}

#[tokio::test]
async fn reading_the_journal_for_a_resume_or_an_undo_is_a_read_that_leaving_cancels() {
    use ddbx::app::command::Command;
    use ddbx::app::read::{Read, ReadFor};

    let (mut harness, _) = querying_user("journal-reads", 100).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    let resume = the_read(harness.act_only(Action::ResumeBatch));
    assert_eq!(resume.owner, ReadFor::BulkResume);
    assert!(matches!(resume.read, Read::CutOffRun { .. }), "{resume:?}");
    assert_eq!(
        harness.act_only(Action::Back),
        vec![Command::Cancel(vec![resume.id])]
    );
    assert!(harness.state.bulk.flow.is_none());
    // Its answer, should it land anyway, is ignored.
    let late = ddbx::worker::answer(resume, harness.backend.as_ref()).await;
    assert!(ddbx::app::update::update(&mut harness.state, late).is_empty());
    assert!(harness.state.bulk.flow.is_none());

    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(summary) = stage(&harness).clone() else {
        panic!("the summary after the run: {:?}", stage(&harness));
    };
    let undo = the_read(harness.act_only(Action::UndoBatch));
    assert_eq!(undo.owner, ReadFor::BulkUndo);
    let Read::JournaledRun { batch, .. } = &undo.read else {
        panic!("the run read from the journal: {undo:?}");
    };
    assert_eq!(batch, &summary.batch);
    assert_eq!(
        harness.act_only(Action::Back),
        vec![Command::Cancel(vec![undo.id])]
    );
    assert!(harness.state.bulk.flow.is_none());
}

/// `status` set on every match, up to the dry run.
async fn dry_run_over_forty_orders(test: &str) -> Harness {
    let (mut harness, _) = querying_user_of(test, 100, bulk::with_extra_orders(40)).await;
    harness.act(Action::MarkAll).await;
    set_attribute(&mut harness, "status", "\"DONE\"").await;
    harness.act(Action::Submit).await;
    harness
}

/// A run's progress on a terminal too short for it says what is below and scrolls.
#[tokio::test]
async fn the_progress_scrolls_when_longer_than_the_screen() {
    let mut harness = dry_run_over_forty_orders("scroll-progress").await;
    // The run's first group in flight, not answered.
    let _sent = harness.act_only(Action::Confirm);
    assert!(matches!(stage(&harness), BulkStage::Running(_)));
    let short = tui_support::screen::screen(&harness.state, 80, 10);
    assert!(
        short.contains("more · j/k <PageDown>/<PageUp> scroll"),
        "{short}"
    );
    let _ = harness.act_only(Action::PageDown);
    let scrolled = tui_support::screen::screen(&harness.state, 80, 10);
    assert!(scrolled.contains("above"), "{scrolled}");
}

/// A run's summary longer than the screen says how many lines are below; `j`/`k` and
/// `PgDn`/`PgUp` move the cursor and the pane follows it to the last row.
#[tokio::test]
async fn the_summary_scrolls_with_its_cursor() {
    let mut harness = dry_run_over_forty_orders("scroll-summary").await;
    harness.act(Action::Confirm).await;
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the summary: {:?}", stage(&harness));
    };
    let rows = summary.ended.len();
    assert!(rows > 40, "{rows}");
    let top = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(
        top.contains("more · j/k <PageDown>/<PageUp> scroll"),
        "{top}"
    );
    assert!(!top.contains("above"), "{top}");
    for _ in 0..2 {
        harness.act(Action::PageDown).await;
    }
    let BulkStage::Summary(summary) = stage(&harness) else {
        panic!("the summary stays");
    };
    assert!(
        summary.cursor > 20,
        "a page moves the cursor: {}",
        summary.cursor
    );
    let paged = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(paged.contains("above"), "{paged}");
    assert!(
        paged.contains('▶'),
        "the cursor's row is in sight:\n{paged}"
    );
    for _ in 0..rows {
        harness.act(Action::CursorDown).await;
    }
    let bottom = tui_support::screen::screen(&harness.state, 80, 24);
    assert!(bottom.contains('▶'), "{bottom}");
    assert!(
        !bottom.contains("more ·"),
        "the last row is in sight:\n{bottom}"
    );
}
