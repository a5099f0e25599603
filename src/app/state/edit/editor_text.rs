//! The editor's text: the domain's lossless edit form, made safe to show. JSON allows any
//! character in a string to be written as `\uXXXX`, so every character that could steer the
//! terminal (C1 controls such as U+009B, DEL, bidi overrides) is written that way: the text still
//! parses to exactly the same item, and the screen never receives the raw character.

use std::fmt::Write as _;

use crate::domain::edit::{EditFormat, EditTextError, parse_edited, render_for_edit};
use crate::domain::escape::needs_escape;
use crate::domain::value::Item;

/// Rendering and parsing of the editor text.
pub struct EditorText;

impl EditorText {
    /// `item` as editable text in `format`, terminal-safe.
    #[must_use]
    pub fn render(item: &Item, format: EditFormat) -> String {
        let text = render_for_edit(item, format);
        if !text.contains(needs_escape_in_text) {
            return text;
        }
        let mut safe = String::with_capacity(text.len() + 16);
        for c in text.chars() {
            if needs_escape_in_text(c) {
                // Writing to a String cannot fail.
                let _ = write!(safe, "\\u{:04x}", u32::from(c));
            } else {
                safe.push(c);
            }
        }
        safe
    }

    /// The item the text describes, or where it is wrong (1-based line and column).
    pub fn parse(text: &str, format: EditFormat) -> Result<Item, EditTextError> {
        parse_edited(text, format)
    }
}

/// Line breaks separate the editor's lines; every other control character is escaped.
fn needs_escape_in_text(c: char) -> bool {
    c != '\n' && needs_escape(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    #[test]
    fn terminal_controls_in_values_are_escaped_and_the_text_still_parses_to_the_same_item() {
        let item = Item::from([
            ("PK".to_owned(), AttrValue::s("USER#1")),
            (
                "note".to_owned(),
                AttrValue::s("csi\u{9b}31m bidi\u{202e} del\u{7f}"),
            ),
        ]);
        for format in [EditFormat::DdbJson, EditFormat::TypedJson] {
            let text = EditorText::render(&item, format);
            assert!(!text.contains(needs_escape_in_text), "{text}");
            assert_eq!(EditorText::parse(&text, format), Ok(item.clone()), "{text}");
        }
    }
}
