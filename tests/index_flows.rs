//! Flows of the GSI browser and the sparse-index inspector on the demo table (memory engine):
//! browsing an index grouped by its partition key, opening index items and their base items,
//! coverage figures checked against counts computed independently from the demo items,
//! entity types, why-not reasons, pause/cancel and the results-table column keys.

mod tui_support;

use std::collections::{BTreeMap, BTreeSet};

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{Read, ReadFor, ReadJob};
use ddbx::app::state::indexes::coverage::CoverageMode;
use ddbx::app::state::{Notice, ScanStatus, Settings, View};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::value::{AttrValue, Item};
use tui_support::{Harness, small_pages};

const DEMO_SIZE: usize = 400;

fn demo_items() -> Vec<Item> {
    ddbx::demo::generate(1, DEMO_SIZE).1
}

async fn demo(settings: Settings) -> Harness {
    tui_support::started_demo(DEMO_SIZE, settings).await
}

fn view(harness: &Harness) -> &View {
    harness.state.views.current()
}

/// Whether `item` has a non-empty string `name` (every demo index key is a string).
fn has_key(item: &Item, name: &str) -> bool {
    item.get(name)
        .and_then(AttrValue::as_s)
        .is_some_and(|text| !text.is_empty())
}

/// The demo items an index holds, by DynamoDB's rule, computed without ddbx's membership code.
fn expected_in(index: &str) -> Vec<Item> {
    let keys: &[&str] = match index {
        "GSI1" => &["GSI1PK", "GSI1SK"],
        "GSI2" => &["GSI2PK", "GSI2SK"],
        "LSI1" => &["PK", "LSI1SK"],
        other => panic!("no index {other}"),
    };
    demo_items()
        .into_iter()
        .filter(|item| keys.iter().all(|key| has_key(item, key)))
        .collect()
}

fn index_row(harness: &Harness, name: &str) -> usize {
    let description = harness.state.described().expect("described");
    1 + description
        .indexes
        .iter()
        .position(|index| index.name == name)
        .expect("index exists")
}

async fn open_index_list(harness: &mut Harness) {
    harness.act(Action::ShowIndexes).await;
    assert_eq!(*view(harness), View::Indexes { cursor: 0 });
}

/// Presses Down until the cursor reaches `row` (the sparse-index inspector skips lines that
/// are not stops, so it may take fewer presses than rows).
async fn move_to(harness: &mut Harness, row: usize) {
    harness.act(Action::CursorFirst).await;
    for _ in 0..row {
        if index_cursor(view(harness)).is_some_and(|cursor| cursor >= row) {
            break;
        }
        harness.act(Action::CursorDown).await;
    }
    if let Some(cursor) = index_cursor(view(harness)) {
        assert_eq!(cursor, row, "the cursor reached row {row}");
    }
}

fn index_cursor(view: &View) -> Option<usize> {
    match view {
        View::Indexes { cursor }
        | View::IndexGroups { cursor, .. }
        | View::IndexItems { cursor, .. }
        | View::IndexCoverage { cursor, .. } => Some(*cursor),
        _ => None,
    }
}

async fn browse(harness: &mut Harness, index: &str) {
    open_index_list(harness).await;
    let row = index_row(harness, index);
    move_to(harness, row).await;
    harness.act(Action::Open).await;
}

#[tokio::test]
async fn the_index_list_shows_the_table_then_every_index_and_enter_on_the_table_opens_collections()
{
    let mut harness = demo(Settings::default()).await;
    open_index_list(&mut harness).await;
    // The table, GSI1, GSI2, GSI3 (multi-attribute keys) and LSI1.
    assert_eq!(ddbx::app::update::row_count(&harness.state), 5);
    harness.act(Action::Open).await;
    assert_eq!(*view(&harness), View::Prefixes { cursor: 0 });
}

#[tokio::test]
async fn the_global_key_and_the_overview_key_open_the_index_list() {
    let harness = demo(Settings::default()).await;
    let keymap = &harness.state.keymap;
    use ddbx::keymap::Section;
    assert_eq!(
        keymap
            .key_for(Section::Global, &Action::ShowIndexes)
            .as_deref(),
        Some("I")
    );
    assert!(
        keymap
            .key_for(Section::Overview, &Action::ShowIndexes)
            .is_some()
    );
}

#[tokio::test]
async fn browsing_a_sparse_gsi_scans_the_index_page_by_page_and_groups_by_its_partition_key() {
    let mut harness = demo(small_pages(7)).await;
    browse(&mut harness, "GSI2").await;
    let expected = expected_in("GSI2");
    assert!(
        !expected.is_empty(),
        "the demo flags some orders for review"
    );
    let browse = &harness.state.indexes.browses["GSI2"];
    assert_eq!(browse.scan.status, ScanStatus::Complete);
    assert!(browse.scan.is_exhaustive());
    assert_eq!(browse.items, expected.len() as u64);
    let pages = expected.len().div_ceil(7) as u64;
    assert!(
        browse.scan.progress.pages >= pages,
        "streamed in pages of 7"
    );
    let scans = harness.reads_for(ReadFor::IndexScan);
    assert!(!scans.is_empty());
    assert!(scans.iter().all(|read| matches!(
        read,
        Read::Scan(request) if request.index.as_deref() == Some("GSI2")
    )));
    let mut groups: BTreeMap<String, usize> = BTreeMap::new();
    for item in &expected {
        let pk = item["GSI2PK"].as_s().expect("string key").to_owned();
        *groups.entry(pk).or_default() += 1;
    }
    let found: BTreeMap<String, usize> = browse
        .groups
        .iter()
        .map(|g| (g.pk.as_s().expect("S").to_owned(), g.items.len()))
        .collect();
    assert_eq!(found, groups);
}

#[tokio::test]
async fn a_gsi_with_many_partitions_lists_them_in_key_order_with_their_counts() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI1").await;
    let expected = expected_in("GSI1");
    let mut groups: BTreeMap<String, usize> = BTreeMap::new();
    for item in &expected {
        *groups
            .entry(item["GSI1PK"].as_s().expect("S").to_owned())
            .or_default() += 1;
    }
    let browse = &harness.state.indexes.browses["GSI1"];
    let listed: Vec<(String, usize)> = browse
        .groups
        .iter()
        .map(|g| (g.pk.as_s().expect("S").to_owned(), g.items.len()))
        .collect();
    assert_eq!(listed, groups.into_iter().collect::<Vec<_>>());
    assert!(listed.len() > 1);
}

#[tokio::test]
async fn an_index_item_opens_as_the_index_holds_it_and_f_fetches_the_whole_base_item() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI2").await;
    harness.act(Action::Open).await;
    assert!(matches!(view(&harness), View::IndexItems { .. }));
    harness.act(Action::Open).await;
    let View::Inspector(inspector) = view(&harness) else {
        panic!("the inspector opens, not {:?}", view(&harness));
    };
    let index_item = inspector.item.clone();
    let allowed: BTreeSet<&str> = ["PK", "SK", "GSI2PK", "GSI2SK", "status", "total"].into();
    assert!(
        index_item
            .keys()
            .all(|name| allowed.contains(name.as_str())),
        "only projected attributes: {:?}",
        index_item.keys().collect::<Vec<_>>()
    );
    assert!(matches!(
        &harness.state.notice,
        Some(Notice::Info(text)) if text.contains("INCLUDE status, total")
    ));
    harness.act(Action::HistoryBack).await;
    harness.act(Action::FetchBaseItem).await;
    assert!(!harness.reads_for(ReadFor::IndexBaseItem).is_empty());
    let View::Inspector(inspector) = view(&harness) else {
        panic!("the base item opens in the inspector");
    };
    let base = demo_items()
        .into_iter()
        .find(|item| item["PK"] == index_item["PK"] && item["SK"] == index_item["SK"])
        .expect("the base item exists");
    assert_eq!(inspector.item, base);
    assert!(inspector.item.len() > index_item.len());
}

#[tokio::test]
async fn a_full_coverage_count_equals_the_true_counts_for_every_index() {
    let mut harness = demo(small_pages(50)).await;
    open_index_list(&mut harness).await;
    harness.act(Action::CoverageFull).await;
    let coverage = harness.state.indexes.coverage.as_ref().expect("a run");
    assert_eq!(coverage.mode, CoverageMode::Full);
    assert!(coverage.is_complete());
    let total = demo_items().len() as u64;
    assert_eq!(coverage.table_items, total);
    for index in ["GSI1", "GSI2", "LSI1"] {
        let expected = expected_in(index).len() as u64;
        let figures = coverage.index(index).expect("figures");
        assert_eq!(figures.in_index, expected, "{index} from the table's keys");
        let counted = figures.counted.as_ref().expect("a count scan");
        assert!(counted.is_exhaustive());
        assert_eq!(counted.count, expected, "{index} counted with Select=COUNT");
        let summary = coverage.summary(index).expect("a summary");
        assert!(
            summary.contains(&format!(
                "{expected} items in the index / {total} in the table"
            )),
            "{summary}"
        );
        assert!(summary.contains("complete"), "{summary}");
    }
}

#[tokio::test]
async fn a_sampled_coverage_reads_only_the_first_pages_and_says_it_is_sampled() {
    let mut harness = demo(small_pages(10)).await;
    open_index_list(&mut harness).await;
    harness.act(Action::CoverageSample).await;
    let coverage = harness.state.indexes.coverage.as_ref().expect("a run");
    assert_eq!(coverage.table.progress.pages, 10);
    assert_eq!(coverage.table_items, 100);
    assert!(!coverage.is_complete());
    assert!(coverage.indexes.iter().all(|c| c.counted.is_none()));
    let summary = coverage.summary("GSI2").expect("summary");
    assert!(
        summary.contains("sampled") && summary.contains("of 100 table items"),
        "{summary}"
    );
    assert!(coverage.index("GSI2").expect("GSI2").in_index <= 100);
    assert!(coverage.short("GSI2").expect("short").ends_with("sampled"));
}

#[tokio::test]
async fn the_entity_types_in_a_sparse_index_are_those_of_its_items() {
    let mut harness = demo(Settings::default()).await;
    open_index_list(&mut harness).await;
    harness.act(Action::CoverageFull).await;
    let description = harness.state.described().expect("described").clone();
    let decoder = EntityDecoder::new();
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for item in expected_in("GSI2") {
        let name = decoder
            .decode(&item, &description.key)
            .map_or_else(|| "(unknown)".to_owned(), |e| e.name);
        *expected.entry(name).or_default() += 1;
    }
    let coverage = harness.state.indexes.coverage.as_ref().expect("a run");
    assert_eq!(coverage.index("GSI2").expect("GSI2").entities, expected);
    assert_eq!(
        expected.keys().collect::<Vec<_>>(),
        ["Order"],
        "only orders are flagged for review"
    );
}

#[tokio::test]
async fn the_sparse_inspector_says_why_items_are_not_in_the_index_and_opens_an_example() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI2").await;
    harness.act(Action::HistoryBack).await;
    harness.act(Action::ShowIndexCoverage).await;
    assert!(matches!(view(&harness), View::IndexCoverage { index, .. } if index == "GSI2"));
    harness.act(Action::CoverageFull).await;
    let lines = ddbx::app::state::indexes::coverage_lines::coverage_lines(&harness.state, "GSI2");
    let user_line = lines
        .iter()
        .position(|line| {
            line.example.is_some()
                && line.text.contains("User ")
                && line.text.contains("GSI2PK missing, GSI2SK missing")
        })
        .unwrap_or_else(|| panic!("a reason line for users: {lines:#?}"));
    let users_without = demo_items()
        .iter()
        .filter(|item| item.get("type") == Some(&AttrValue::s("User")))
        .count();
    assert!(
        lines[user_line]
            .text
            .contains(&format!(" {users_without}  ")),
        "{}",
        lines[user_line].text
    );
    move_to(&mut harness, user_line).await;
    harness.act(Action::Open).await;
    let View::Inspector(inspector) = view(&harness) else {
        panic!("the example opens in the inspector");
    };
    assert_eq!(inspector.item.get("type"), Some(&AttrValue::s("User")));
    let rows = inspector.rows(&ddbx::app::state::rows::row_context(&harness.state));
    assert!(
        rows.iter()
            .any(|row| row.value == "not in GSI2: GSI2PK missing, GSI2SK missing"),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .any(|row| row.value.starts_with("in GSI1 as") || row.value.starts_with("not in GSI1"))
    );
}

#[tokio::test]
async fn pausing_an_index_browse_stops_new_pages_and_resuming_continues() {
    let mut harness = demo(small_pages(5)).await;
    open_index_list(&mut harness).await;
    let row = index_row(&harness, "GSI1");
    move_to(&mut harness, row).await;
    let first = harness.act_only(Action::Open);
    let [
        Command::Read(ReadJob {
            owner: ReadFor::IndexScan,
            ..
        }),
    ] = first.as_slice()
    else {
        panic!("one page at a time: {first:?}");
    };
    assert!(harness.act_only(Action::TogglePauseScan).is_empty());
    let answer = harness.execute(first[0].clone()).await.expect("a page");
    let after = harness.act_only(answer);
    assert!(after.is_empty(), "paused: no new page");
    let browse = &harness.state.indexes.browses["GSI1"];
    assert_eq!(browse.scan.status, ScanStatus::Paused);
    assert_eq!(browse.items, 5);
    let resumed = harness.act_only(Action::TogglePauseScan);
    let [
        Command::Read(ReadJob {
            owner: ReadFor::IndexScan,
            read: Read::Scan(request),
            ..
        }),
    ] = resumed.as_slice()
    else {
        panic!("resuming issues the next page: {resumed:?}");
    };
    assert!(request.start_key.is_some(), "from where it stopped");
    harness.run(resumed).await;
    assert_eq!(
        harness.state.indexes.browses["GSI1"].items,
        expected_in("GSI1").len() as u64
    );
}

#[tokio::test]
async fn cancelling_an_index_browse_aborts_the_page_and_keeps_what_was_read() {
    let mut harness = demo(small_pages(5)).await;
    open_index_list(&mut harness).await;
    let row = index_row(&harness, "GSI1");
    move_to(&mut harness, row).await;
    let first = harness.act_only(Action::Open);
    let answer = harness.execute(first[0].clone()).await.expect("a page");
    let second = harness.act_only(answer);
    let [
        Command::Read(ReadJob {
            id,
            owner: ReadFor::IndexScan,
            ..
        }),
    ] = second.as_slice()
    else {
        panic!("a second page: {second:?}");
    };
    let cancelled = harness.act_only(Action::CancelScan);
    assert_eq!(cancelled, vec![Command::Cancel(vec![*id])]);
    let late = harness.execute(second[0].clone()).await.expect("a page");
    assert!(
        harness.act_only(late).is_empty(),
        "the late page is dropped"
    );
    let browse = &harness.state.indexes.browses["GSI1"];
    assert_eq!(browse.scan.status, ScanStatus::Cancelled);
    assert_eq!(browse.items, 5);
}

#[tokio::test]
async fn column_keys_sort_hide_and_resize_the_index_items_table() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI2").await;
    harness.act(Action::Open).await;
    let column_of = |harness: &Harness, title: &str| {
        let View::IndexItems { index, pk, .. } = view(harness) else {
            panic!("index items");
        };
        let group = harness.state.indexes.browses[index]
            .group(pk)
            .expect("group");
        group
            .columns
            .as_ref()
            .expect("columns")
            .columns()
            .iter()
            .position(|c| c.title() == title)
            .expect("column")
    };
    let total = column_of(&harness, "total");
    for _ in 0..total {
        harness.act(Action::NextColumn).await;
    }
    harness.act(Action::SortColumn).await;
    let View::IndexItems {
        index, pk, column, ..
    } = view(&harness).clone()
    else {
        panic!("index items");
    };
    assert_eq!(column, total);
    let group = harness.state.indexes.browses[&index]
        .group(&pk)
        .expect("group");
    let totals: Vec<ddbx::domain::number::Number> = (0..group.items.len())
        .map(|row| {
            let item = group.item_at(row).expect("row");
            item["total"].as_n().expect("N").clone()
        })
        .collect();
    assert!(
        totals.windows(2).all(|pair| pair[0] <= pair[1]),
        "{totals:?}"
    );
    let before = group.columns.as_ref().expect("columns").columns()[total].width;
    harness.act(Action::WidenColumn).await;
    harness.act(Action::HideColumn).await;
    let group = harness.state.indexes.browses[&index]
        .group(&pk)
        .expect("group");
    let column = &group.columns.as_ref().expect("columns").columns()[total];
    assert_eq!(column.width, before + 2);
    assert!(column.hidden);
}

#[tokio::test]
async fn q_queries_the_index_from_the_query_builder_with_the_index_partition_filled_in() {
    let mut harness = demo(Settings::default()).await;
    open_index_list(&mut harness).await;
    let row = index_row(&harness, "GSI2");
    move_to(&mut harness, row).await;
    harness.act(Action::QueryIndex).await;
    let Some(ddbx::app::state::Overlay::QueryForm(form)) = &harness.state.overlay else {
        panic!("the query builder opens: {:?}", harness.state.overlay);
    };
    assert_eq!(form.spec.index.as_deref(), Some("GSI2"));
    assert_eq!(form.spec.partition, "");
    harness.act(Action::Back).await;
    harness.act(Action::Open).await;
    harness.act(Action::Open).await;
    harness.act(Action::QueryIndex).await;
    let Some(ddbx::app::state::Overlay::QueryForm(form)) = &harness.state.overlay else {
        panic!("the query builder opens from an index partition");
    };
    assert_eq!(form.spec.index.as_deref(), Some("GSI2"));
    assert_eq!(form.spec.partition, "ORDERS_PENDING_REVIEW");
}

#[tokio::test]
async fn the_coverage_scan_reads_only_keys_index_keys_and_type_attributes() {
    let mut harness = demo(small_pages(50)).await;
    open_index_list(&mut harness).await;
    let before = harness.requests.len();
    harness.act(Action::CoverageFull).await;
    let table_scans: Vec<ddbx::backend::ScanRequest> = harness.requests[before..]
        .iter()
        .filter_map(|command| match command {
            Command::Read(ReadJob {
                owner: ReadFor::IndexScan,
                read: Read::Scan(request),
                ..
            }) if request.index.is_none() => Some(request.clone()),
            _ => None,
        })
        .collect();
    assert!(table_scans.len() >= 2, "the table is scanned page by page");
    // The demo's keys and index keys, named here rather than taken from ddbx's description.
    let allowed: BTreeSet<&str> = [
        "PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "LSI1SK", "status", "region",
        "placedAt", "total",
    ]
    .into_iter()
    .chain(ddbx::domain::entity::TYPE_ATTRIBUTES)
    .collect();
    let mut dropped = BTreeSet::new();
    let mut read = 0;
    for request in &table_scans {
        let projection = request.projection.as_deref().expect("a projection");
        let named: BTreeSet<&str> = projection
            .split(", ")
            .map(|path| request.params.names.get(path).map_or(path, String::as_str))
            .collect();
        assert_eq!(named, allowed, "{projection}");
        let page = harness.backend.scan(request.clone()).await.expect("scan");
        read += page.items.len();
        for item in &page.items {
            assert!(
                item.keys().all(|name| allowed.contains(name.as_str())),
                "{item:?}"
            );
        }
    }
    assert_eq!(read, DEMO_SIZE, "the pages cover the table");
    for item in demo_items() {
        dropped.extend(
            item.into_keys()
                .filter(|name| !allowed.contains(name.as_str())),
        );
    }
    assert!(
        !dropped.is_empty(),
        "the demo items hold attributes the projection leaves out"
    );
}

#[tokio::test]
async fn an_index_scan_counts_its_time_from_when_it_started_not_from_program_start() {
    use ddbx::app::action::Clock;
    use std::time::Duration;
    let tick = |seconds: f64| {
        Action::Tick(Clock {
            uptime: Duration::from_secs_f64(seconds),
            unix_seconds: 0,
        })
    };
    let mut harness = demo(small_pages(7)).await;
    open_index_list(&mut harness).await;
    let row = index_row(&harness, "GSI2");
    move_to(&mut harness, row).await;
    // The clock was last read at program start; the scan starts long after, its page in flight.
    let pending = harness.act_only(Action::Open);
    harness.act(tick(177.0)).await;
    harness.act(tick(177.5)).await;
    harness.run(pending).await;
    let elapsed = harness.state.indexes.browses["GSI2"].scan.progress.elapsed;
    assert!(
        elapsed <= Duration::from_millis(500),
        "elapsed {elapsed:?} includes time before the scan started"
    );
}

#[tokio::test]
async fn rerunning_a_failed_discovery_clears_its_failure_notice() {
    use ddbx::app::update::update;
    use ddbx::backend::BackendError;
    let mut harness = demo(Settings::default()).await;
    let commands = harness.act_only(Action::RestartScan);
    let Some(Command::Read(ReadJob { id, .. })) = commands
        .iter()
        .find(|command| matches!(command, Command::Read(job) if job.owner == ReadFor::Discovery))
    else {
        panic!("a discovery page requested: {commands:?}");
    };
    let failed = Action::ReadDone {
        id: *id,
        owner: ReadFor::Discovery,
        result: Err(BackendError::Validation("throttled for the test".to_owned()).into()),
    };
    update(&mut harness.state, failed);
    assert!(
        matches!(&harness.state.notice, Some(Notice::Error(text)) if text.contains("discovery scan failed")),
        "{:?}",
        harness.state.notice
    );
    harness.act(Action::RestartScan).await;
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
    assert!(
        !matches!(&harness.state.notice, Some(Notice::Error(text)) if text.contains("discovery scan failed")),
        "{:?}",
        harness.state.notice
    );
}

#[tokio::test]
async fn the_sparse_inspector_cursor_stops_only_on_lines_with_an_example_to_open() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI2").await;
    harness.act(Action::HistoryBack).await;
    harness.act(Action::ShowIndexCoverage).await;
    harness.act(Action::CoverageFull).await;
    let lines = ddbx::app::state::indexes::coverage_lines::coverage_lines(&harness.state, "GSI2");
    let stops: Vec<usize> = (0..lines.len())
        .filter(|at| lines[*at].example.is_some())
        .collect();
    assert!(stops.len() >= 2, "{lines:#?}");
    assert!(lines[0].example.is_none(), "the first line is a heading");
    let cursor = |harness: &Harness| match view(harness) {
        View::IndexCoverage { cursor, .. } => *cursor,
        other => panic!("the sparse-index inspector, not {other:?}"),
    };
    assert_eq!(
        cursor(&harness),
        stops[0],
        "the cursor starts on the first example"
    );
    let mut visited = vec![cursor(&harness)];
    for _ in 0..lines.len() {
        harness.act(Action::CursorDown).await;
        visited.push(cursor(&harness));
    }
    visited.dedup();
    assert_eq!(
        visited, stops,
        "down visits each example line, and only those"
    );
    harness.act(Action::CursorUp).await;
    assert_eq!(cursor(&harness), stops[stops.len() - 2]);
    harness.act(Action::CursorFirst).await;
    assert_eq!(cursor(&harness), stops[0]);
    harness.act(Action::CursorLast).await;
    assert_eq!(cursor(&harness), stops[stops.len() - 1]);
}

/// The inspector's rows of the current view, as label: value lines.
fn inspector_rows(harness: &Harness) -> Vec<String> {
    let View::Inspector(inspector) = view(harness) else {
        panic!("the inspector is shown, not {:?}", view(harness));
    };
    inspector
        .rows(&ddbx::app::state::rows::row_context(&harness.state))
        .into_iter()
        .map(|row| format!("{}: {}", row.label, row.value))
        .collect()
}

#[tokio::test]
async fn an_item_from_a_partial_index_is_marked_partial_and_f_there_fetches_the_base_item() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI2").await;
    harness.act(Action::Open).await;
    harness.act(Action::Open).await;
    let rows = inspector_rows(&harness);
    assert!(
        rows.iter().any(
            |row| row.starts_with("partial: the item as GSI2 holds it (INCLUDE status, total)")
        ),
        "{rows:#?}"
    );
    // Nothing is inferred from the projection alone: no entity, no size, and no membership of
    // other indexes (GSI1's keys were not projected, which says nothing of the base item).
    for absent in ["entity: ", "size: ", "index: not in GSI1"] {
        assert!(
            !rows.iter().any(|row| row.starts_with(absent)),
            "{absent}: {rows:#?}"
        );
    }
    assert!(
        rows.iter().any(|row| row.starts_with("index: in GSI2 as")),
        "it was read from GSI2, so it is in GSI2: {rows:#?}"
    );
    // Edits would start from the projection: refused until the base item is fetched.
    harness.act(Action::EditItem).await;
    assert!(harness.state.edits.flow.is_none());
    assert!(matches!(
        &harness.state.notice,
        Some(Notice::Error(text)) if text.contains("partial")
    ));

    let partial_view = view(&harness).clone();
    harness.act(Action::FetchBaseItem).await;
    assert!(!harness.reads_for(ReadFor::IndexBaseItem).is_empty());
    assert_ne!(*view(&harness), partial_view, "the base item opens");
    let rows = inspector_rows(&harness);
    assert!(
        !rows.iter().any(|row| row.starts_with("partial: ")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.starts_with("size: ")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.starts_with("entity: ")),
        "{rows:#?}"
    );
}

#[tokio::test]
async fn an_item_from_an_index_projecting_everything_is_not_partial() {
    let mut harness = demo(Settings::default()).await;
    browse(&mut harness, "GSI1").await;
    harness.act(Action::Open).await;
    harness.act(Action::Open).await;
    let rows = inspector_rows(&harness);
    assert!(
        !rows.iter().any(|row| row.starts_with("partial: ")),
        "{rows:#?}"
    );
    assert!(
        rows.iter().any(|row| row.starts_with("size: ")),
        "{rows:#?}"
    );
}
