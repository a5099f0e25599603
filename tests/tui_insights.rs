//! The insights screen on the demo (the embedded engine): `!` scans whole items through the same
//! read path as the worker, the report lists the demo's planted oddities, Enter opens the
//! partition of a finding's item, the help is the screen's own; snapshots at 80×24 and 140×40.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::{Mode, ViewMode};
use ddbx::app::state::{Settings, State, View};
use ddbx::domain::insights::Rule;
use ddbx::domain::value::AttrValue;
use tui_support::screen::screen;

fn rules(state: &State) -> Vec<Rule> {
    let report = state
        .insights
        .as_ref()
        .and_then(|run| run.report.as_ref())
        .expect("a report once the scan stopped");
    report.findings.iter().map(|finding| finding.rule).collect()
}

#[tokio::test]
async fn the_demo_insights_read_every_item_and_name_the_planted_oddities() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::ShowInsights).await;
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::Insights)),
        "{:?}",
        harness.state.mode()
    );
    let scans = harness.reads_for(ReadFor::Insights);
    assert!(!scans.is_empty());
    assert!(
        scans
            .iter()
            .all(|read| matches!(read, Read::Scan(request) if request.projection.is_none())),
        "insights read whole items: {scans:?}"
    );
    let run = harness.state.insights.as_ref().expect("a run");
    assert!(run.scan.is_exhaustive(), "the small demo is read whole");
    let report = run.report.as_ref().expect("a report");
    assert_eq!(report.items, run.scan.count);
    let found = rules(&harness.state);
    assert!(found.contains(&Rule::PartialIndexKeys), "{found:?}");
    assert!(found.contains(&Rule::LargeItems), "{found:?}");
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains("the whole table"), "{text}");
    assert!(text.contains("items per partition:"), "{text}");
    for (width, height) in [(80, 24), (140, 40)] {
        insta::assert_snapshot!(
            format!("insights_demo_{width}x{height}"),
            screen(&harness.state, width, height)
        );
    }
}

#[tokio::test]
async fn enter_on_a_finding_opens_the_partition_of_its_first_item() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::ShowInsights).await;
    let run = harness.state.insights.as_ref().expect("a run");
    let rows = run.rows();
    let partial = run
        .report
        .as_ref()
        .and_then(|report| {
            report
                .findings
                .iter()
                .position(|f| f.rule == Rule::PartialIndexKeys)
        })
        .expect("a partial-index-keys finding");
    let row = rows
        .iter()
        .position(|row| *row == ddbx::app::state::insights::InsightRow::Finding(partial))
        .expect("its row");
    for _ in 0..row {
        harness.act(Action::CursorDown).await;
    }
    harness.act(Action::Open).await;
    match harness.state.views.current() {
        View::Partition { pk, .. } => assert_eq!(pk, &AttrValue::s("ODD#index")),
        other => panic!("expected the partition view, got {other:?}"),
    }
    harness.act(Action::HistoryBack).await;
    assert!(matches!(harness.state.views.current(), View::Insights { cursor } if *cursor == row));
}

#[tokio::test]
async fn the_app_is_busy_while_a_page_of_the_insights_scan_is_in_flight() {
    let mut harness = tui_support::started_demo(400, tui_support::small_pages(50)).await;
    assert!(!harness.state.is_busy(), "idle once discovery is done");
    let commands = harness.act_only(Action::ShowInsights);
    assert_eq!(commands.len(), 1, "one page at a time: {commands:?}");
    assert!(
        harness.state.is_busy(),
        "the loop ticks and the spinner turns"
    );
    harness.run(commands).await;
    assert!(!harness.state.is_busy(), "idle once the scan is read");
}

#[tokio::test]
async fn a_paused_scan_shows_what_was_read_and_resumes_to_the_end() {
    let mut harness = tui_support::started_demo(400, tui_support::small_pages(50)).await;
    let commands = harness.act_only(Action::ShowInsights);
    assert_eq!(commands.len(), 1, "one page at a time: {commands:?}");
    harness.act(Action::TogglePauseScan).await;
    harness.run(commands).await;
    let run = harness.state.insights.as_ref().expect("a run");
    assert!(!run.scan.is_exhaustive());
    let paused = run.report.as_ref().expect("a report of what was read");
    assert_eq!(paused.items, 50);
    assert!(screen(&harness.state, 140, 40).contains("a sample"));
    harness.act(Action::TogglePauseScan).await;
    let run = harness.state.insights.as_ref().expect("a run");
    assert!(run.scan.is_exhaustive());
    assert!(run.report.as_ref().is_some_and(|report| report.items > 50));
}

#[tokio::test]
async fn the_insights_help_lists_its_own_keys() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::ShowInsights).await;
    harness.act(Action::ToggleHelp).await;
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains("Help: insights"), "{text}");
    assert!(text.contains("Read the whole table again"), "{text}");
}

#[tokio::test]
async fn the_query_history_is_reviewed_with_the_findings() {
    use ddbx::domain::request::{ExpressionParams, QueryRequest};
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    let mut on_gsi1 = QueryRequest::new(
        ddbx::demo::TABLE_NAME,
        "#pk = :pk",
        ExpressionParams::default(),
    );
    on_gsi1.index = Some("GSI1".to_owned());
    let mut on_gone = on_gsi1.clone();
    on_gone.index = Some("GSI9".to_owned());
    harness.state.queries.history.push(1, &on_gsi1);
    harness.state.queries.history.push(2, &on_gone);
    harness.act(Action::ShowInsights).await;
    let report = harness
        .state
        .insights
        .as_ref()
        .and_then(|run| run.report.as_ref())
        .expect("a report");
    assert!(
        report
            .access_patterns
            .contains(&"query history: 1 query on GSI1, by key condition".to_owned()),
        "{:?}",
        report.access_patterns
    );
    assert!(rules(&harness.state).contains(&Rule::AccessPatterns));
}

#[test]
fn in_a_terminal_the_demo_opens_its_insights_with_a_key_and_goes_back() {
    use tui_support::pty::PtySession;
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("!");
    let screen = session.wait_for("findings from the whole table");
    assert!(screen.contains("Insights"), "{screen}");
    assert!(screen.contains("GSI1's own key attributes"), "{screen}");
    session.send("q");
    session.wait_until("the collections again", |screen| {
        !screen.contains("Insights ·")
    });
    session.send("q");
    assert!(session.wait_exit().success());
}

#[tokio::test]
async fn the_sizes_of_each_entity_and_index_follow_the_findings_and_open_the_largest_collection() {
    use ddbx::app::state::insights::{InsightRow, Sizes};
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(Action::ShowInsights).await;
    let run = harness.state.insights.as_ref().expect("a run");
    let report = run.report.as_ref().expect("a report");
    let rows = run.rows();
    let first_sizes = rows
        .iter()
        .position(|row| matches!(row, InsightRow::Sizes(_)))
        .expect("sizes rows");
    assert!(
        rows[..first_sizes]
            .iter()
            .all(|row| !matches!(row, InsightRow::Sizes(_))),
        "findings first"
    );
    assert_eq!(
        rows.len() - first_sizes,
        1 + report.entity_sizes.len() + report.index_sizes.len(),
        "the table, each entity and each index"
    );
    let entity = report
        .entity_sizes
        .iter()
        .position(|size| size.partitions.largest.is_some())
        .expect("an entity with a collection");
    let name = report.entity_sizes[entity].entity.clone();
    let largest = report.entity_sizes[entity]
        .partitions
        .largest
        .clone()
        .expect("its largest");
    let index_name = report.index_sizes[0].index.clone();
    let row = rows
        .iter()
        .position(|row| *row == InsightRow::Sizes(Sizes::Entity(entity)))
        .expect("the entity's row");
    for _ in 0..row {
        harness.act(Action::CursorDown).await;
    }
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains(&format!("sizes    entity {name}:")), "{text}");
    assert!(text.contains(&format!("sizes · entity {name}")), "{text}");
    assert!(
        text.contains(&format!("items per partition of {name}:")),
        "{text}"
    );
    assert!(
        text.contains(&format!("bytes per partition of {name}:")),
        "{text}"
    );
    assert!(text.contains("largest collection:"), "{text}");
    insta::assert_snapshot!("insights_entity_sizes_140x40", text);
    let index_row = rows
        .iter()
        .position(|row| *row == InsightRow::Sizes(Sizes::Index(0)))
        .expect("the first index's row");
    for _ in row..index_row {
        harness.act(Action::CursorDown).await;
    }
    let text = screen(&harness.state, 140, 40);
    assert!(
        text.contains(&format!("sizes · index {index_name}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("items per {index_name} partition:")),
        "{text}"
    );
    assert!(text.contains("largest partitions:"), "{text}");
    for _ in row..index_row {
        harness.act(Action::CursorUp).await;
    }
    harness.act(Action::Open).await;
    match harness.state.views.current() {
        View::Partition { pk, .. } => assert_eq!(pk, &largest.partition_key),
        other => panic!("expected the partition view, got {other:?}"),
    }
}

#[tokio::test]
async fn the_insights_message_stays_with_the_insights_screen() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    // What the action that opens a screen says is kept on it.
    harness.act(Action::ShowInsights).await;
    let said = format!("{:?}", harness.state.notice);
    assert!(said.contains("insights: "), "{said}");
    assert!(screen(&harness.state, 100, 30).contains("insights: "));
    harness.act(Action::OpenPartiql).await;
    let text = screen(&harness.state, 100, 30);
    assert!(!text.contains("insights: "), "{text}");
}
