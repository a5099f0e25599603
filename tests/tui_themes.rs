//! The dark and light palettes drawn on the same screens, with every styled run recorded, so a
//! role that changes colour (or a screen that loses a style) shows in review.

mod tui_support;

use ddbx::app::action::Action;
use ddbx::app::state::query::preset::QueryPreset;
use ddbx::app::state::{Settings, State, Theme};
use ddbx::app::update::query::open_form;
use ddbx::domain::access_pattern::SortOperator;
use tui_support::screen::styled_screen;
use tui_support::{Harness, orders};

const THEMES: [(Theme, &str); 2] = [(Theme::Dark, "dark"), (Theme::Light, "light")];

fn settings(theme: Theme) -> Settings {
    Settings {
        theme,
        ..Settings::default()
    }
}

fn snapshot(name: &str, theme_name: &str, state: &State) {
    insta::assert_snapshot!(
        format!("{name}_{theme_name}_80x24"),
        styled_screen(state, 80, 24)
    );
}

#[tokio::test]
async fn the_collections_home_in_each_theme() {
    for (theme, name) in THEMES {
        let harness = tui_support::started_demo(400, settings(theme)).await;
        snapshot("home", name, &harness.state);
    }
}

#[tokio::test]
async fn the_query_builder_with_an_error_in_each_theme() {
    for (theme, name) in THEMES {
        let mut harness = Harness::new(orders::backend(), orders::TABLE, settings(theme));
        harness.start().await;
        let preset = QueryPreset {
            index: Some("LSI1".to_owned()),
            partition: Some("USER#u1".to_owned()),
            sort: Some((SortOperator::Gt, "ten".to_owned(), None)),
        };
        let commands = open_form(&mut harness.state, preset);
        harness.run(commands).await;
        snapshot("query_form", name, &harness.state);
    }
}

#[tokio::test]
async fn the_help_overlay_in_each_theme() {
    for (theme, name) in THEMES {
        let mut harness = tui_support::started_demo(400, settings(theme)).await;
        harness.act(Action::ToggleHelp).await;
        snapshot("help", name, &harness.state);
    }
}

/// The palettes differ where they should: the light one draws no yellow or cyan text.
#[tokio::test]
async fn the_light_palette_draws_no_text_in_colours_that_fade_on_white() {
    let harness = tui_support::started_demo(400, settings(Theme::Light)).await;
    let light = styled_screen(&harness.state, 80, 24);
    let dark_harness = tui_support::started_demo(400, settings(Theme::Dark)).await;
    let dark = styled_screen(&dark_harness.state, 80, 24);
    assert!(
        dark.contains("fg=Cyan") || dark.contains("bg=Cyan"),
        "{dark}"
    );
    assert!(!light.contains("fg=Yellow"), "{light}");
    assert!(!light.contains("fg=Cyan"), "{light}");
    assert_eq!(
        light.split("--- styles ---").next(),
        dark.split("--- styles ---").next(),
        "the words are the same in both themes"
    );
}
