//! `w` in the query results: the prompt holds the key of the row under the cursor, Enter reads
//! the explanation as one read job (the same `crate::why` as `ddbx why`), and the view shows
//! each check; an item left out by the sort condition is explained by it; `R` reads again.
//! Snapshots at 80×24 and 100×30.

mod tui_support;

use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::read::ReadFor;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Notice, Overlay, PromptKind, Settings, State, View};
use ddbx::app::update::query::open_form;
use ddbx::backend::memory::MemoryBackend;
use ddbx::domain::access_pattern::SortOperator;
use ddbx::domain::schema::TtlDescription;
use ddbx::domain::value::AttrValue;
use tui_support::screen::screen;
use tui_support::{Harness, orders};

/// The results of `USER#u1` orders from July 2026 starting with `prefix`.
async fn results(prefix: &str) -> Harness {
    results_on(orders::backend(), prefix).await
}

async fn results_on(backend: Arc<MemoryBackend>, prefix: &str) -> Harness {
    let mut harness = Harness::new(backend, orders::TABLE, Settings::default());
    harness.start().await;
    let preset = QueryPreset {
        index: None,
        partition: Some("USER#u1".to_owned()),
        sort: Some((SortOperator::BeginsWith, prefix.to_owned(), None)),
    };
    let commands = open_form(&mut harness.state, preset);
    harness.run(commands).await;
    harness.act(Action::Submit).await;
    assert!(matches!(
        harness.state.views.current(),
        View::QueryResults { .. }
    ));
    harness
}

fn prompt_text(state: &State) -> &str {
    match &state.overlay {
        Some(Overlay::Prompt(prompt)) if prompt.kind == PromptKind::Why => prompt.text.text(),
        other => panic!("the why prompt is open, not {other:?}"),
    }
}

/// Replaces the prompt's text with `text`, as typed.
async fn retype(harness: &mut Harness, text: &str) {
    for _ in 0..prompt_text(&harness.state).chars().count() {
        harness.act(Action::DeleteChar).await;
    }
    for c in text.chars() {
        harness.act(Action::Input(c)).await;
    }
}

fn why_lines(state: &State) -> Vec<String> {
    match state.views.current() {
        View::Why(view) => view.lines(),
        other => panic!("the why view is shown, not {other:?}"),
    }
}

#[tokio::test]
async fn the_prompt_holds_the_rows_key_and_an_item_in_the_results_is_said_to_be_there() {
    let mut harness = results("ORDER#2026-07").await;
    harness.act(Action::CursorDown).await;
    harness.act(Action::ExplainWhy).await;
    assert_eq!(prompt_text(&harness.state), "USER#u1 ORDER#2026-07-02#o2");
    harness.act(Action::Submit).await;
    assert_eq!(harness.reads_for(ReadFor::Why).len(), 1, "one read job");
    let lines = why_lines(&harness.state);
    assert_eq!(
        lines[0],
        r#"item: PK = "USER#u1", SK = "ORDER#2026-07-02#o2""#
    );
    assert_eq!(lines[2], "in the results");
    assert!(
        lines
            .iter()
            .any(|line| line.contains("it is result 2 (page 1, row 2)")),
        "{lines:#?}"
    );
}

#[tokio::test]
async fn a_typed_key_the_results_lack_is_explained_by_the_failing_check() {
    let mut harness = results("ORDER#2026-07-0").await;
    harness.act(Action::ExplainWhy).await;
    // Replace the row's key with the user's METADATA item, which the sort condition leaves out.
    retype(&mut harness, "USER#u1 METADATA").await;
    harness.act(Action::Submit).await;
    let lines = why_lines(&harness.state);
    assert_eq!(
        lines[2],
        r#"not in the results: key condition: begins_with(SK, "ORDER#2026-07-0"): the item's SK is "METADATA": they differ at character 1: 'M' where "ORDER#2026-07-0" has 'O'"#
    );
    snapshot("why_not_in_results", &harness.state);
    harness.act(Action::Refresh).await;
    assert_eq!(harness.reads_for(ReadFor::Why).len(), 2, "R reads it again");
    assert_eq!(why_lines(&harness.state)[2], lines[2]);
}

#[tokio::test]
async fn a_key_that_does_not_fit_the_schema_is_refused_in_the_prompt_and_nothing_is_read() {
    let mut harness = results("ORDER#").await;
    harness.act(Action::ExplainWhy).await;
    retype(&mut harness, "USER#u1").await;
    harness.act(Action::Submit).await;
    assert!(harness.reads_for(ReadFor::Why).is_empty());
    assert!(matches!(
        harness.state.views.current(),
        View::QueryResults { .. }
    ));
    let notice = format!("{:?}", harness.state.notice);
    assert!(
        notice.contains("a space, then its sort key value"),
        "{notice}"
    );
}

fn snapshot(name: &str, state: &State) {
    for (width, height) in [(80, 24), (100, 30)] {
        insta::assert_snapshot!(
            format!("{name}_{width}x{height}"),
            screen(state, width, height)
        );
    }
}

#[tokio::test]
async fn in_a_partition_an_item_of_another_partition_is_explained_by_the_partition_key() {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, Settings::default());
    harness.start().await;
    harness.act(Action::JumpToPartition).await;
    for c in "USER#u1".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert!(matches!(
        harness.state.views.current(),
        View::Partition { .. }
    ));
    harness.act(Action::ExplainWhy).await;
    retype(&mut harness, "USER#big ORDER#0001").await;
    harness.act(Action::Submit).await;
    let lines = why_lines(&harness.state);
    assert_eq!(
        lines[2],
        r#"not in the results: key condition: PK = "USER#u1": the item's PK is "USER#big": they differ at character 6: 'b' where "USER#u1" has 'u'"#,
        "{lines:#?}"
    );
}

#[tokio::test]
async fn w_where_no_query_is_shown_says_where_it_works() {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, Settings::default());
    harness.start().await;
    harness.act(Action::ExplainWhy).await;
    assert!(harness.state.overlay.is_none(), "no prompt");
    let notice = format!("{:?}", harness.state.notice);
    assert!(
        notice.contains("open a partition, an index partition or a query's results"),
        "{notice}"
    );
}

#[tokio::test]
async fn the_explanation_is_copied_as_the_headless_text_and_a_key_with_a_space_can_be_typed() {
    let mut harness = results("ORDER#2026-07").await;
    harness.act(Action::ExplainWhy).await;
    // A partition key value holding a space is typed as a JSON string.
    retype(&mut harness, "\"USER#u 1\" METADATA").await;
    harness.act(Action::Submit).await;
    let lines = why_lines(&harness.state);
    assert_eq!(lines[0], r#"item: PK = "USER#u 1", SK = "METADATA""#);
    harness.act(Action::CopyExplanation).await;
    let copies: Vec<(&str, &str)> = harness
        .side_effects
        .iter()
        .filter_map(|command| match command {
            ddbx::app::command::Command::CopyToClipboard { text, what } => {
                Some((text.as_str(), what.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(copies, [(lines.join("\n").as_str(), "the explanation")]);
}

#[tokio::test]
async fn a_selects_results_are_explained_as_the_query_it_runs_as_and_a_scan_says_why_not() {
    let mut harness = Harness::new(orders::backend(), orders::TABLE, Settings::default());
    harness.start().await;
    let statement = r#"SELECT * FROM "Orders" WHERE PK = ? AND begins_with(SK, 'ORDER#2026-07-0')"#;
    harness.act(Action::OpenPartiql).await;
    harness
        .act_all([
            Action::LineEnd,
            Action::DeleteToStart,
            Action::Paste(statement.to_owned()),
            Action::NextField,
            Action::LineEnd,
            Action::DeleteToStart,
            Action::Paste(r#"[{"S": "USER#u1"}]"#.to_owned()),
            Action::Submit,
        ])
        .await;
    assert!(
        matches!(harness.state.views.current(), View::StatementResults { .. }),
        "{:?}",
        harness.state.notice
    );
    harness.act(Action::ExplainWhy).await;
    assert!(
        !matches!(harness.state.notice, Some(Notice::Error(_))),
        "{:?}",
        harness.state.notice
    );
    assert_eq!(prompt_text(&harness.state), "USER#u1 ORDER#2026-07-01#o1");
    retype(&mut harness, "USER#u1 METADATA").await;
    harness.act(Action::Submit).await;
    let lines = why_lines(&harness.state);
    assert_eq!(
        lines[1],
        r#"query: Query Orders where PK = "USER#u1" AND begins_with(SK, "ORDER#2026-07-0") Limit 500"#,
        "the explanation names the Query the SELECT runs as: {lines:#?}"
    );
    assert_eq!(
        lines[2],
        r#"not in the results: key condition: begins_with(SK, "ORDER#2026-07-0"): the item's SK is "METADATA": they differ at character 1: 'M' where "ORDER#2026-07-0" has 'O'"#
    );
    // A SELECT without a partition key value runs as a Scan: nothing to explain, nothing read.
    harness.act(Action::Back).await;
    harness.act(Action::OpenPartiql).await;
    harness
        .act_all([
            // The screen opens again as it was left, on the parameters.
            Action::LineEnd,
            Action::DeleteToStart,
            Action::PrevField,
            Action::LineEnd,
            Action::DeleteToStart,
            Action::Paste(r#"SELECT * FROM "Orders" WHERE status = 'SHIPPED'"#.to_owned()),
            Action::Submit,
        ])
        .await;
    if matches!(harness.state.overlay, Some(Overlay::ConfirmPartiqlScan(_))) {
        harness.act(Action::Confirm).await;
    }
    assert!(
        harness.state.overlay.is_none(),
        "{:?}",
        harness.state.overlay
    );
    assert!(matches!(
        harness.state.views.current(),
        View::StatementResults { run: 1, .. }
    ));
    let reads = harness.reads_for(ReadFor::Why).len();
    harness.act(Action::ExplainWhy).await;
    assert!(
        harness.state.overlay.is_none(),
        "no prompt opens: {:?} {:?}",
        harness.state.overlay,
        harness.state.notice
    );
    assert!(
        matches!(&harness.state.notice, Some(Notice::Error(m)) if m.contains("this SELECT runs as a Scan")),
        "{:?}",
        harness.state.notice
    );
    assert_eq!(harness.reads_for(ReadFor::Why).len(), reads);
}

#[tokio::test]
async fn a_search_that_finds_no_row_says_how_many_were_read_and_that_w_explains() {
    let mut harness = results("ORDER#2026-07-0").await;
    harness.act(Action::Search).await;
    for c in "METADATA".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    let rows = ddbx::app::state::screens::row_count(&harness.state);
    assert!(rows > 0);
    assert!(
        matches!(&harness.state.notice, Some(Notice::Info(m))
            if m == &format!("no match for \"metadata\" among the {rows} rows read · w explains why an item is not here")),
        "{:?}",
        harness.state.notice
    );
    // Found rows move the cursor and say nothing of why.
    harness.act(Action::Search).await;
    for c in "o3".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    assert_eq!(harness.state.views.current().cursor(), 2);
}

/// The orders table with TTL enabled on `expiresAt`, and order o3 expired a day ago.
fn orders_with_an_expired_order() -> Arc<MemoryBackend> {
    let mut description = orders::description();
    description.ttl = Some(TtlDescription {
        attribute: "expiresAt".to_owned(),
        status: "ENABLED".to_owned(),
    });
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    let a_day_ago = i64::try_from(now).expect("seconds fit an i64") - 86_400;
    let mut items = orders::items();
    let o3 = items
        .iter_mut()
        .find(|item| item.get("SK") == Some(&AttrValue::s("ORDER#2026-07-03#o3")))
        .expect("order o3");
    o3.insert("expiresAt".to_owned(), AttrValue::n(a_day_ago));
    Arc::new(MemoryBackend::new(description, items).expect("the orders table loads"))
}

#[tokio::test]
async fn an_expired_item_is_noted_though_the_overview_never_read_the_tables_ttl() {
    let mut harness = results_on(orders_with_an_expired_order(), "ORDER#2026-07").await;
    assert!(
        harness.state.table.extras.loaded().is_none(),
        "the overview's extras are not read in this session"
    );
    harness.act(Action::ExplainWhy).await;
    retype(&mut harness, "USER#u1 ORDER#2026-07-03#o3").await;
    harness.act(Action::Submit).await;
    let lines = why_lines(&harness.state);
    assert!(
        lines.iter().any(|line| line.contains("expiresAt: expired")),
        "{lines:#?}"
    );
}
