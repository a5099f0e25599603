//! Neutralising untrusted text before it reaches a terminal.
//!
//! Keys, attribute names and values come from the table, and a hostile item could otherwise move
//! the cursor, clear the screen, set the window title (ESC / CSI / OSC sequences, including the
//! single-byte C1 CSI `U+009B`) or reorder what the user reads (bidi overrides, "Trojan Source").
//! Every such character is replaced by a visible escape; all other text, emoji and CJK included,
//! passes through untouched and without allocating.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::domain::byte_scan::first_unprintable;

/// Bidirectional embedding/override (U+202A–U+202E) and isolate (U+2066–U+2069) controls.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` must not be written to a terminal as is: C0, DEL, C1 or a bidi control.
#[must_use]
pub fn needs_escape(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// `text` with every control character shown visibly: `\n`, `\r`, `\t`, `\x1b` (and `\xNN` for
/// the rest of C0 and DEL), `\u{9b}` for C1 and `\u{202e}` for bidi controls.
///
/// A backslash already in the text is left as is, so a literal `\x1b` typed into a value looks
/// like an escaped ESC; the text stays readable, which matters more here than invertibility.
#[must_use]
pub fn escape_for_terminal(text: &str) -> Cow<'_, str> {
    let Some(first) = find_unprintable_where(text, needs_escape) else {
        return Cow::Borrowed(text);
    };
    let mut escaped = String::with_capacity(text.len() + 8);
    escaped.push_str(&text[..first]);
    for c in text[first..].chars() {
        push_escaped(&mut escaped, c);
    }
    Cow::Owned(escaped)
}

/// Where the first character of `text` that `matches` is. Printable ASCII is skipped eight bytes at
/// a time and only the other characters are decoded, so `matches` must be false for every
/// printable ASCII character: a line with one accented letter then costs one decoded character.
#[must_use]
pub fn find_unprintable_where(text: &str, matches: impl Fn(char) -> bool) -> Option<usize> {
    let mut offset = 0;
    while let Some(at) = first_unprintable(text.as_bytes().get(offset..)?) {
        // Every byte before it is ASCII, so a character starts there.
        let start = offset + at;
        let c = text.get(start..)?.chars().next()?;
        if matches(c) {
            return Some(start);
        }
        offset = start + c.len_utf8();
    }
    None
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        // Writing to a String cannot fail.
        '\0'..='\u{1f}' | '\u{7f}' => {
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        }
        c if needs_escape(c) => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn control_characters_are_shown_as_visible_escapes() {
        let cases = [
            ("\u{1b}[2J", "\\x1b[2J"),
            ("\u{1b}]0;pwned\u{7}", "\\x1b]0;pwned\\x07"),
            ("line1\nline2", "line1\\nline2"),
            ("a\tb\rc", "a\\tb\\rc"),
            ("nul\0", "nul\\x00"),
            ("del\u{7f}", "del\\x7f"),
            ("c1 csi \u{9b}31m", "c1 csi \\u{9b}31m"),
            ("\u{85}next line", "\\u{85}next line"),
            ("admin\u{202e}txt.exe", "admin\\u{202e}txt.exe"),
            ("\u{2066}isolate\u{2069}", "\\u{2066}isolate\\u{2069}"),
        ];
        for (input, expected) in cases {
            assert_eq!(escape_for_terminal(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn ordinary_text_emoji_and_cjk_pass_through_without_allocating() {
        for text in [
            "USER#usr_1001",
            "",
            "🦀 crab",
            "注文#2026",
            "naïve café",
            "back\\slash",
        ] {
            let escaped = escape_for_terminal(text);
            assert!(matches!(escaped, Cow::Borrowed(_)), "{text:?} was copied");
            assert_eq!(escaped, text);
        }
    }

    #[test]
    fn text_around_an_escape_is_kept_in_order() {
        assert_eq!(escape_for_terminal("é\u{1b}漢🦀"), "é\\x1b漢🦀");
    }

    proptest! {
        #[test]
        fn the_printable_ascii_shortcut_finds_what_a_character_search_finds(
            text in "[ -~\\x00-\\x1f\x7f\u{80}-\u{a0}\u{202a}-\u{202e}é\u{2066}-\u{2069}😀]{0,80}",
        ) {
            prop_assert_eq!(find_unprintable_where(&text, needs_escape), text.find(needs_escape));
        }

        #[test]
        fn escaped_text_never_contains_a_control_or_bidi_character(text in any::<String>()) {
            let escaped = escape_for_terminal(&text);
            prop_assert!(!escaped.chars().any(needs_escape), "{escaped:?}");
        }

        #[test]
        fn text_without_controls_is_returned_unchanged(text in "[^\\p{Cc}\u{202A}-\u{202E}\u{2066}-\u{2069}]*") {
            prop_assert_eq!(escape_for_terminal(&text), text.as_str());
        }
    }
}
