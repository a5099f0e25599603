//! Every colour and style the screens use, by role: a screen asks for `styles.warning` or
//! `styles.selected`, never for a colour, so one palette can be swapped for another. The dark
//! palette is ddbx's original look; the light one keeps the same roles readable on a white
//! background (no yellow or cyan text, which fade there).
//!
//! Selection, headings and focus are modifiers (reverse video, bold, underline), never colours
//! alone, so the screens stay usable where colours are off. With `NO_COLOR` set the screens are
//! drawn in [`NO_COLOUR`], which holds no colour: leaving the colours to crossterm's own
//! `NO_COLOR` handling is not enough, since it writes a colour change as `ESC [ m`, a reset that
//! also clears the reverse video of the focused field.

use ratatui::style::{Color, Modifier, Style};

use crate::app::state::{State, Theme};

/// The style of each role on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Styles {
    /// Keys in help and hints, prompts, labels of what can be acted on.
    pub key: Style,
    /// Hints, placeholders and figures that explain rather than inform.
    pub muted: Style,
    /// Secondary text: notes and informational lines.
    pub note: Style,
    pub warning: Style,
    /// A warning that must not be missed (the write being confirmed).
    pub warning_strong: Style,
    pub error: Style,
    pub error_strong: Style,
    /// A value or attribute a write adds; also the new side of a change.
    pub added: Style,
    /// A value or attribute a write removes; also the old side of a change.
    pub removed: Style,
    /// An attribute a write changes.
    pub changed: Style,
    /// Entity names.
    pub entity: Style,
    /// Values worth telling apart from their names (an inspector's key values).
    pub value: Style,
    /// Work under way (a scan running, a write being sent).
    pub active: Style,
    /// Work finished well (a scan complete).
    pub done: Style,
    /// Section and table headings.
    pub heading: Style,
    /// The results grid's column titles.
    pub column_heading: Style,
    /// The titles of a plain table's columns (the conflict view's sides).
    pub table_titles: Style,
    /// A group's title inside a list (a partition's item collection).
    pub group_heading: Style,
    /// Something that leads elsewhere (the decoded line of a key).
    pub link: Style,
    /// The row or entry under the cursor.
    pub selected: Style,
    /// The field with focus in a form.
    pub focused: Style,
    /// The cursor cell of a text field.
    pub cursor: Style,
    /// The program's name in the header.
    pub badge: Style,
    /// A banner in the header that must be seen (read-only, offline).
    pub banner: Style,
}

const fn fg(color: Color) -> Style {
    Style::new().fg(color)
}

const fn bold(style: Style) -> Style {
    style.add_modifier(Modifier::BOLD)
}

/// Light text on a dark background: ddbx's original palette.
pub const DARK: Styles = Styles {
    key: fg(Color::Cyan),
    muted: fg(Color::DarkGray),
    note: fg(Color::Gray),
    warning: fg(Color::Yellow),
    warning_strong: bold(fg(Color::Yellow)),
    error: fg(Color::Red),
    error_strong: bold(fg(Color::Red)),
    added: fg(Color::Green),
    removed: fg(Color::Red),
    changed: fg(Color::Yellow),
    entity: fg(Color::Magenta),
    value: fg(Color::Green),
    active: fg(Color::Cyan),
    done: fg(Color::Green),
    heading: bold(Style::new()),
    column_heading: bold(fg(Color::Cyan)),
    table_titles: bold(Style::new()).add_modifier(Modifier::UNDERLINED),
    group_heading: bold(fg(Color::Cyan)),
    link: fg(Color::Cyan).add_modifier(Modifier::UNDERLINED),
    selected: Style::new().add_modifier(Modifier::REVERSED),
    focused: Style::new().add_modifier(Modifier::UNDERLINED),
    cursor: fg(Color::Black).bg(Color::Cyan),
    badge: bold(fg(Color::Black).bg(Color::Cyan)),
    banner: fg(Color::Black).bg(Color::Yellow),
};

/// Dark orange (xterm 256-colour 130): a warning that stays readable on white, where yellow fades.
const AMBER: Color = Color::Indexed(130);
/// Dark green (xterm 256-colour 28): the bright ANSI green is too pale on white.
const FOREST: Color = Color::Indexed(28);
/// Dark grey (xterm 256-colour 242) for secondary text on white, where ANSI grey is too pale.
const SLATE: Color = Color::Indexed(242);

/// Dark text on a light background: the same roles without the colours that fade on white.
pub const LIGHT: Styles = Styles {
    key: fg(Color::Blue),
    muted: fg(SLATE),
    note: fg(Color::Reset),
    warning: fg(AMBER),
    warning_strong: bold(fg(AMBER)),
    error: fg(Color::Red),
    error_strong: bold(fg(Color::Red)),
    added: fg(FOREST),
    removed: fg(Color::Red),
    changed: fg(AMBER),
    entity: fg(Color::Magenta),
    value: fg(FOREST),
    active: fg(Color::Blue),
    done: fg(FOREST),
    heading: bold(Style::new()),
    column_heading: bold(fg(Color::Blue)),
    table_titles: bold(Style::new()).add_modifier(Modifier::UNDERLINED),
    group_heading: bold(fg(Color::Blue)),
    link: fg(Color::Blue).add_modifier(Modifier::UNDERLINED),
    selected: Style::new().add_modifier(Modifier::REVERSED),
    focused: Style::new().add_modifier(Modifier::UNDERLINED),
    cursor: fg(Color::White).bg(Color::Blue),
    badge: bold(fg(Color::White).bg(Color::Blue)),
    banner: fg(Color::Black).bg(Color::Yellow),
};

const fn with(modifier: Modifier) -> Style {
    Style::new().add_modifier(modifier)
}

/// No colour at all, for `NO_COLOR`: each role that must be told apart has a modifier of its
/// own, and the text cursor is underlined so it shows inside a field drawn reversed.
pub const NO_COLOUR: Styles = Styles {
    key: Style::new(),
    muted: Style::new(),
    note: Style::new(),
    warning: Style::new(),
    warning_strong: with(Modifier::BOLD),
    error: Style::new(),
    error_strong: with(Modifier::BOLD),
    added: Style::new(),
    removed: with(Modifier::CROSSED_OUT),
    changed: Style::new(),
    entity: Style::new(),
    value: Style::new(),
    active: Style::new(),
    done: Style::new(),
    heading: with(Modifier::BOLD),
    column_heading: with(Modifier::BOLD),
    table_titles: bold(Style::new()).add_modifier(Modifier::UNDERLINED),
    group_heading: with(Modifier::BOLD),
    link: with(Modifier::UNDERLINED),
    selected: with(Modifier::REVERSED),
    focused: with(Modifier::UNDERLINED),
    cursor: bold(with(Modifier::UNDERLINED)),
    badge: bold(with(Modifier::REVERSED)),
    banner: bold(with(Modifier::REVERSED)),
};

/// The palette of a theme.
#[must_use]
pub const fn of_theme(theme: Theme) -> &'static Styles {
    match theme {
        Theme::Dark => &DARK,
        Theme::Light => &LIGHT,
        Theme::NoColour => &NO_COLOUR,
    }
}

/// The palette the state is drawn in.
#[must_use]
pub fn of(state: &State) -> &'static Styles {
    of_theme(state.settings.theme)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where colours are off only modifiers remain, so these roles must not rely on a colour.
    #[test]
    fn selection_focus_and_headings_are_visible_without_colour() {
        for styles in [&DARK, &LIGHT, &NO_COLOUR] {
            for style in [styles.selected, styles.focused, styles.heading] {
                assert!(!style.add_modifier.is_empty(), "{style:?}");
            }
        }
    }

    #[test]
    fn the_colourless_palette_has_no_colour_and_a_cursor_that_shows_in_a_reversed_field() {
        let Styles {
            key,
            muted,
            note,
            warning,
            warning_strong,
            error,
            error_strong,
            added,
            removed,
            changed,
            entity,
            value,
            active,
            done,
            heading,
            column_heading,
            table_titles,
            group_heading,
            link,
            selected,
            focused,
            cursor,
            badge,
            banner,
        } = NO_COLOUR;
        let every = [
            key,
            muted,
            note,
            warning,
            warning_strong,
            error,
            error_strong,
            added,
            removed,
            changed,
            entity,
            value,
            active,
            done,
            heading,
            column_heading,
            table_titles,
            group_heading,
            link,
            selected,
            focused,
            cursor,
            badge,
            banner,
        ];
        for style in every {
            assert!(style.fg.is_none() && style.bg.is_none(), "{style:?}");
        }
        assert!(!cursor.add_modifier.contains(Modifier::REVERSED));
        assert!(!cursor.add_modifier.is_empty());
    }

    #[test]
    fn the_light_palette_has_no_text_in_colours_that_fade_on_white() {
        let faint = [Color::Yellow, Color::Cyan, Color::Gray, Color::White];
        let text_roles = [
            LIGHT.key,
            LIGHT.muted,
            LIGHT.note,
            LIGHT.warning,
            LIGHT.added,
            LIGHT.changed,
            LIGHT.value,
            LIGHT.active,
            LIGHT.done,
            LIGHT.column_heading,
            LIGHT.link,
        ];
        for style in text_roles {
            assert!(!style.fg.is_some_and(|fg| faint.contains(&fg)), "{style:?}");
        }
    }
}
