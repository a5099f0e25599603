//! The palette the UI is drawn in: `--theme`, else the settings file's `theme`, else `auto`,
//! which asks the terminal for its background (only when stdin and stdout are terminals) and
//! falls back to dark. Under `NO_COLOR` every choice is the colourless palette.

use std::io::IsTerminal as _;

use crate::app::state::Theme;
use crate::connect::ThemeChoice;

/// The theme to draw in, and a notice when the settings file could not be read.
pub fn choose(flag: Option<ThemeChoice>) -> (Theme, Option<String>) {
    let (from_file, notice) = match flag {
        Some(_) => (None, None),
        None => match super::config::load_default() {
            Ok(config) => (config.theme, None),
            Err(error) => (
                None,
                Some(format!("settings ignored, using the defaults: {error}")),
            ),
        },
    };
    let theme = match flag.or(from_file).unwrap_or_default() {
        // NO_COLOR is the user's standing wish for every program; a theme names colours.
        _ if colours_off() => Theme::NoColour,
        ThemeChoice::Dark => Theme::Dark,
        ThemeChoice::Light => Theme::Light,
        ThemeChoice::Auto => detect(),
    };
    (theme, notice)
}

fn detect() -> Theme {
    let dumb = std::env::var("TERM").is_ok_and(|term| term == "dumb");
    if dumb || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Theme::Dark;
    }
    match crate::terminal::background::is_light(crate::terminal::background::ANSWER_TIMEOUT) {
        Some(true) => Theme::Light,
        Some(false) | None => Theme::Dark,
    }
}

fn colours_off() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}
