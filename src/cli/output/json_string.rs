//! JSON strings written straight into a line, escaped exactly as serde_json escapes them, eight
//! bytes at a time: a page of items is mostly long runs of bytes that need no escape, and
//! serde_json looks each byte up in a table.

use crate::domain::byte_scan::plain_run_end;

/// Appends the escape serde_json writes for `byte`, a quote, a backslash or a C0 control.
fn push_escape(out: &mut String, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match byte {
        b'"' => out.push_str("\\\""),
        b'\\' => out.push_str("\\\\"),
        0x08 => out.push_str("\\b"),
        0x0c => out.push_str("\\f"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        _ => {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
    }
}

/// Appends `text` as a JSON string: `"`, `\` and the C0 controls escaped as serde_json escapes
/// them (`\n`, `\u001b`, …), everything else, DEL and non-ASCII included, as it is.
pub(super) fn push_json_string(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    let bytes = text.as_bytes();
    let mut copied = 0;
    loop {
        let end = plain_run_end(bytes, copied);
        // Every byte JSON escapes is ASCII, so a run ends on a character boundary.
        out.push_str(&text[copied..end]);
        let Some(&byte) = bytes.get(end) else {
            break;
        };
        push_escape(out, byte);
        copied = end + 1;
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> String {
        let mut out = String::new();
        push_json_string(&mut out, text);
        out
    }

    #[test]
    fn controls_quotes_and_backslashes_are_escaped_as_serde_json_escapes_them() {
        let text = "a\"b\\c\u{0}\u{8}\u{c}\n\r\t\u{1b}\u{1f} \u{7f}\u{9b}ü";
        assert_eq!(
            written(text),
            serde_json::to_string(text).expect("a string")
        );
        assert_eq!(written(""), "\"\"");
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_written_as_serde_json_writes_it(
            text in "[a-z \"\\\\\\x00-\\x1f\\x7f\u{80}-\u{a0}é😀]{0,64}",
        ) {
            proptest::prop_assert_eq!(written(&text), serde_json::to_string(&text).expect("a string"));
        }

        #[test]
        fn any_string_at_all_is_written_as_serde_json_writes_it(text in proptest::prelude::any::<String>()) {
            proptest::prop_assert_eq!(written(&text), serde_json::to_string(&text).expect("a string"));
        }
    }
}
