//! The palettes in the real binary in a pseudo-terminal: `--theme light`, the settings file's
//! `theme`, `auto` answered by the terminal (OSC 11), and `NO_COLOR`, which leaves no colour at
//! all while the selection and the focused field stay visible in reverse video.

mod tui_support;

use tui_support::pty::{PtySession, Terminal};

/// The header's ` ddbx ` badge background: blue (4) in the light palette, cyan
/// (6) in the dark one (ratatui draws `Blue` and `Cyan` as the ANSI colours 4 and 6).
const LIGHT_BADGE: vt100::Color = vt100::Color::Idx(4);
const DARK_BADGE: vt100::Color = vt100::Color::Idx(6);

fn badge_background(session: &PtySession) -> vt100::Color {
    session
        .cells()
        .into_iter()
        .find(|(row, col, ..)| (*row, *col) == (0, 1))
        .map(|(_, _, _, bg, _)| bg)
        .expect("a header cell")
}

fn quit(mut session: PtySession) {
    session.send("q");
    assert!(session.wait_exit().success());
}

#[test]
fn theme_light_draws_the_light_palette() {
    let session = PtySession::spawn(&["--demo", "--theme", "light"], &[]);
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), LIGHT_BADGE);
    quit(session);
}

#[test]
fn without_a_flag_or_an_answer_the_theme_is_dark() {
    let session = PtySession::spawn_in(Terminal::Silent, &["--demo"], &[]);
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), DARK_BADGE);
    quit(session);
}

#[test]
fn the_settings_file_chooses_the_theme_and_the_flag_wins_over_it() {
    let config = tempdir("settings");
    std::fs::create_dir_all(config.join("ddbx")).expect("config dir");
    std::fs::write(config.join("ddbx/config.toml"), "theme = \"light\"\n").expect("settings");
    let config_text = config.to_string_lossy().into_owned();
    let env = [("XDG_CONFIG_HOME", config_text.as_str())];
    let session = PtySession::spawn(&["--demo"], &env);
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), LIGHT_BADGE);
    quit(session);
    let session = PtySession::spawn(&["--demo", "--theme", "dark"], &env);
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), DARK_BADGE);
    quit(session);
}

#[test]
fn a_bad_settings_file_is_shown_and_the_defaults_used() {
    let config = tempdir("bad-settings");
    std::fs::create_dir_all(config.join("ddbx")).expect("config dir");
    std::fs::write(config.join("ddbx/config.toml"), "theme = \"sepia\"\n").expect("settings");
    let config_text = config.to_string_lossy().into_owned();
    let session = PtySession::spawn(&["--demo"], &[("XDG_CONFIG_HOME", config_text.as_str())]);
    // The notice wraps where the path makes it wrap, so its words are read across lines.
    let screen = session.wait_until("`using the defaults`", |contents| {
        let words: Vec<&str> = contents.split_whitespace().collect();
        words.join(" ").contains("using the defaults")
    });
    assert!(screen.contains("config.toml"), "{screen}");
    assert_eq!(badge_background(&session), DARK_BADGE);
    quit(session);
}

#[test]
fn auto_follows_a_terminal_that_reports_a_white_background() {
    let mut session = PtySession::spawn_in(Terminal::Silent, &["--demo", "--theme", "auto"], &[]);
    session.answer(b"\x1b]11;?", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c");
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), LIGHT_BADGE);
    quit(session);
}

#[test]
fn auto_follows_a_terminal_that_reports_a_black_background() {
    let mut session = PtySession::spawn_in(Terminal::Silent, &["--demo", "--theme", "auto"], &[]);
    session.answer(b"\x1b]11;?", "\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c");
    session.wait_for("Collections by partition key prefix");
    assert_eq!(badge_background(&session), DARK_BADGE);
    quit(session);
}

#[test]
fn no_color_draws_no_colour_in_either_theme_and_keeps_the_selection() {
    for theme in ["dark", "light"] {
        let session = PtySession::spawn(&["--demo", "--theme", theme], &[("NO_COLOR", "1")]);
        let screen = session.wait_for("ACCOUNT");
        let selected_row = screen
            .lines()
            .position(|line| line.contains("ACCOUNT"))
            .and_then(|row| u16::try_from(row).ok())
            .expect("the first prefix row");
        let cells = session.cells();
        let coloured: Vec<_> = cells
            .iter()
            .filter(|(_, _, fg, bg, _)| {
                *fg != vt100::Color::Default || *bg != vt100::Color::Default
            })
            .collect();
        assert!(coloured.is_empty(), "{theme}: coloured cells {coloured:?}");
        assert!(
            cells
                .iter()
                .any(|(row, _, _, _, reversed)| *row == selected_row && *reversed),
            "{theme}: the selected row is drawn in reverse video"
        );
        quit(session);
    }
}

/// The query builder opens on its partition-key field: without colour, that field must still
/// be told apart, by reverse video, before any key is pressed.
#[test]
fn no_color_shows_the_focused_field_of_the_query_builder_as_it_opens() {
    let mut session = PtySession::spawn(&["--demo"], &[("NO_COLOR", "1")]);
    session.wait_for("ACCOUNT");
    session.send(":");
    let screen = session.wait_for("Query builder");
    let partition_row = screen
        .lines()
        .position(|line| line.contains("│Partition"))
        .and_then(|row| u16::try_from(row).ok())
        .expect("the partition field");
    let cells = session.cells();
    let reversed: Vec<u16> = cells
        .iter()
        .filter(|(_, _, _, _, reversed)| *reversed)
        .map(|(row, ..)| *row)
        .collect();
    assert!(
        reversed.contains(&partition_row),
        "the partition field is drawn in reverse video; reversed rows {reversed:?}\n{screen}"
    );
    assert!(
        cells
            .iter()
            .all(|(_, _, fg, bg, _)| *fg == vt100::Color::Default && *bg == vt100::Color::Default),
        "no colour"
    );
    session.send("\x1b");
    session.wait_for("Collections by partition key prefix");
    quit(session);
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("theme-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[test]
fn a_keymap_that_cannot_be_read_says_so_first_however_long_its_path() {
    let deep = tempdir("bad-keymap").join("a-rather-long-directory-name-for-settings/and-deeper");
    std::fs::create_dir_all(&deep).expect("config dir");
    let keymap = deep.join("keymap.toml");
    std::fs::write(
        &keymap,
        "[global]\nprepend_keymap = [ { on = \"q\", run = \"nope\" } ]\n",
    )
    .expect("keymap");
    let keymap_text = keymap.to_string_lossy().into_owned();
    let session = PtySession::spawn(&["--demo", "--keymap", &keymap_text], &[]);
    let screen = session.wait_until("the keymap's notice", |contents| {
        contents.contains("keymap")
    });
    // The notice's first row, under the table's box: what happened comes before the path,
    // which may fill the rows the notice is given.
    let notice = screen
        .lines()
        .skip_while(|row| !row.starts_with('└'))
        .nth(1)
        .unwrap_or_default();
    assert!(
        notice.starts_with("keymap ignored, using the defaults:"),
        "{screen}"
    );
    quit(session);
}
