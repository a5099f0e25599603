//! Every screen's own help: generated from the keymap section of the screen under it, opened
//! with F1 where the screen is a text field (so `?` stays typed text there), closed back to that
//! screen with its state intact; snapshots at 80×24 and 140×40.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::mode::Mode;
use ddbx::app::state::{Settings, State};
use ddbx::keymap::{Key, Lookup, Section};
use tui_support::Harness;
use tui_support::screen::screen;

const SIZES: [(u16, u16); 2] = [(80, 24), (140, 40)];

fn snapshot(name: &str, state: &State) {
    for (width, height) in SIZES {
        insta::assert_snapshot!(
            format!("{name}_{width}x{height}"),
            screen(state, width, height)
        );
    }
}

async fn demo() -> Harness {
    tui_support::started_demo(400, Settings::default()).await
}

fn lookup(state: &State, key: &str) -> Lookup<Action> {
    let key = Key::parse(key).expect("valid key");
    state.keymap.lookup(state.section(), &[key])
}

/// On a text screen F1 opens the help of that screen and `?` is left to be typed; the help
/// lists `section`'s keys and closing it returns to the same screen, unchanged.
async fn help_over_text_screen(harness: &mut Harness, section: Section, name: &str) {
    let before = format!("{:?}", harness.state.mode());
    assert_eq!(harness.state.section(), section);
    assert_eq!(lookup(&harness.state, "?"), Lookup::Unbound, "`?` is typed");
    assert_eq!(
        lookup(&harness.state, "<F1>"),
        Lookup::Action(Action::ToggleHelp)
    );
    let overlay = format!("{:?}", harness.state.overlay);
    harness.act(Action::ToggleHelp).await;
    assert!(
        matches!(harness.state.mode(), Mode::Help),
        "{:?}",
        harness.state.mode()
    );
    assert_eq!(format!("{:?}", harness.state.screen_mode()), before);
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains(&format!("Help: {section}")), "{text}");
    snapshot(name, &harness.state);
    assert_eq!(
        lookup(&harness.state, "<F1>"),
        Lookup::Action(Action::ToggleHelp),
        "F1 closes it again"
    );
    harness.act(Action::ToggleHelp).await;
    assert_eq!(format!("{:?}", harness.state.mode()), before);
    assert_eq!(
        format!("{:?}", harness.state.overlay),
        overlay,
        "state kept"
    );
}

#[tokio::test]
async fn the_query_builder_has_its_own_help_on_f1() {
    let mut harness = demo().await;
    harness.act(Action::OpenQueryForm).await;
    help_over_text_screen(&mut harness, Section::QueryForm, "help_query_form").await;
}

#[tokio::test]
async fn the_partiql_screen_has_its_own_help_on_f1() {
    let mut harness = demo().await;
    harness.act(Action::OpenPartiql).await;
    help_over_text_screen(&mut harness, Section::Partiql, "help_partiql").await;
}

#[tokio::test]
async fn the_palette_has_its_own_help_on_f1() {
    let mut harness = demo().await;
    harness.act(Action::OpenPalette).await;
    help_over_text_screen(&mut harness, Section::Palette, "help_palette").await;
}

#[tokio::test]
async fn the_jump_prompt_has_its_own_help_on_f1() {
    let mut harness = demo().await;
    harness.act(Action::JumpToPartition).await;
    help_over_text_screen(&mut harness, Section::Prompt, "help_prompt").await;
}

#[tokio::test]
async fn the_item_editor_has_its_own_help_on_f1() {
    let mut harness = demo().await;
    harness.act(Action::JumpToPartition).await;
    let pk = harness
        .state
        .explore
        .discovery
        .found
        .as_ref()
        .and_then(|found| found.complete_partition("USER#").next())
        .expect("demo has users")
        .0
        .to_owned();
    for c in pk.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness
        .act_all([Action::Submit, Action::CursorDown, Action::Open])
        .await;
    assert_eq!(harness.state.section(), Section::Inspector);
    harness.act(Action::EditItem).await;
    help_over_text_screen(&mut harness, Section::Editor, "help_editor").await;
}

#[tokio::test]
async fn the_index_browser_help_lists_the_index_keys() {
    let mut harness = demo().await;
    harness.act(Action::ShowIndexes).await;
    assert_eq!(harness.state.section(), Section::Indexes);
    harness.act(Action::ToggleHelp).await;
    let text = screen(&harness.state, 140, 40);
    assert!(text.contains("Help: indexes"), "{text}");
    for desc in [
        "Sample coverage",
        "Sparse-index inspector",
        "Query this index",
    ] {
        assert!(text.contains(desc), "{desc} missing:\n{text}");
    }
    snapshot("help_indexes", &harness.state);
}

#[tokio::test]
async fn the_index_help_at_80x24_holds_every_marking_key_and_every_other_entry() {
    let mut harness = demo().await;
    harness.act(Action::ShowIndexes).await;
    for (key, expected) in [
        ("<Space>", Action::ToggleMark),
        ("V", Action::MarkRange),
        ("*", Action::MarkAll),
        ("E", Action::MarkEntity),
        ("M", Action::ClearMarks),
        ("B", Action::BulkActions),
    ] {
        assert!(
            matches!(lookup(&harness.state, key), Lookup::Action(action) if action == expected),
            "{key} runs {expected:?} on the index screens"
        );
    }
    harness.act(Action::ToggleHelp).await;
    let text = screen(&harness.state, 80, 24);
    assert!(
        text.contains("V, *, E, M"),
        "one line for the marking keys:\n{text}"
    );
    // The first and the last entries of both columns: nothing was pushed off the screen.
    for entry in [
        "Sample coverage",
        "Bulk actions",
        "History back",
        "Quit",
        "Insights",
    ] {
        assert!(text.contains(entry), "{entry} missing at 80x24:\n{text}");
    }
}

#[tokio::test]
async fn a_key_another_screen_binds_says_where_it_works_and_a_key_bound_nowhere_says_nothing() {
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use ddbx::app::state::Notice;
    let mut harness = demo().await;
    harness.act(Action::JumpToPartition).await;
    for c in "USER#usr_1001".chars() {
        harness.act(Action::Input(c)).await;
    }
    harness
        .act_all([Action::Submit, Action::CursorDown, Action::Open])
        .await;
    assert_eq!(harness.state.section(), Section::Inspector);
    let mut router = ddbx::tui::KeyRouter::default();
    let press = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let action = router
        .route(&harness.state, &press('L'))
        .expect("an action");
    harness.act(action).await;
    assert!(
        matches!(&harness.state.notice, Some(Notice::Info(message))
            if message == "L is not on this screen: Stream of changes in overview, collections"),
        "{:?}",
        harness.state.notice
    );
    assert_eq!(
        harness.state.section(),
        Section::Inspector,
        "nothing else moved"
    );
    assert_eq!(
        router.route(&harness.state, &press('Z')),
        None,
        "Z is bound nowhere"
    );
}
