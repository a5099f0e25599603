//! The palette end to end on the state machine: access patterns with parameter prompts, the
//! exact Query they issue, history recorded (and written through the worker), re-run from the
//! palette, reloaded from its file; plus snapshots of the overlay.

mod tui_support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::state::palette::PaletteStage;
use ddbx::app::state::query::history::{self, QueryHistory};
use ddbx::app::state::{Overlay, Settings, View};
use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, ExpressionParams, QueryRequest};
use ddbx::clipboard::RecordingClipboard;
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::model::Model;
use ddbx::domain::value::AttrValue;
use ddbx::worker::Worker;
use tui_support::Harness;
use tui_support::screen::screen;

const MODEL: &str = r##"
[[access_pattern]]
name = "store_status"
pk = "STORE#{storeId}"
sk_operator = "begins_with"
sk = "STATUS#{status}#DATE#{date}"

[[access_pattern]]
name = "store_between"
pk = "STORE#{storeId}"
sk_operator = "between"
sk = "STATUS#{from}"
sk_to = "STATUS#{to}"

[[access_pattern]]
name = "group_roster"
index = "GSI1"
pk = "GROUP#{groupId}"
"##;

/// A scratch directory removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "ddbx-palette-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        Self(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn backend() -> Arc<MemoryBackend> {
    let (description, items) = ddbx::demo::generate(1, 400);
    Arc::new(MemoryBackend::new(description, items).expect("demo loads"))
}

async fn demo_with_model(backend: Arc<MemoryBackend>) -> Harness {
    let mut harness = Harness::new(backend, ddbx::demo::TABLE_NAME, Settings::default());
    let model = Model::parse(MODEL, "model.toml").unwrap_or_else(|error| panic!("{error}"));
    harness.state.entities = EntityDecoder::with_model(model);
    harness.start().await;
    harness
}

async fn type_text(harness: &mut Harness, text: &str) {
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

fn store_request(pk: &str, prefix: &str) -> QueryRequest {
    QueryRequest::new(
        ddbx::demo::TABLE_NAME,
        "#pk = :pk AND begins_with(#sk, :sk)",
        ExpressionParams {
            names: BTreeMap::from([
                ("#pk".to_owned(), "PK".to_owned()),
                ("#sk".to_owned(), "SK".to_owned()),
            ]),
            values: BTreeMap::from([
                (":pk".to_owned(), AttrValue::s(pk)),
                (":sk".to_owned(), AttrValue::s(prefix)),
            ]),
        },
    )
}

/// Palette → `store_status` → storeId, status, (no date) → the Query runs.
async fn run_store_status(harness: &mut Harness) {
    harness.act(Action::OpenPalette).await;
    type_text(harness, "store_sta").await;
    harness.act(Action::Submit).await;
    type_text(harness, "st_0001").await;
    harness.act(Action::Submit).await;
    type_text(harness, "RENOVATING").await;
    harness.act(Action::Submit).await;
    harness.act(Action::Submit).await;
}

#[tokio::test]
async fn a_pattern_asks_for_each_parameter_then_issues_the_exact_query() {
    let backend = backend();
    let mut harness = demo_with_model(Arc::clone(&backend)).await;
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "store_sta").await;
    harness.act(Action::Submit).await;
    let Some(Overlay::Palette(palette)) = &harness.state.overlay else {
        panic!("the palette stays open for the parameters");
    };
    let PaletteStage::Parameters { names, current, .. } = &palette.stage else {
        panic!("asking for parameters: {palette:?}");
    };
    assert_eq!(
        (names.as_slice(), *current),
        (
            &["storeId".to_owned(), "status".to_owned(), "date".to_owned()][..],
            0
        )
    );
    assert!(
        harness.query_pages().is_empty(),
        "nothing sent before the last parameter"
    );

    type_text(&mut harness, "st_0001").await;
    harness.act(Action::Submit).await;
    type_text(&mut harness, "RENOVATING").await;
    harness.act(Action::Submit).await;
    harness.act(Action::Submit).await;

    let expected = store_request("STORE#st_0001", "STATUS#RENOVATING#DATE#");
    assert_eq!(harness.query_pages(), [&expected]);
    assert_eq!(harness.state.overlay, None);
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("the results view is open");
    };
    let shown = &harness.state.queries.runs[*run].items.to_vec();
    let direct = backend
        .query(expected.clone())
        .await
        .expect("the query runs")
        .items;
    assert_eq!(shown, &direct);
    assert!(
        shown.iter().all(|item| item["SK"]
            .as_s()
            .is_some_and(|sk| sk.starts_with("STATUS#RENOVATING#DATE#"))),
        "{shown:?}"
    );
}

#[tokio::test]
async fn an_index_pattern_without_sort_key_runs_on_its_index() {
    let mut harness = demo_with_model(backend()).await;
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "roster").await;
    harness.act(Action::Submit).await;
    type_text(&mut harness, "grp_001").await;
    harness.act(Action::Submit).await;
    let mut expected = QueryRequest::new(
        ddbx::demo::TABLE_NAME,
        "#pk = :pk",
        ExpressionParams {
            names: BTreeMap::from([("#pk".to_owned(), "GSI1PK".to_owned())]),
            values: BTreeMap::from([(":pk".to_owned(), AttrValue::s("GROUP#grp_001"))]),
        },
    );
    expected.index = Some("GSI1".to_owned());
    assert_eq!(harness.query_pages(), [&expected]);
}

#[tokio::test]
async fn a_parameter_mistake_keeps_the_palette_open_with_the_reason_and_sends_nothing() {
    let mut harness = demo_with_model(backend()).await;
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "store_betw").await;
    harness.act(Action::Submit).await;
    for value in ["st_0001", "Z", "A"] {
        type_text(&mut harness, value).await;
        harness.act(Action::Submit).await;
    }
    assert!(harness.query_pages().is_empty());
    let Some(Overlay::Palette(palette)) = &harness.state.overlay else {
        panic!("the palette stays open");
    };
    let error = palette.error.as_deref().expect("a reason");
    assert!(
        error.contains(
            "The BETWEEN operator requires upper bound to be greater than or equal to lower bound"
        ),
        "{error}"
    );
    // Esc steps back through the parameters, then to the list, then closes.
    for _ in 0..3 {
        harness.act(Action::Back).await;
    }
    let Some(Overlay::Palette(palette)) = &harness.state.overlay else {
        panic!("still open on the list");
    };
    assert_eq!(palette.stage, PaletteStage::Choose);
    harness.act(Action::Back).await;
    assert_eq!(harness.state.overlay, None);
}

#[tokio::test]
async fn an_executed_query_is_recorded_and_rerun_from_the_palette() {
    let scratch = Scratch::new("rerun");
    let mut harness = demo_with_model(backend()).await;
    let file = history::file_in(&scratch.0, ddbx::demo::TABLE_NAME);
    harness.state.queries.history.file = Some(file.clone());
    run_store_status(&mut harness).await;
    let expected = store_request("STORE#st_0001", "STATUS#RENOVATING#DATE#");
    let entries = &harness.state.queries.history.entries;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].request, expected);
    assert_eq!(entries[0].unix_seconds, tui_support::NOW);
    let appends: Vec<&Command> = harness
        .side_effects
        .iter()
        .filter(|command| matches!(command, Command::AppendHistory { .. }))
        .collect();
    assert_eq!(
        appends,
        [&Command::AppendHistory {
            path: file,
            line: entries[0].to_line(),
        }]
    );

    // The history entry is offered and re-runs the same request.
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "RENOVATING").await;
    harness.act(Action::Submit).await;
    assert_eq!(harness.query_pages(), [&expected, &expected]);
    assert_eq!(
        harness.state.queries.history.entries.len(),
        1,
        "a re-run is not a new entry"
    );
}

#[tokio::test]
async fn the_worker_writes_history_that_the_next_session_loads() {
    let scratch = Scratch::new("reload");
    let mut harness = demo_with_model(backend()).await;
    let file = history::file_in(&scratch.0, ddbx::demo::TABLE_NAME);
    harness.state.queries.history.file = Some(file.clone());
    run_store_status(&mut harness).await;

    let (sender, mut results) = tokio::sync::mpsc::unbounded_channel();
    let mut worker = Worker::new(backend(), Arc::new(RecordingClipboard::default()), sender);
    for command in harness.side_effects.drain(..) {
        if matches!(command, Command::AppendHistory { .. }) {
            worker.run(command);
        }
    }
    assert!(results.try_recv().is_err(), "no error notice");

    let (loaded, warning) = history::load(&file);
    assert_eq!(warning, None);
    assert_eq!(loaded.entries, harness.state.queries.history.entries);

    // A new session on the same table offers it in the palette.
    let mut next = demo_with_model(backend()).await;
    next.state.queries.history = loaded;
    next.act(Action::OpenPalette).await;
    type_text(&mut next, "st_0001").await;
    next.act(Action::Submit).await;
    assert_eq!(
        next.query_pages(),
        [&store_request("STORE#st_0001", "STATUS#RENOVATING#DATE#")]
    );
}

#[tokio::test]
async fn a_history_write_failure_is_reported_not_fatal() {
    let scratch = Scratch::new("unwritable");
    std::fs::create_dir_all(&scratch.0).expect("scratch");
    // A file where the history directory should be.
    std::fs::write(scratch.0.join("ddbx"), "").expect("blocker");
    let (sender, mut results) = tokio::sync::mpsc::unbounded_channel();
    let mut worker = Worker::new(backend(), Arc::new(RecordingClipboard::default()), sender);
    worker.run(Command::AppendHistory {
        path: history::file_in(&scratch.0, "t"),
        line: "{}".to_owned(),
    });
    match results.try_recv() {
        Ok(Action::Notice(message)) => {
            assert!(
                message.starts_with("query history not saved to"),
                "{message}"
            );
        }
        other => panic!("expected a notice, got {other:?}"),
    }
}

#[tokio::test]
async fn the_palette_lists_patterns_and_history_and_prompts_for_parameters() {
    let mut harness = demo_with_model(backend()).await;
    run_store_status(&mut harness).await;
    // Hostile text in a past query is shown escaped.
    let mut hostile = store_request("STORE#\u{1b}[31mred", "X");
    hostile.index = None;
    harness
        .state
        .queries
        .history
        .push(tui_support::NOW, &hostile);
    harness.act(Action::OpenPalette).await;
    insta::assert_snapshot!("palette_choose_80x24", screen(&harness.state, 80, 24));
    type_text(&mut harness, "sto").await;
    harness.act(Action::Submit).await;
    type_text(&mut harness, "st_0001").await;
    harness.act(Action::Submit).await;
    type_text(&mut harness, "OPEN").await;
    insta::assert_snapshot!("palette_parameters_80x24", screen(&harness.state, 80, 24));
}

#[test]
fn an_empty_history_and_no_model_leave_an_explanation() {
    let history = QueryHistory::default();
    let rows = ddbx::app::state::palette::choices(&[], &history, "");
    assert!(rows.is_empty());
}

#[tokio::test]
async fn the_results_query_is_copied_as_each_snippet() {
    use ddbx::share::{SnippetKind, snippet};
    let mut harness = demo_with_model(backend()).await;
    harness.act(Action::CopyQueryAwsCli).await;
    assert!(
        harness
            .side_effects
            .iter()
            .all(|command| !matches!(command, Command::CopyToClipboard { .. })),
        "nothing to copy before a query ran"
    );
    run_store_status(&mut harness).await;
    let expected = store_request("STORE#st_0001", "STATUS#RENOVATING#DATE#");
    for (action, kind) in [
        (Action::CopyQueryAwsCli, SnippetKind::AwsCli),
        (Action::CopyQueryBoto3, SnippetKind::Boto3),
        (Action::CopyQueryJavascript, SnippetKind::JavaScript),
    ] {
        harness.act(action).await;
        let Some(Command::CopyToClipboard { text, what }) = harness.side_effects.last() else {
            panic!("a copy: {:?}", harness.side_effects.last());
        };
        assert_eq!(
            text,
            &snippet(kind, &expected, &harness.state.session.connection)
        );
        assert_eq!(what, &format!("the query as {}", kind.label()));
    }
}

fn form_on_screen(harness: &Harness) -> &ddbx::app::state::QueryForm {
    match &harness.state.overlay {
        Some(Overlay::QueryForm(form)) => form,
        other => panic!("the query builder expected, got {other:?}"),
    }
}

#[tokio::test]
async fn edit_query_reopens_the_query_on_screen_not_an_earlier_form() {
    let mut harness = demo_with_model(backend()).await;
    // A query built in the form first, so an earlier form exists.
    harness.act(Action::OpenQueryForm).await;
    harness.act(Action::Submit).await;
    let first_form = form_on_screen_after_edit(&mut harness).await;
    harness.act(Action::Back).await;
    // Then two runs from the palette: an index pattern, then a table pattern.
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "roster").await;
    harness.act(Action::Submit).await;
    type_text(&mut harness, "grp_001").await;
    harness.act(Action::Submit).await;
    run_store_status(&mut harness).await;

    harness.act(Action::EditQuery).await;
    let spec = &form_on_screen(&harness).spec;
    assert_ne!(spec.partition, first_form, "not the earlier form");
    assert_eq!(
        (spec.index.as_deref(), spec.partition.as_str()),
        (None, "STORE#st_0001")
    );
    assert_eq!(spec.sort, ddbx::domain::query_spec::SortChoice::BeginsWith);
    assert!(spec.sort_value.starts_with("STATUS#RENOVATING"), "{spec:?}");
    // Enter runs exactly the query that was on screen.
    harness.act(Action::Submit).await;
    let pages = harness.query_pages();
    assert_eq!(pages[pages.len() - 1], pages[pages.len() - 2]);

    // Back on the index run, `e` shows that run's own query.
    harness.act(Action::HistoryBack).await;
    harness.act(Action::HistoryBack).await;
    harness.act(Action::EditQuery).await;
    let spec = &form_on_screen(&harness).spec;
    assert_eq!(
        (spec.index.as_deref(), spec.partition.as_str()),
        (Some("GSI1"), "GROUP#grp_001")
    );
}

/// `e` on the results of the form just submitted: the partition that form queried.
async fn form_on_screen_after_edit(harness: &mut Harness) -> String {
    harness.act(Action::EditQuery).await;
    form_on_screen(harness).spec.partition.clone()
}

#[tokio::test]
async fn the_selected_entry_is_shown_whole_and_the_others_end_in_an_ellipsis() {
    let mut harness = demo_with_model(backend()).await;
    let long_key = format!("STORE#st_0001#REGION#{}", "north-".repeat(16));
    let mut long = store_request(&long_key, "STATUS#PENDING#DATE#2026-10");
    long.index = None;
    harness.state.queries.history.push(tui_support::NOW, &long);
    harness.act(Action::OpenPalette).await;
    type_text(&mut harness, "north").await;
    for (width, height) in [(80, 24), (140, 40)] {
        let shown = screen(&harness.state, width, height);
        let flat: String = shown
            .lines()
            .map(|line| line.trim_matches(|c| c == '│' || c == ' '))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("STATUS#PENDING#DATE#2026-10"),
            "the selected entry ends on screen:\n{shown}"
        );
        if width == 80 {
            assert!(
                shown.contains('…'),
                "a longer entry is cut visibly:\n{shown}"
            );
        }
        insta::assert_snapshot!(format!("palette_long_entry_{width}x{height}"), shown);
    }
}

/// Palette → the demo's GSI3 pattern → status, region, (a date prefix) → the Query runs.
async fn run_orders_by_status_and_region(harness: &mut Harness, placed: &str) {
    harness.act(Action::OpenPalette).await;
    type_text(harness, "status and region").await;
    harness.act(Action::Submit).await;
    for value in ["SHIPPED", "EU", placed] {
        type_text(harness, value).await;
        harness.act(Action::Submit).await;
    }
}

async fn demo_with_its_own_model() -> Harness {
    let mut harness = Harness::new(backend(), ddbx::demo::TABLE_NAME, Settings::default());
    harness.state.entities = EntityDecoder::with_model(ddbx::demo::model());
    harness.start().await;
    harness
}

#[tokio::test]
async fn the_demo_s_multi_attribute_index_pattern_asks_for_each_attribute_and_queries_it() {
    let mut harness = demo_with_its_own_model().await;
    run_orders_by_status_and_region(&mut harness, "").await;
    let mut expected = QueryRequest::new(
        ddbx::demo::TABLE_NAME,
        "#pk = :pk AND #pk2 = :pk2",
        ExpressionParams {
            names: BTreeMap::from([
                ("#pk".to_owned(), "status".to_owned()),
                ("#pk2".to_owned(), "region".to_owned()),
            ]),
            values: BTreeMap::from([
                (":pk".to_owned(), AttrValue::s("SHIPPED")),
                (":pk2".to_owned(), AttrValue::s("EU")),
            ]),
        },
    );
    expected.index = Some("GSI3".to_owned());
    assert_eq!(harness.query_pages(), [&expected]);
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("the results view is open: {:?}", harness.state.overlay);
    };
    let shown = harness.state.queries.runs[*run].items.to_vec();
    assert!(!shown.is_empty());
    assert!(
        shown
            .iter()
            .all(|item| item["status"] == AttrValue::s("SHIPPED")
                && item["region"] == AttrValue::s("EU")),
        "{shown:?}"
    );

    let year = shown[0]["placedAt"].as_s().expect("placedAt")[..4].to_owned();
    // A fresh session: in this one the palette would offer the first query from its history.
    let mut harness = demo_with_its_own_model().await;
    run_orders_by_status_and_region(&mut harness, &year).await;
    let [narrowed] = harness.query_pages()[..] else {
        panic!("one query: {:?}", harness.query_pages());
    };
    assert_eq!(
        narrowed.key_condition,
        "#pk = :pk AND #pk2 = :pk2 AND begins_with(#sk, :sk)"
    );
    assert_eq!(narrowed.params.names["#sk"], "placedAt");
    assert_eq!(narrowed.params.values[":sk"], AttrValue::s(&year));
}
