//! Small text helpers for rendering.

use std::borrow::Cow;

use crate::domain::escape::escape_for_terminal;

/// Table data made safe for the terminal: control characters and escape sequences shown
/// visibly (`\x1b`), never interpreted.
#[must_use]
pub fn safe(text: &str) -> Cow<'_, str> {
    escape_for_terminal(text)
}

pub use crate::domain::figures::{bytes, count};
