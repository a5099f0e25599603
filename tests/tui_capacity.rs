//! The capacity screen, a screen unit: `$` on the overview measures each access pattern of the
//! demo's model through the worker's read path (one `Read::Capacity`), lists its read units per
//! call (computed from the items, and as the engine reported them) and each entity's write
//! units, and prices a month at the rates typed with `r`; bad rates are refused and change
//! nothing; `R` measures again. Snapshots at 80x24 and 120x40.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::screens::capacity::CapacityView;
use ddbx::app::state::screens::view_of;
use ddbx::app::state::{Loadable, Mode, Notice, Overlay, Settings, ViewMode};
use ddbx::domain::entity::EntityDecoder;
use tui_support::screen::screen;

const SHOW: Action = Action::ShowScreen("show_capacity");

async fn started() -> tui_support::Harness {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.state.entities = EntityDecoder::with_model(ddbx::demo::model());
    harness
}

fn shown(harness: &tui_support::Harness) -> &CapacityView {
    view_of::<CapacityView>(harness.state.views.current())
        .unwrap_or_else(|| panic!("capacity is shown: {:?}", harness.state.views.current()))
}

async fn type_rates(harness: &mut tui_support::Harness, text: &str) {
    harness.act(Action::EditItem).await;
    assert!(
        matches!(harness.state.overlay, Some(Overlay::Prompt(_))),
        "the rates prompt opens"
    );
    harness.act(Action::DeleteToStart).await;
    harness.act(Action::LineEnd).await;
    harness.act(Action::DeleteToStart).await;
    harness.act_all(text.chars().map(Action::Input)).await;
    harness.act(Action::Submit).await;
}

#[tokio::test]
async fn the_overview_measures_each_access_pattern_and_prices_the_rates_typed() {
    let mut harness = started().await;
    // The key is the overview's.
    harness.act(Action::ShowOverview).await;
    harness.act(Action::ToggleHelp).await;
    let help = screen(&harness.state, 120, 40);
    assert!(help.contains("Capacity per access pattern"), "{help}");
    harness.act(Action::ToggleHelp).await;

    harness.act(SHOW).await;
    assert!(
        matches!(
            harness.state.mode(),
            Mode::View(ViewMode::Screen("capacity"))
        ),
        "{:?}",
        harness.state.mode()
    );
    let reads = harness.reads_for(ReadFor::Screen);
    let [Read::Capacity(request)] = reads.as_slice() else {
        panic!("one capacity read: {reads:?}");
    };
    assert_eq!(
        request.patterns.len(),
        ddbx::demo::model().access_patterns.len()
    );

    let view = shown(&harness);
    let Loadable::Loaded(report) = &view.report else {
        panic!("measured: {:?}", view.report);
    };
    // Every pattern ran, and each call's units by the rules are those the engine reported.
    for pattern in &report.patterns {
        assert!(pattern.skipped.is_none(), "{pattern:?}");
        for call in &pattern.calls {
            let computed = call.computed().eventual.to_string();
            let measured = call.measured().map(|units| units.to_string());
            assert_eq!(Some(computed), measured, "{}: {}", pattern.name, call.label);
        }
    }

    let text = screen(&harness.state, 80, 24);
    for expected in [
        "Capacity per access pattern",
        "RCU eventual  strong  reported  items/call  bytes/call  pattern (calls)",
        "         0.5       1       0.5           1         155  User profile (5)",
    ] {
        assert!(text.contains(expected), "{expected:?} on\n{text}");
    }
    insta::assert_snapshot!("capacity_80x24", text);
    let wide = screen(&harness.state, 120, 40);
    assert!(
        wide.contains(
            "at 100/s: 50 RRU/s · on demand $16.43/month · provisioned 50 RCU $4.75/month"
        ),
        "{wide}"
    );
    insta::assert_snapshot!("capacity_120x40", wide);

    type_rates(&mut harness, "2.5 1").await;
    assert_eq!(
        (
            shown(&harness).reads_per_second.to_string(),
            shown(&harness).writes_per_second.to_string()
        ),
        ("2.5".to_owned(), "1".to_owned())
    );
    let priced = screen(&harness.state, 120, 40);
    assert!(priced.contains("2.5 reads/s, 1 writes/s"), "{priced}");
    assert!(priced.contains("at 2.5/s: 1.25 RRU/s"), "{priced}");
}

#[tokio::test]
async fn bad_rates_are_refused_and_measuring_again_reads_again() {
    let mut harness = started().await;
    harness.act(SHOW).await;
    type_rates(&mut harness, "fast 1").await;
    assert!(
        matches!(&harness.state.notice, Some(Notice::Error(message)) if message.contains("\"fast\"")),
        "{:?}",
        harness.state.notice
    );
    assert_eq!(shown(&harness).reads_per_second.to_string(), "100");
    type_rates(&mut harness, "5").await;
    assert_eq!(shown(&harness).reads_per_second.to_string(), "100");

    let before = harness.reads_for(ReadFor::Screen).len();
    harness.act(Action::Refresh).await;
    assert_eq!(harness.reads_for(ReadFor::Screen).len(), before + 1);
    assert!(matches!(shown(&harness).report, Loadable::Loaded(_)));
}

#[tokio::test]
async fn without_a_model_or_queries_the_screen_says_what_it_needs() {
    let mut harness = tui_support::started_demo(400, Settings::default()).await;
    harness.act(SHOW).await;
    let text = screen(&harness.state, 120, 40);
    assert!(text.contains("no access pattern to measure"), "{text}");
    // The writes are measured all the same.
    assert!(text.contains("WCU   transactional"), "{text}");
}
