//! JSON strings as serde_json reads them into Rust strings: escapes decoded, `\uXXXX` surrogates
//! paired, and any control character, unknown escape or lone surrogate refused (`None`).

pub(super) use crate::domain::byte_scan::plain_run_end;

/// The position after the closing quote of the string whose content starts at `start`, escapes
/// skipped without being checked (serde_json checks the text afterwards).
pub(super) fn quoted_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut pos = start;
    loop {
        match bytes.get(pos) {
            Some(b'"') => return Some(pos + 1),
            Some(b'\\') => pos += 2,
            Some(_) => pos += 1,
            None => return None,
        }
    }
}

/// Decodes the string whose content starts at `start` and whose first backslash is at
/// `backslash`: its text and the position after its closing quote.
pub(super) fn unescape(text: &str, start: usize, backslash: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut decoded = String::with_capacity(backslash - start + 16);
    let (mut run, mut pos) = (start, backslash);
    loop {
        // Runs start after an ASCII escape and end at an ASCII byte: always char boundaries.
        decoded.push_str(text.get(run..pos)?);
        match bytes.get(pos) {
            Some(b'"') => return Some((decoded, pos + 1)),
            Some(b'\\') => pos = escape(bytes, pos + 1, &mut decoded)?,
            _ => return None,
        }
        run = pos;
        pos = plain_run_end(bytes, pos);
    }
}

/// Decodes the escape after a backslash at `pos - 1`; returns the position after it.
fn escape(bytes: &[u8], pos: usize, decoded: &mut String) -> Option<usize> {
    let unescaped = match bytes.get(pos)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\x08',
        b'f' => '\x0c',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => return unicode_escape(bytes, pos + 1, decoded),
        _ => return None,
    };
    decoded.push(unescaped);
    Some(pos + 1)
}

/// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, starting at the first hex digit.
fn unicode_escape(bytes: &[u8], pos: usize, decoded: &mut String) -> Option<usize> {
    const LEADING: std::ops::RangeInclusive<u32> = 0xD800..=0xDBFF;
    const TRAILING: std::ops::RangeInclusive<u32> = 0xDC00..=0xDFFF;
    let first = hex4(bytes, pos)?;
    let (code, after) = if LEADING.contains(&first) {
        if bytes.get(pos + 4..pos + 6) != Some(b"\\u") {
            return None;
        }
        let second = hex4(bytes, pos + 6)?;
        if !TRAILING.contains(&second) {
            return None;
        }
        (
            0x1_0000 + ((first - 0xD800) << 10 | (second - 0xDC00)),
            pos + 10,
        )
    } else {
        // A trailing surrogate on its own is not a character: `from_u32` refuses it.
        (first, pos + 4)
    };
    decoded.push(char::from_u32(code)?);
    Some(after)
}

/// Four hex digits at `pos`.
fn hex4(bytes: &[u8], pos: usize) -> Option<u32> {
    let digits = bytes.get(pos..pos + 4)?;
    digits.iter().try_fold(0u32, |code, &digit| {
        let value = char::from(digit).to_digit(16)?;
        Some(code << 4 | value)
    })
}
