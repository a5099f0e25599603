//! JSON strings written straight into a line, escaped exactly as serde_json escapes them, eight
//! bytes at a time: a page of items is mostly long runs of bytes that need no escape, and
//! serde_json looks each byte up in a table.

/// Bytes with all eight lanes set to the same value.
const fn lanes(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

const LOW_BITS: u64 = lanes(0x01);
const HIGH_BITS: u64 = lanes(0x80);

/// True when some byte of `word` is zero (the classic test: a zero byte is the only one whose
/// subtraction borrows while its own high bit is clear).
const fn has_zero_byte(word: u64) -> bool {
    word.wrapping_sub(LOW_BITS) & !word & HIGH_BITS != 0
}

/// True when some byte of `word` is below `bound` (at most 0x80).
const fn has_byte_below(word: u64, bound: u8) -> bool {
    word.wrapping_sub(lanes(bound)) & !word & HIGH_BITS != 0
}

/// True when some byte of `word` is a quote, a backslash or a C0 control: one of the bytes JSON
/// escapes. Never false when one is there; a word it flags is then read byte by byte.
const fn needs_json_escape(word: u64) -> bool {
    has_zero_byte(word ^ lanes(b'"'))
        || has_zero_byte(word ^ lanes(b'\\'))
        || has_byte_below(word, 0x20)
}

/// True when some byte of `word` is not printable ASCII (below a space, DEL, or any byte of a
/// multi-byte character). Never false when one is there.
pub(super) const fn has_unprintable(word: u64) -> bool {
    // A byte from 0x7f up has its high bit set either as it is or once one is added; adding
    // carries into the next byte only from 0xff, which is flagged itself.
    (word | word.wrapping_add(LOW_BITS)) & HIGH_BITS != 0 || has_byte_below(word, 0x20)
}

/// True for the bytes JSON escapes: a quote, a backslash and the C0 controls.
fn is_escaped(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// Appends the escape serde_json writes for `byte`, one [`is_escaped`] holds for.
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
    let (mut copied, mut at) = (0, 0);
    while let Some(&byte) = bytes.get(at) {
        let word = bytes.get(at..).and_then(<[u8]>::first_chunk::<8>);
        if word.is_some_and(|word| !needs_json_escape(u64::from_ne_bytes(*word))) {
            at += 8;
            continue;
        }
        if is_escaped(byte) {
            // Every byte JSON escapes is ASCII, so `copied` and `at` are character boundaries.
            out.push_str(&text[copied..at]);
            push_escape(out, byte);
            copied = at + 1;
        }
        at += 1;
    }
    out.push_str(&text[copied..]);
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
    fn every_byte_in_every_lane_is_flagged_exactly_when_it_needs_it() {
        for lane in 0..8 {
            for byte in 0..=255u8 {
                let mut word = [b'a'; 8];
                word[lane] = byte;
                let word = u64::from_ne_bytes(word);
                let escaped = byte < 0x20 || byte == b'"' || byte == b'\\';
                assert_eq!(
                    needs_json_escape(word),
                    escaped,
                    "byte {byte:#x} lane {lane}"
                );
                let unprintable = !(b' '..0x7f).contains(&byte);
                assert_eq!(
                    has_unprintable(word),
                    unprintable,
                    "byte {byte:#x} lane {lane}"
                );
            }
        }
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
