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
}
