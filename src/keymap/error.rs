//! Keymap load errors that point at the spot in the file, so a user can fix it at a glance.

use std::fmt;

/// What is wrong with a keymap file and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeymapError {
    /// The file as the user named it (or `<built-in>`).
    pub file: String,
    /// 1-based line and column; `None` when the error has no position (e.g. unreadable file).
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl KeymapError {
    /// An error at byte `offset` of `text`.
    #[must_use]
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            position: Some(line_column(text, offset)),
            message: message.into(),
        }
    }
}

/// 1-based line and column (in characters) of byte `offset`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |index| index + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl fmt::Display for KeymapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for KeymapError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_lines_and_character_columns() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 9), (2, 3));
    }
}
