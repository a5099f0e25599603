//! Property: no sequence of key-bound actions and typed characters makes `update` or `render`
//! panic, and every cursor stays inside its list.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::state::{Settings, State, View};
use ddbx::app::update::{row_count, update};
use ddbx::keymap::Bindable;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::{Harness, shop_backend, shop_items};

fn discovered_shop() -> State {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let mut harness = Harness::new(shop_backend(shop_items()), "Shop", Settings::default());
        harness.start().await;
        // Load one partition so level 3 and the inspector have data to move through.
        harness.act(Action::JumpToPartition).await;
        for c in "USER#u1".chars() {
            harness.act(Action::Input(c)).await;
        }
        harness.act(Action::Submit).await;
        harness.act(Action::HistoryBack).await;
        harness.state
    })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => proptest::sample::select(<Action as Bindable>::bindable().to_vec()),
        1 => proptest::char::any().prop_map(Action::Input),
        1 => (1u16..200, 1u16..60).prop_map(|(width, height)| Action::Resize { width, height }),
    ]
}

fn cursor(view: &View) -> Option<usize> {
    match view {
        View::Overview => None,
        View::Prefixes { cursor }
        | View::Partitions { cursor, .. }
        | View::Partition { cursor, .. }
        | View::QueryResults { cursor, .. }
        | View::StatementResults { cursor, .. } => Some(*cursor),
        View::Inspector(inspector) => Some(inspector.cursor),
        View::ItemHistory(view) => Some(view.cursor),
        View::Why(view) => Some(view.cursor),
        View::Screen(view) => Some(view.cursor()),
        View::Indexes { cursor }
        | View::IndexGroups { cursor, .. }
        | View::IndexItems { cursor, .. }
        | View::IndexCoverage { cursor, .. }
        | View::Insights { cursor }
        | View::Stream { cursor }
        | View::StreamRecord { cursor, .. } => Some(*cursor),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_action_sequences_never_panic_and_keep_cursors_in_bounds(actions in proptest::collection::vec(action(), 1..60)) {
        let mut state = discovered_shop();
        let mut terminal = Terminal::new(TestBackend::new(60, 16)).expect("terminal");
        for action in actions {
            let commands = update(&mut state, action);
            if commands.contains(&Command::Quit) {
                break;
            }
            if let Some(cursor) = cursor(state.views.current()) {
                let rows = row_count(&state);
                prop_assert!(cursor < rows.max(1), "cursor {cursor} outside {rows} rows");
            }
            terminal.draw(|frame| ddbx::ui::render(frame, &state)).expect("draw");
        }
    }
}
