//! Small text helpers for rendering.

use std::borrow::Cow;

use crate::domain::escape::escape_for_terminal;

/// Table data made safe for the terminal: control characters and escape sequences shown
/// visibly (`\x1b`), never interpreted.
#[must_use]
pub fn safe(text: &str) -> Cow<'_, str> {
    escape_for_terminal(text)
}

/// A border title of `parts` joined by ` · `, keeping as many whole parts (in order) as fit in
/// `width` columns, so a narrow terminal drops hints instead of cutting one in half.
#[must_use]
pub fn fitted_title(parts: &[String], width: usize) -> String {
    let mut title = String::from(" ");
    for part in parts {
        let joiner = if title.len() > 1 { " · " } else { "" };
        let grown = title.chars().count() + joiner.chars().count() + part.chars().count() + 1;
        if grown > width && title.len() > 1 {
            break;
        }
        title.push_str(joiner);
        title.push_str(part);
    }
    title.push(' ');
    title
}

/// `1.5 GB`, `12.0 KB`, `512 B`.
#[must_use]
pub fn bytes(size: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = size;
    let mut unit = 0;
    let mut remainder = 0;
    while value >= 1024 && unit + 1 < UNITS.len() {
        remainder = value % 1024;
        value /= 1024;
        unit += 1;
    }
    if unit == 0 {
        format!("{size} B")
    } else {
        format!("{value}.{} {}", remainder * 10 / 1024, UNITS[unit])
    }
}

/// `1,234,567`.
#[must_use]
pub fn count(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_keeps_whole_parts_that_fit() {
        let parts = [
            "Query builder".to_owned(),
            "<Enter> runs".to_owned(),
            "<Esc> closes".to_owned(),
        ];
        assert_eq!(
            fitted_title(&parts, 80),
            " Query builder · <Enter> runs · <Esc> closes "
        );
        assert_eq!(fitted_title(&parts, 33), " Query builder · <Enter> runs ");
        assert_eq!(
            fitted_title(&parts, 5),
            " Query builder ",
            "the first part always shows"
        );
    }

    #[test]
    fn sizes_and_counts_read_naturally() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(1536), "1.5 KB");
        assert_eq!(bytes(3 * 1024 * 1024 * 1024), "3.0 GB");
        assert_eq!(count(0), "0");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(999), "999");
    }
}
