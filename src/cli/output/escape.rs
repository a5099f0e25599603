//! Untrusted item data reaches the terminal: control characters (C0, DEL, C1) and the Unicode
//! bidirectional overrides ("Trojan Source") are written as visible escapes, never raw, so an
//! item cannot move the cursor, retitle the window or reorder what the reader sees.

use std::fmt::Write as _;

/// True for characters that must never reach a terminal raw.
fn is_dangerous(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Text for a human-readable cell: `\n`, `\t`, `\r`, `\\` stay short, the rest as `\u{…}`.
#[must_use]
pub fn escape_for_terminal(text: &str) -> String {
    if !text.chars().any(|c| is_dangerous(c) || c == '\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            c if is_dangerous(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// True for the characters of serialised JSON that need an escape: serde_json already escapes
/// C0 controls inside strings, so a raw `\n`, `\r` or `\t` can only be (pretty) whitespace.
fn is_dangerous_in_json(c: char) -> bool {
    is_dangerous(c) && !matches!(c, '\n' | '\r' | '\t')
}

/// Serialised JSON with the characters serde_json leaves raw (DEL, C1, bidi overrides) turned
/// into `\uXXXX` escapes. These characters can only occur inside JSON strings, and the escape
/// means the same character, so the document's meaning is unchanged.
#[must_use]
pub fn escape_json_for_terminal(json: String) -> String {
    if !json.chars().any(is_dangerous_in_json) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 12);
    for c in json.chars() {
        if is_dangerous_in_json(c) {
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
    fn control_and_bidi_characters_are_made_visible_in_cells() {
        let cases = [
            ("plain USER#1 é 日本", "plain USER#1 é 日本"),
            ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
            ("\u{1b}]0;pwned\u{7}", "\\u{1b}]0;pwned\\u{7}"),
            ("del\u{7f}", "del\\u{7f}"),
            ("csi\u{9b}2J", "csi\\u{9b}2J"),
            ("abc\u{202e}fed", "abc\\u{202e}fed"),
            ("back\\slash", "back\\\\slash"),
        ];
        for (input, expected) in cases {
            assert_eq!(escape_for_terminal(input), expected, "{input:?}");
        }
    }

    #[test]
    fn json_keeps_its_meaning_while_losing_raw_controls() {
        let value = serde_json::json!({"k\u{9b}": "x\u{1b}y\u{7f}\u{202e}"});
        let text = serde_json::to_string(&value).expect("serialises");
        let escaped = escape_json_for_terminal(text);
        assert_eq!(escaped, r#"{"k\u009b":"x\u001by\u007f\u202e"}"#);
        assert!(!escaped.chars().any(is_dangerous));
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
}
