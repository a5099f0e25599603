//! The diff screen, a screen unit: `=` compares the open table with another table on the same
//! connection, chosen from the connection's tables. Both sides are read page by page through
//! the worker's reads, the worker compares them with the matching `ddbx diff` uses, and the
//! report lists the counts per entity and each difference; `Enter` shows one difference's items
//! side by side, `Esc` cancels the reads or closes the items, `y` copies the report as
//! `ddbx diff` prints it. Nothing is ever written. Snapshots of the screen.

mod tui_support;

use std::collections::BTreeSet;
use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::screens::diff::{DiffView, SEGMENTS, Shown, Stage};
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Loadable, Mode, Overlay, View, ViewMode};
use ddbx::app::update::query::open_form;
use ddbx::backend::memory::MemoryBackend;
use ddbx::connect::Place;
use ddbx::domain::access_pattern::SortOperator;
use ddbx::domain::ddb_json::item_to_json;
use ddbx::domain::diff::text::report_text;
use ddbx::domain::number::Number;
use ddbx::domain::request::QueryRequest;
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};
use tui_support::screen::screen;
use tui_support::{Harness, item, pk_sk_table, small_pages};

const SHOW: Action = Action::ShowScreen("show_diff");

fn number(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("a number"))
}

fn order(id: u32) -> Item {
    let mut order = item(&[
        ("PK", &format!("ORDER#{id:03}")),
        ("SK", "META"),
        ("status", "PACKED"),
        ("note", ""),
    ]);
    order.insert("total".to_owned(), number("12.5"));
    order.insert("blob".to_owned(), AttrValue::B(vec![0, 1, 2, 255]));
    order
}

/// The source: twelve orders, one with a 38-digit balance and one with a set of tags.
fn source_items() -> Vec<Item> {
    let mut items: Vec<Item> = (1..=12).map(order).collect();
    items[2].insert(
        "balance".to_owned(),
        number("1234567890123456789012345678901234567.1"),
    );
    items[3].insert(
        "tags".to_owned(),
        AttrValue::Ss(BTreeSet::from(["gift".to_owned(), "rush".to_owned()])),
    );
    items[2].insert("label".to_owned(), AttrValue::s("line\u{1b}[31mred"));
    items
}

/// The copy: ORDER#002 missing, ORDER#099 extra, the balance changed in its 38th digit, the
/// tags turned into a list; everything else equal.
fn target_items() -> Vec<Item> {
    let mut items = source_items();
    items.remove(1);
    items[1].insert(
        "balance".to_owned(),
        number("1234567890123456789012345678901234567.2"),
    );
    items[2].insert(
        "tags".to_owned(),
        AttrValue::L(vec![AttrValue::s("gift"), AttrValue::s("rush")]),
    );
    items.push(order(99));
    items
}

fn backend() -> MemoryBackend {
    let backend = MemoryBackend::empty();
    let _ = backend.create_table(pk_sk_table("Orders"), source_items());
    let _ = backend.create_table(pk_sk_table("OrdersV2"), target_items());
    let other_key = TableDescription::new(
        "Other",
        KeySchema::new(KeyAttribute::new("id", ValueType::S), None),
    );
    let _ = backend.create_table(other_key, Vec::new());
    backend
}

async fn started() -> Harness {
    let mut harness = Harness::new(Arc::new(backend()), "Orders", small_pages(5));
    harness.start().await;
    harness
}

fn shown(harness: &Harness) -> &DiffView {
    view_of::<DiffView>(harness.state.views.current())
        .unwrap_or_else(|| panic!("the diff is shown: {:?}", harness.state.views.current()))
}

/// The report shown, and its counts: equal, only in the source, only in the target, different.
fn reported(harness: &Harness) -> (Box<Shown>, (u64, u64, u64, u64)) {
    let Stage::Report(report) = shown(harness).stage.clone() else {
        panic!("a report: {:?}", shown(harness).stage);
    };
    let totals = report.report.totals();
    let counts = (
        totals.equal,
        totals.only_source,
        totals.only_target,
        totals.different,
    );
    (report, counts)
}

/// The reads asked for since the `before`th request.
fn reads_since(harness: &Harness, before: usize) -> Vec<&Read> {
    harness.requests[before..]
        .iter()
        .filter_map(|command| match command {
            Command::Read(job) => Some(&job.read),
            _ => None,
        })
        .collect()
}

/// Opens the screen and moves the cursor to `table`.
async fn choose(harness: &mut Harness, table: &str) {
    harness.act(SHOW).await;
    let Stage::Choosing(names) = &shown(harness).stage else {
        panic!("the tables are offered: {:?}", shown(harness).stage);
    };
    let names = names.loaded().expect("listed").clone();
    assert_eq!(names, ["OrdersV2", "Other"], "every table but the open one");
    let at = names
        .iter()
        .position(|name| name == table)
        .expect("offered");
    for _ in 0..at {
        harness.act(Action::CursorDown).await;
    }
}

#[tokio::test]
async fn the_open_table_is_compared_with_another_and_each_difference_is_reported() {
    let mut harness = started().await;
    // The overview's help lists the key the screen brought with it.
    harness.act(Action::ShowOverview).await;
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 200, 60);
    assert!(help.contains("Diff with another table"), "{help}");
    harness.act(Action::ToggleHelp).await;

    choose(&mut harness, "OrdersV2").await;
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::Screen("diff"))),
        "{:?}",
        harness.state.mode()
    );
    let before = harness.requests.len();
    harness.act(Action::Open).await;

    let (report, counts) = reported(&harness);
    assert_eq!(counts, (9, 1, 1, 2), "exactly the planted differences");
    let marks: Vec<String> = report
        .report
        .findings
        .iter()
        .map(|(_, finding)| {
            let key = finding
                .key()
                .get("PK")
                .and_then(AttrValue::as_s)
                .unwrap_or_default();
            format!("{} {key}", finding.mark())
        })
        .collect();
    assert_eq!(
        marks,
        ["- ORDER#002", "* ORDER#003", "* ORDER#004", "+ ORDER#099"],
        "differences in the order of their keys"
    );

    // Every request was a read for the screen: the description, pages of both tables (five
    // items a page), then the comparison in the worker; nothing was written.
    let reads: Vec<&Read> = harness.requests[before..]
        .iter()
        .map(|command| match command {
            Command::Read(job) => {
                assert_eq!(job.owner, ReadFor::Screen);
                &job.read
            }
            other => panic!("only reads: {other:?}"),
        })
        .collect();
    assert!(matches!(reads[0], Read::Describe { table } if table == "OrdersV2"));
    let scans = reads
        .iter()
        .filter(|read| matches!(read, Read::Scan(_)))
        .count();
    assert!(scans >= 6, "both tables read page by page: {scans} scans");
    assert!(
        matches!(reads.last(), Some(Read::Diff(_))),
        "{:?}",
        reads.last()
    );
    assert!(harness.writes().is_empty());

    // `y`: the report as `ddbx diff` prints it.
    harness.act(Action::CopyExplanation).await;
    let Some(Command::CopyToClipboard { text, .. }) = harness.side_effects.last() else {
        panic!("copied: {:?}", harness.side_effects);
    };
    assert_eq!(text, &report_text(&report.report, "Orders", "OrdersV2"));
    assert!(text.contains("diff Orders → OrdersV2"), "{text}");
    assert!(
        text.contains("1234567890123456789012345678901234567.2"),
        "all 38 digits: {text}"
    );

    // Enter shows a difference's items side by side; Esc goes back to the report, then leaves.
    harness.act(Action::Open).await;
    let Stage::Report(report) = &shown(&harness).stage else {
        panic!("still the report");
    };
    assert_eq!(report.open, Some(0));
    harness.act(Action::Back).await;
    let Stage::Report(report) = &shown(&harness).stage else {
        panic!("still the report");
    };
    assert_eq!(report.open, None);
    harness.act(Action::Back).await;
    assert!(view_of::<DiffView>(harness.state.views.current()).is_none());
}

#[tokio::test]
async fn from_the_inspector_only_the_items_partition_is_read_and_compared() {
    let mut harness = started().await;
    harness.state.inspect(source_items()[2].clone());
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 200, 60);
    assert!(
        help.contains("Diff this partition with another table"),
        "{help}"
    );
    harness.act(Action::ToggleHelp).await;
    choose(&mut harness, "OrdersV2").await;
    let before = harness.requests.len();
    harness.act(Action::Open).await;

    let reads = harness.reads_since(before);
    assert!(
        !reads.iter().any(|read| matches!(read, Read::Scan(_))),
        "{reads:?}"
    );
    let queries: Vec<&Read> = reads
        .iter()
        .copied()
        .filter(|read| matches!(read, Read::Query(_)))
        .collect();
    assert_eq!(queries.len(), 2, "one Query of each side: {queries:?}");
    for query in queries {
        let Read::Query(query) = query else { continue };
        assert_eq!(query.key_condition, "#pk = :pk");
        assert_eq!(
            query.params.values.get(":pk"),
            Some(&AttrValue::s("ORDER#003"))
        );
    }
    let Stage::Report(report) = &shown(&harness).stage else {
        panic!("a report: {:?}", shown(&harness).stage);
    };
    let totals = report.report.totals();
    assert_eq!(
        (totals.equal, totals.different),
        (0, 1),
        "only ORDER#003, its balance"
    );
    let text = screen(&harness.state, 120, 40);
    assert!(
        text.contains("compared: pk=\"ORDER#003\" (by Query)"),
        "{text}"
    );
    harness.act(Action::CopyExplanation).await;
    let Some(Command::CopyToClipboard { text, .. }) = harness.side_effects.last() else {
        panic!("copied: {:?}", harness.side_effects);
    };
    assert!(text.contains("pk=\"ORDER#003\" (by Query)"), "{text}");
}

#[tokio::test]
async fn i_ignores_a_differences_attributes_and_compares_again_without_reading() {
    let mut harness = started().await;
    choose(&mut harness, "OrdersV2").await;
    harness.act(Action::Open).await;
    // The second difference is ORDER#003's balance (the first, ORDER#002, is only in the
    // source).
    harness.act(Action::CursorDown).await;
    let before = harness.requests.len();
    harness.act(Action::HideColumn).await;
    let reads = harness.reads_since(before);
    assert!(
        matches!(reads.as_slice(), [Read::Diff(_)]),
        "compared again only: {reads:?}"
    );
    let view = shown(&harness);
    assert_eq!(view.ignore, BTreeSet::from(["balance".to_owned()]));
    let Stage::Report(report) = &view.stage else {
        panic!("a report: {:?}", view.stage);
    };
    let totals = report.report.totals();
    assert_eq!(
        (totals.equal, totals.different),
        (10, 1),
        "ORDER#003 now equal"
    );
    let text = screen(&harness.state, 120, 40);
    assert!(text.contains("ignoring balance"), "{text}");

    // On an item of one side only (ORDER#002, the first), i says what it does instead.
    harness.act(Action::CursorUp).await;
    harness.act(Action::HideColumn).await;
    let Some(ddbx::app::state::Notice::Info(notice)) = &harness.state.notice else {
        panic!("{:?}", harness.state.notice);
    };
    assert!(notice.contains("on one side only"), "{notice}");
    assert!(harness.writes().is_empty());
}

#[tokio::test]
async fn esc_cancels_the_reads_in_flight_and_compares_nothing() {
    let mut harness = started().await;
    choose(&mut harness, "OrdersV2").await;
    let describe = harness.act_only(Action::Open);
    let Some(Command::Read(job)) = describe.into_iter().next() else {
        panic!("the target is described first");
    };
    let described = harness
        .execute(Command::Read(job))
        .await
        .expect("an answer");
    let scans = harness.act_only(described);
    let ids: Vec<_> = scans
        .iter()
        .map(|command| match command {
            Command::Read(job) if matches!(job.read, Read::Scan(_)) => job.id,
            other => panic!("both sides' first pages: {other:?}"),
        })
        .collect();
    assert_eq!(
        ids.len(),
        2 * SEGMENTS as usize,
        "both sides are read at once, each by parallel scan segments"
    );
    let progress = screen(&harness.state, 80, 24);
    assert!(progress.contains("Orders: 0 of about"), "{progress}");

    let cancelled = harness.act_only(Action::Back);
    assert_eq!(cancelled, [Command::Cancel(ids)]);
    let Stage::Stopped { why, .. } = &shown(&harness).stage else {
        panic!("stopped: {:?}", shown(&harness).stage);
    };
    assert!(why.starts_with("cancelled"), "{why}");
    assert!(harness.writes().is_empty());

    // R compares the same two tables again.
    harness.act(Action::Refresh).await;
    assert!(matches!(shown(&harness).stage, Stage::Report(_)));
}

#[tokio::test]
async fn a_table_keyed_otherwise_is_refused_before_any_item_is_read() {
    let mut harness = started().await;
    choose(&mut harness, "Other").await;
    let before = harness.requests.len();
    harness.act(Action::Open).await;
    let Stage::Stopped { why, .. } = &shown(&harness).stage else {
        panic!("refused: {:?}", shown(&harness).stage);
    };
    assert!(
        why.starts_with("the keys differ: Orders has PK, SK, Other has id"),
        "{why}"
    );
    assert!(!harness.requests[before..].iter().any(|command| matches!(
        command,
        Command::Read(job) if matches!(job.read, Read::Scan(_))
    )));
}

#[tokio::test]
async fn the_report_and_a_difference_side_by_side_as_drawn() {
    let mut harness = started().await;
    choose(&mut harness, "OrdersV2").await;
    harness.act(Action::Open).await;
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(&harness.state, width, height);
        insta::assert_snapshot!(format!("diff_report_{width}x{height}"), text);
    }
    // The balance, changed in its 38th digit, and the control character escaped (ORDER#003,
    // after ORDER#002 which is only in the source).
    harness.act(Action::CursorDown).await;
    harness.act(Action::Open).await;
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(&harness.state, width, height);
        insta::assert_snapshot!(format!("diff_items_{width}x{height}"), text);
    }
    // The set turned into a list.
    harness.act(Action::Back).await;
    harness.act(Action::CursorDown).await;
    harness.act(Action::Open).await;
    let text = screen(&harness.state, 120, 40);
    insta::assert_snapshot!("diff_items_set_to_list_120x40", text);
}

/// Types `text` in the diff screen's prompt for the other side's place (`t`).
async fn type_place(harness: &mut Harness, text: &str) {
    harness.act(Action::EditItem).await;
    assert!(
        matches!(harness.state.overlay, Some(Overlay::Prompt(_))),
        "the place prompt opens"
    );
    harness.act_all(text.chars().map(Action::Input)).await;
    harness.act(Action::Submit).await;
}

/// `t` and a path: the other side is an export, loaded whole into an engine of its own, its
/// table offered and compared as a table on the connection would be; every read of it names
/// the export, and nothing is written anywhere.
#[tokio::test]
async fn t_and_a_path_compare_the_open_table_with_an_export() {
    let mut harness = started().await;
    let dir = harness.scratch_dir("diff-export");
    let lines: Vec<String> = target_items()
        .iter()
        .map(|item| serde_json::json!({ "Item": item_to_json(item) }).to_string())
        .collect();
    let export = dir.join("orders-backup.json");
    std::fs::write(&export, lines.join("\n")).expect("the export is written");

    harness.act(SHOW).await;
    let before = harness.requests.len();
    type_place(&mut harness, &export.display().to_string()).await;
    let view = shown(&harness);
    assert_eq!(view.place, Some(Place::File(export.clone())));
    let Stage::Choosing(names) = &view.stage else {
        panic!("the export's table is offered: {:?}", view.stage);
    };
    let names = names.loaded().expect("listed").clone();
    assert_eq!(names.len(), 1, "an export holds one table: {names:?}");
    let choosing = screen(&harness.state, 120, 40);
    assert!(
        choosing.contains(&format!("which table on --to-file {}", export.display())),
        "{choosing}"
    );

    harness.act(Action::Open).await;
    let (_, counts) = reported(&harness);
    assert_eq!(
        counts,
        (9, 1, 1, 2),
        "exactly the planted differences, the 38th digit and the set turned list among them"
    );
    // The target's reads (listing, description, pages) all went to the export.
    let reads = reads_since(&harness, before);
    let elsewhere = reads
        .iter()
        .filter(|read| matches!(read, Read::Elsewhere { place, .. } if **place == Place::File(export.clone())))
        .count();
    let scans_here = reads
        .iter()
        .filter(|read| matches!(read, Read::Scan(_)))
        .count();
    assert!(
        elsewhere >= 2 + SEGMENTS as usize,
        "{elsewhere} reads of the export"
    );
    assert!(
        scans_here >= SEGMENTS as usize,
        "the open table read here: {scans_here}"
    );
    assert!(harness.writes().is_empty());

    harness.act(Action::CopyExplanation).await;
    let Some(Command::CopyToClipboard { text, .. }) = harness.side_effects.last() else {
        panic!("copied: {:?}", harness.side_effects);
    };
    assert!(
        text.contains(&format!("--to-file {}", export.display())),
        "the report names the export: {text}"
    );
}

/// `t` and text that names no place: said, and nothing is read; the screen stays on the
/// session's tables.
#[tokio::test]
async fn a_place_that_cannot_be_understood_is_refused_and_nothing_is_read() {
    let mut harness = started().await;
    harness.act(SHOW).await;
    let before = harness.requests.len();
    type_place(&mut harness, "--to-table Orders").await;
    assert_eq!(harness.requests.len(), before, "nothing was read");
    let notice = format!("{:?}", harness.state.notice);
    assert!(notice.contains("--to-file PATH"), "{notice}");
    assert_eq!(shown(&harness).place, None);

    // A path that is no export: the listing fails with the reader's words, and nothing else is
    // read.
    let missing = harness.scratch_dir("diff-missing").join("none.json");
    type_place(&mut harness, &missing.display().to_string()).await;
    let Stage::Choosing(Loadable::Failed(why)) = &shown(&harness).stage else {
        panic!("the listing failed: {:?}", shown(&harness).stage);
    };
    assert!(why.contains("none.json"), "{why}");
}

/// `D` in a query's results: both tables are read by that query (its sort-key condition
/// included), and only its items are compared.
#[tokio::test]
async fn d_in_a_querys_results_compares_only_the_items_of_that_query() {
    let mut harness = started().await;
    let preset = QueryPreset {
        index: None,
        partition: Some("ORDER#003".to_owned()),
        sort: Some((SortOperator::BeginsWith, "ME".to_owned(), None)),
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    harness.act(Action::Submit).await;
    assert!(matches!(
        harness.state.views.current(),
        View::QueryResults { .. }
    ));

    harness.act(SHOW).await;
    let scope = shown(&harness).scope.words();
    assert!(scope.contains("(by Query)"), "{scope}");
    assert!(
        scope.contains("ORDER#003") && scope.contains("ME"),
        "{scope}"
    );
    let before = harness.requests.len();
    let at = {
        let Stage::Choosing(names) = &shown(&harness).stage else {
            panic!("the tables are offered");
        };
        let names = names.loaded().expect("listed");
        names
            .iter()
            .position(|name| name == "OrdersV2")
            .expect("offered")
    };
    for _ in 0..at {
        harness.act(Action::CursorDown).await;
    }
    harness.act(Action::Open).await;
    let (_, counts) = reported(&harness);
    assert_eq!(
        counts,
        (0, 0, 0, 1),
        "ORDER#003 alone, its balance changed in the 38th digit"
    );
    let queries: Vec<&QueryRequest> = harness.requests[before..]
        .iter()
        .filter_map(|command| match command {
            Command::Read(job) => match &job.read {
                Read::Query(request) => Some(request),
                Read::Scan(_) => panic!("a query's scope is never scanned"),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let tables: BTreeSet<&str> = queries.iter().map(|query| query.table.as_str()).collect();
    assert_eq!(tables, BTreeSet::from(["Orders", "OrdersV2"]));
    assert!(
        queries
            .iter()
            .all(|query| query.key_condition.contains("begins_with")),
        "the query's own key condition on both sides: {queries:?}"
    );
}
