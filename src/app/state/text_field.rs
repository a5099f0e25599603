//! One line of editable text with a cursor, and the editing keys every single-line field shares
//! (prompt, palette, query builder, table-name question): the keys people's hands know from a
//! shell. The cursor is a byte offset that always sits on a character boundary.

use crate::app::action::Action;

/// A change to a line of text, from a bound key or a paste.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextEdit {
    Insert(char),
    /// Pasted text; line breaks and other control characters become spaces (one line).
    Paste(String),
    Left,
    Right,
    Start,
    End,
    /// To the start of the word before the cursor (words are runs of letters and digits).
    WordLeft,
    /// To the end of the word after the cursor.
    WordRight,
    DeleteBack,
    DeleteForward,
    DeleteToStart,
    DeleteToEnd,
    /// Back to the previous whitespace, as a shell's Ctrl-W.
    DeleteWordBack,
}

impl TextEdit {
    /// The edit a key action stands for, if it is one.
    #[must_use]
    pub fn of(action: &Action) -> Option<Self> {
        Some(match action {
            Action::Input(c) => Self::Insert(*c),
            Action::Paste(text) => Self::Paste(text.clone()),
            Action::CursorLeft => Self::Left,
            Action::CursorRight => Self::Right,
            Action::LineStart => Self::Start,
            Action::LineEnd => Self::End,
            Action::WordLeft => Self::WordLeft,
            Action::WordRight => Self::WordRight,
            Action::DeleteChar => Self::DeleteBack,
            Action::DeleteForward => Self::DeleteForward,
            Action::DeleteToStart => Self::DeleteToStart,
            Action::DeleteToEnd => Self::DeleteToEnd,
            Action::DeleteWordBack => Self::DeleteWordBack,
            _ => return None,
        })
    }
}

/// A line of text being typed, and where the cursor is in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextField {
    text: String,
    cursor: usize,
}

impl TextField {
    /// `text` with the cursor at its end.
    #[must_use]
    pub fn new(text: impl Into<String>) -> Self {
        let text = text.into();
        let cursor = text.len();
        Self { text, cursor }
    }

    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor's byte offset in [`Self::text`].
    #[must_use]
    pub const fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces the text (a completion, a prefill); the cursor goes to its end.
    pub fn set(&mut self, text: impl Into<String>) {
        *self = Self::new(text);
    }

    /// Applies `edit`; true when the text changed (not just the cursor).
    pub fn apply(&mut self, edit: &TextEdit) -> bool {
        apply(&mut self.text, &mut self.cursor, edit)
    }

    #[must_use]
    pub fn into_text(self) -> String {
        self.text
    }
}

/// Applies `edit` to a text kept elsewhere (the query builder's fields live in its spec) with
/// its cursor; a cursor past the end or inside a character is first moved to a boundary.
/// True when the text changed.
pub fn apply(text: &mut String, cursor: &mut usize, edit: &TextEdit) -> bool {
    *cursor = boundary_at_or_before(text, *cursor);
    let at = *cursor;
    match edit {
        TextEdit::Insert(c) => {
            text.insert(at, *c);
            *cursor = at + c.len_utf8();
        }
        TextEdit::Paste(pasted) => {
            let line = one_line(pasted);
            text.insert_str(at, &line);
            *cursor = at + line.len();
            return !line.is_empty();
        }
        TextEdit::Left => *cursor = previous_boundary(text, at),
        TextEdit::Right => *cursor = next_boundary(text, at),
        TextEdit::Start => *cursor = 0,
        TextEdit::End => *cursor = text.len(),
        TextEdit::WordLeft => *cursor = word_start_before(text, at),
        TextEdit::WordRight => *cursor = word_end_after(text, at),
        TextEdit::DeleteBack => return delete(text, cursor, previous_boundary(text, at)..at),
        TextEdit::DeleteForward => return delete(text, cursor, at..next_boundary(text, at)),
        TextEdit::DeleteToStart => return delete(text, cursor, 0..at),
        TextEdit::DeleteToEnd => return delete(text, cursor, at..text.len()),
        TextEdit::DeleteWordBack => {
            return delete(text, cursor, blank_word_start_before(text, at)..at);
        }
    }
    matches!(edit, TextEdit::Insert(_))
}

fn delete(text: &mut String, cursor: &mut usize, range: std::ops::Range<usize>) -> bool {
    let changed = !range.is_empty();
    *cursor = range.start;
    text.replace_range(range, "");
    changed
}

/// Pasted text made one line: each line break or other control character becomes a space,
/// and a trailing line break (most copies end with one) is dropped.
fn one_line(pasted: &str) -> String {
    let trimmed = pasted.trim_end_matches(['\n', '\r']);
    trimmed
        .replace("\r\n", " ")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn boundary_at_or_before(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn previous_boundary(text: &str, at: usize) -> usize {
    text[..at].char_indices().next_back().map_or(0, |(i, _)| i)
}

fn next_boundary(text: &str, at: usize) -> usize {
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric()
}

/// Skips non-word characters backwards, then the word.
fn word_start_before(text: &str, at: usize) -> usize {
    let mut chars = text[..at].char_indices().rev().peekable();
    while chars.next_if(|(_, c)| !is_word(*c)).is_some() {}
    let mut start = chars.peek().map_or(0, |(i, _)| *i);
    for (i, c) in chars {
        if !is_word(c) {
            break;
        }
        start = i;
    }
    start
}

/// Skips non-word characters forwards, then the word.
fn word_end_after(text: &str, at: usize) -> usize {
    let mut chars = text[at..].char_indices().peekable();
    while chars.next_if(|(_, c)| !is_word(*c)).is_some() {}
    for (i, c) in chars {
        if !is_word(c) {
            return at + i;
        }
    }
    text.len()
}

/// Skips whitespace backwards, then everything up to the previous whitespace.
fn blank_word_start_before(text: &str, at: usize) -> usize {
    let before = &text[..at];
    let end = before.trim_end().len();
    before[..end].rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text with `|` at the cursor.
    fn shown(field: &TextField) -> String {
        let mut text = field.text().to_owned();
        text.insert(field.cursor(), '|');
        text
    }

    fn after(text: &str, edits: &[TextEdit]) -> String {
        let mut field = TextField::new(text);
        for edit in edits {
            field.apply(edit);
        }
        shown(&field)
    }

    #[test]
    fn the_cursor_moves_by_character_and_to_either_end() {
        use TextEdit::{End, Insert, Left, Right, Start};
        assert_eq!(after("abc", &[Left, Left]), "a|bc");
        assert_eq!(after("abc", &[Left, Insert('X')]), "abX|c");
        assert_eq!(after("abc", &[Start, Insert('>')]), ">|abc");
        assert_eq!(after("abc", &[Start, Right, End]), "abc|");
        assert_eq!(after("abc", &[Right, Right]), "abc|");
        assert_eq!(after("", &[Left, Start]), "|");
    }

    #[test]
    fn multibyte_characters_are_stepped_over_whole() {
        use TextEdit::{DeleteBack, DeleteForward, Insert, Left};
        assert_eq!(after("añ😀", &[Left, Left, Insert('x')]), "ax|ñ😀");
        assert_eq!(after("añ😀", &[DeleteBack]), "añ|");
        assert_eq!(after("añ😀", &[Left, Left, DeleteForward]), "a|😀");
    }

    #[test]
    fn words_are_runs_of_letters_and_digits() {
        use TextEdit::{Start, WordLeft, WordRight};
        let key = "USER#usr_1001";
        assert_eq!(after(key, &[WordLeft]), "USER#usr_|1001");
        assert_eq!(after(key, &[WordLeft, WordLeft]), "USER#|usr_1001");
        assert_eq!(
            after(key, &[WordLeft, WordLeft, WordLeft, WordLeft]),
            "|USER#usr_1001"
        );
        assert_eq!(after(key, &[Start, WordRight]), "USER|#usr_1001");
        assert_eq!(after(key, &[Start, WordRight, WordRight]), "USER#usr|_1001");
    }

    #[test]
    fn deletions_cut_to_the_start_the_end_or_the_previous_blank() {
        use TextEdit::{DeleteToEnd, DeleteToStart, DeleteWordBack, Left, WordLeft};
        assert_eq!(
            after("status = PENDING", &[WordLeft, DeleteToStart]),
            "|PENDING"
        );
        assert_eq!(
            after("status = PENDING", &[WordLeft, DeleteToEnd]),
            "status = |"
        );
        assert_eq!(after("status = PENDING", &[DeleteWordBack]), "status = |");
        assert_eq!(
            after("a = USER#usr_1  ", &[DeleteWordBack]),
            "a = |",
            "trailing blanks go with the word, as in a shell"
        );
        assert_eq!(after("one two", &[Left, Left, DeleteWordBack]), "one |wo");
    }

    #[test]
    fn a_paste_is_inserted_at_the_cursor_as_one_line() {
        let mut field = TextField::new("PK = ");
        field.apply(&TextEdit::Paste("USER#usr_1001\n".to_owned()));
        assert_eq!(shown(&field), "PK = USER#usr_1001|");
        field.apply(&TextEdit::Start);
        field.apply(&TextEdit::Paste("a\r\nb\tc".to_owned()));
        assert_eq!(shown(&field), "a b c|PK = USER#usr_1001");
    }

    #[test]
    fn only_text_changes_report_a_change() {
        let mut field = TextField::new("ab");
        assert!(!field.apply(&TextEdit::Left));
        assert!(field.apply(&TextEdit::DeleteForward));
        assert_eq!(shown(&field), "a|");
        assert!(
            !field.apply(&TextEdit::DeleteForward),
            "nothing after the cursor"
        );
        assert!(field.apply(&TextEdit::Insert('x')));
        assert!(!TextField::new("").apply(&TextEdit::DeleteBack));
    }

    #[test]
    fn a_cursor_kept_elsewhere_is_brought_back_onto_the_text() {
        let mut text = "añ".to_owned();
        let mut cursor = 99;
        apply(&mut text, &mut cursor, &TextEdit::Insert('!'));
        assert_eq!(text, "añ!");
        let mut cursor = 2; // inside ñ
        apply(&mut text, &mut cursor, &TextEdit::Insert('-'));
        assert_eq!(text, "a-ñ!");
    }
}
