//! Small text helpers for rendering.

use std::borrow::Cow;

use crate::domain::escape::escape_for_terminal;

/// Table data made safe for the terminal: control characters and escape sequences shown
/// visibly (`\x1b`), never interpreted.
#[must_use]
pub fn safe(text: &str) -> Cow<'_, str> {
    escape_for_terminal(text)
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

pub use crate::domain::counted::count;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_naturally() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(1536), "1.5 KB");
        assert_eq!(bytes(3 * 1024 * 1024 * 1024), "3.0 GB");
    }
}
