//! JSON output for terminals. Cells and text lines use the shared
//! [`domain::escape`](crate::domain::escape); this adds the JSON form: serde_json escapes C0
//! controls inside strings but leaves DEL, C1 (such as the single-byte CSI `U+009B`) and bidi
//! overrides raw, and those must not reach a terminal either.

use std::fmt::Write as _;

use crate::domain::escape::{find_unprintable_where, needs_escape};

/// True for the characters of serialised JSON that need an escape: serde_json already escapes
/// C0 controls inside strings, so a raw `\n`, `\r` or `\t` can only be (pretty) whitespace.
fn needs_escape_in_json(c: char) -> bool {
    needs_escape(c) && !matches!(c, '\n' | '\r' | '\t')
}

/// Whether serialised JSON holds a character [`escape_json_for_terminal`] would escape.
#[must_use]
pub fn json_needs_terminal_escape(json: &str) -> bool {
    find_unprintable_where(json, needs_escape_in_json).is_some()
}

/// Serialised JSON with the characters serde_json leaves raw (DEL, C1, bidi controls) turned
/// into `\uXXXX` escapes. These characters can only occur inside JSON strings, and the escape
/// means the same character, so the document's meaning is unchanged.
#[must_use]
pub fn escape_json_for_terminal(json: String) -> String {
    if !json_needs_terminal_escape(&json) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 12);
    for c in json.chars() {
        if needs_escape_in_json(c) {
            // All of these are in the Basic Multilingual Plane, so one \uXXXX suffices.
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keeps_its_meaning_while_losing_raw_controls() {
        let value = serde_json::json!({"k\u{9b}": "x\u{1b}y\u{7f}\u{202e}"});
        let text = serde_json::to_string(&value).expect("serialises");
        let escaped = escape_json_for_terminal(text);
        assert_eq!(escaped, r#"{"k\u009b":"x\u001by\u007f\u202e"}"#);
        assert!(!escaped.chars().any(needs_escape));
        let back: serde_json::Value = serde_json::from_str(&escaped).expect("still JSON");
        assert_eq!(back, value);
    }

    #[test]
    fn pretty_json_keeps_its_line_breaks_and_escapes_the_rest() {
        let value = serde_json::json!({"a": "tab\there\u{9b}", "b": [1]});
        let pretty = serde_json::to_string_pretty(&value).expect("serialises");
        let escaped = escape_json_for_terminal(pretty);
        assert_eq!(
            escaped,
            "{\n  \"a\": \"tab\\there\\u009b\",\n  \"b\": [\n    1\n  ]\n}"
        );
        let back: serde_json::Value = serde_json::from_str(&escaped).expect("still JSON");
        assert_eq!(back, value);
    }

    proptest::proptest! {
        #[test]
        fn no_json_reaches_the_terminal_with_a_dangerous_character(
            text in proptest::prelude::any::<String>(),
        ) {
            let json = escape_json_for_terminal(serde_json::Value::String(text.clone()).to_string());
            proptest::prop_assert!(!json.chars().any(needs_escape), "{:?}", json);
            let back: serde_json::Value = serde_json::from_str(&json).expect("still JSON");
            proptest::prop_assert_eq!(back, serde_json::Value::String(text));
        }

        #[test]
        fn the_ascii_shortcut_answers_as_the_character_check_does(
            text in "[ -~\\x00-\\x1f\x7f\u{80}-\u{a0}\u{202a}-\u{202e}é\u{2066}-\u{2069}ü😀]{0,80}",
        ) {
            proptest::prop_assert_eq!(
                json_needs_terminal_escape(&text),
                text.chars().any(needs_escape_in_json)
            );
        }
    }
}
