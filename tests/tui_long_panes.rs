//! Panes longer than their room: the query builder keeps its warnings under their fields and
//! scrolls its preview, the write preview and the help say what is out of sight and scroll, an
//! item's history folds its long condition lines, and the status line ends a long notice in `…`
//! rather than stopping at the edge.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::inspect::inspector::Inspector;
use ddbx::app::state::query::form::FormField;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Notice, Settings, View};
use ddbx::app::update::query::open_form;
use ddbx::domain::access_pattern::SortOperator;
use ddbx::domain::value::AttrValue;
use std::sync::Arc;
use tui_support::query_form::focus;
use tui_support::screen::screen;

use ddbx::backend::memory::MemoryBackend;
use tui_support::{Harness, item, pk_sk_table, shop_items, started_demo};

/// The demo's store on a BETWEEN that ends at a bare date, from the template.
async fn store_between() -> Harness {
    let mut harness = started_demo(400, Settings::default()).await;
    let preset = QueryPreset {
        index: None,
        partition: Some("STORE#st_0001".to_owned()),
        sort: Some((
            SortOperator::Between,
            "STATUS#RENOVATING#DATE#2026-01-02".to_owned(),
            None,
        )),
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    focus(&mut harness, FormField::Template).await;
    harness.act(Action::NextChoice).await;
    harness
}

/// At 80×24 the BETWEEN warning is under *To*, in sight, and the preview it used to end says
/// how much of it is below and scrolls with PgDn/PgUp while the fields stay.
#[tokio::test]
async fn the_query_builder_keeps_its_warning_in_sight_and_scrolls_its_preview() {
    let mut harness = store_between().await;
    let small = screen(&harness.state, 80, 24);
    assert!(
        small.contains("leaves out that day's longer keys"),
        "{small}"
    );
    let to = small
        .lines()
        .position(|line| line.contains("│To "))
        .expect("the To field");
    assert!(
        small
            .lines()
            .nth(to + 1)
            .is_some_and(|line| line.contains("warning:")),
        "the warning is right under To:\n{small}"
    );
    assert!(
        small.contains("more · <PageDown>/<PageUp> scroll the preview"),
        "{small}"
    );
    assert!(!small.contains("ConsistentRead"), "{small}");
    insta::assert_snapshot!("between_warning_80x24", small);
    insta::assert_snapshot!("between_warning_120x40", screen(&harness.state, 120, 40));

    for _ in 0..4 {
        harness.act(Action::PageDown).await;
    }
    let scrolled = screen(&harness.state, 80, 24);
    assert!(scrolled.contains("ConsistentRead: false"), "{scrolled}");
    assert!(scrolled.contains("↑"), "{scrolled}");
    assert!(
        scrolled.contains("│Partition    STORE#st_0001"),
        "the fields stay:\n{scrolled}"
    );
    for _ in 0..4 {
        harness.act(Action::PageUp).await;
    }
    assert_eq!(screen(&harness.state, 80, 24), small);
}

/// At 80×24 a builder with more filter rows than fit says on its border how many field lines
/// are out of sight, above or below the focused one, as well as the preview's.
#[tokio::test]
async fn the_query_builder_says_when_fields_are_out_of_sight() {
    let mut harness = store_between().await;
    for _ in 0..3 {
        harness.act(Action::AddFilterRow).await;
    }
    // The focus on the last filter: the fields after it are below.
    let small = screen(&harness.state, 80, 24);
    assert!(small.contains("↓ 4 field lines below"), "{small}");
    assert!(!small.contains("│Consistent"), "{small}");
    assert!(
        small.contains("more · <PageDown>/<PageUp> scroll the preview"),
        "{small}"
    );
    insta::assert_snapshot!("hidden_fields_80x24", small);
    let large = screen(&harness.state, 120, 40);
    assert!(!large.contains("field lines"), "{large}");
    insta::assert_snapshot!("hidden_fields_120x40", large);
    // The focus on the last field: the first ones are above.
    focus(&mut harness, FormField::Consistent).await;
    let bottom = screen(&harness.state, 80, 24);
    assert!(bottom.contains("field lines above"), "{bottom}");
    assert!(!bottom.contains("field lines below"), "{bottom}");
    assert!(bottom.contains("│Consistent"), "{bottom}");
}

/// A validation hint's example is a key read from the table, not the demo's made-up one.
#[tokio::test]
async fn a_validation_hint_gives_a_key_of_the_table_as_its_example() {
    let backend = MemoryBackend::new(pk_sk_table("Shop"), shop_items()).expect("loads");
    let mut harness = Harness::new(Arc::new(backend), "Shop", Settings::default());
    harness.start().await;
    // Prefixes are ORDER, STORE, USER: open USER#u1, then the builder on it.
    harness
        .act_all([Action::CursorLast, Action::Open, Action::Open])
        .await;
    harness.act(Action::OpenQueryForm).await;
    focus(&mut harness, FormField::Sort).await;
    harness.act(Action::NextChoice).await;
    let shown = screen(&harness.state, 120, 40);
    assert!(shown.contains("a key value cannot be empty"), "{shown}");
    assert!(!shown.contains("ord_0042"), "{shown}");
    let sort_keys: Vec<String> = shop_items()
        .iter()
        .filter_map(|item| item.get("SK").and_then(AttrValue::as_s).map(str::to_owned))
        .collect();
    assert!(
        sort_keys
            .iter()
            .any(|sk| shown.contains(&format!("e.g. {sk}"))),
        "{shown}"
    );
}

/// Switching Target to an index keyed by another attribute, with the table's partition value
/// still typed, says it cannot match there; typing an index value clears it.
#[tokio::test]
async fn a_table_partition_value_on_an_index_says_it_cannot_match_there() {
    let mut harness = store_between().await;
    focus(&mut harness, FormField::Target).await;
    harness.act(Action::NextChoice).await;
    let shown = screen(&harness.state, 120, 40);
    assert!(shown.contains("GSI1 is keyed by GSI1PK"), "{shown}");
    assert!(shown.contains("cannot match there"), "{shown}");
    focus(&mut harness, FormField::Partition).await;
    harness.act(Action::DeleteToStart).await;
    for c in "GROUP#grp_001".chars() {
        harness.act(Action::Input(c)).await;
    }
    let shown = screen(&harness.state, 120, 40);
    assert!(!shown.contains("cannot match there"), "{shown}");
}

/// The help never cuts its descriptions to a few letters: on a small terminal it keeps them
/// whole, says how many rows are below, and scrolls.
#[tokio::test]
async fn the_help_scrolls_instead_of_cutting_descriptions() {
    let mut harness = started_demo(40, Settings::default()).await;
    harness.act(Action::ToggleHelp).await;
    let small = screen(&harness.state, 60, 16);
    assert!(small.contains("Why is an item (not) here?"), "{small}");
    assert!(small.contains("more · j/k scroll"), "{small}");
    let first = small.clone();
    for _ in 0..40 {
        harness.act(Action::CursorDown).await;
    }
    let end = screen(&harness.state, 60, 16);
    assert_ne!(first, end);
    assert!(end.contains("above"), "{end}");
    assert!(!end.contains("more ·"), "{end}");
    harness.act(Action::ToggleHelp).await;
    harness.act(Action::ToggleHelp).await;
    assert_eq!(
        screen(&harness.state, 60, 16),
        first,
        "the help opens at its top"
    );
}

/// The write preview says how much is below it and which keys scroll it.
#[tokio::test]
async fn the_write_preview_says_what_is_below_it() {
    let mut harness = started_demo(40, Settings::default()).await;
    let mut wide = item(&[("PK", "NOTE#n1"), ("SK", "METADATA")]);
    for n in 0..12 {
        wide.insert(format!("field{n:02}"), AttrValue::s("old"));
    }
    harness
        .state
        .views
        .open(View::Inspector(Box::new(Inspector::new(wide))));
    harness.act(Action::EditItem).await;
    let text = tui_support::editor_text(&harness).replace("\"old\"", "\"new\"");
    harness.act(Action::ExternalEdited(Ok(text))).await;
    harness.act(Action::SaveEdit).await;
    let shown = screen(&harness.state, 80, 24);
    assert!(shown.contains("more · j/k scroll"), "{shown}");
    harness.act(Action::CursorDown).await;
    let scrolled = screen(&harness.state, 80, 24);
    assert!(scrolled.contains("↑ 1 above"), "{scrolled}");
}

/// A notice longer than the status line ends in `…` at its last column.
#[tokio::test]
async fn a_long_notice_ends_in_an_ellipsis() {
    let mut harness = started_demo(40, Settings::default()).await;
    harness.state.notice = Some(Notice::Info(format!(
        "also updating {} in this write (shown in the request)",
        "GSI1PK to \"STATUS#PENDING#2026-07-01\", ".repeat(4)
    )));
    let shown = screen(&harness.state, 80, 24);
    let status = shown.lines().last().expect("a status line");
    assert!(status.ends_with('…'), "{status:?}");
    assert_eq!(status.chars().count(), 80, "{status:?}");
}
