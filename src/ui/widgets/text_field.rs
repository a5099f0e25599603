//! A single-line text field as spans: the text made safe for the terminal, the cursor shown as a
//! highlighted cell (a block past the end), and, when the text is wider than the room it has, a
//! window around the cursor with `…` where text is hidden, so nothing typed is out of reach.

use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use crate::app::state::text_field::TextField;
use crate::ui::theme::Styles;
use crate::ui::widgets::text::safe;

/// The cursor past the end of the text.
const END_MARK: &str = "█";
const HIDDEN: char = '…';

/// `field` drawn in at most `width` cells (`None`: as wide as it is), cursor shown.
#[must_use]
pub fn spans(styles: &Styles, field: &TextField, width: Option<usize>) -> Vec<Span<'static>> {
    spans_of(styles, field.text(), field.cursor(), width, Style::new())
}

/// A text kept elsewhere with its cursor, drawn in `style` (the cursor cell in its own colours).
#[must_use]
pub fn spans_of(
    styles: &Styles,
    text: &str,
    cursor: usize,
    width: Option<usize>,
    style: Style,
) -> Vec<Span<'static>> {
    let cursor = clamp(text, cursor);
    let before: Vec<char> = safe(&text[..cursor]).chars().collect();
    let rest = &text[cursor..];
    let under_len = rest.chars().next().map_or(0, char::len_utf8);
    let under: Vec<char> = safe(&rest[..under_len]).chars().collect();
    let after: Vec<char> = safe(&rest[under_len..]).chars().collect();
    let cursor_cells = under.len().max(1);
    let total = before.len() + cursor_cells + after.len();
    let room = width.unwrap_or(total).max(cursor_cells + 2);
    let (before, after) = if total <= room {
        (before, after)
    } else {
        window(before, after, room - cursor_cells)
    };
    let cursor_span = if under.is_empty() {
        Span::styled(END_MARK, styles.key)
    } else {
        // Its own colours, so it shows inside a field that is drawn reversed as well.
        Span::styled(
            under.into_iter().collect::<String>(),
            style
                .remove_modifier(Modifier::REVERSED)
                .patch(styles.cursor),
        )
    };
    let mut spans = Vec::with_capacity(3);
    if !before.is_empty() {
        spans.push(Span::styled(before.into_iter().collect::<String>(), style));
    }
    spans.push(cursor_span);
    if !after.is_empty() {
        spans.push(Span::styled(after.into_iter().collect::<String>(), style));
    }
    spans
}

/// Keeps `room` cells of text around the cursor: as much after it as fits in a third of the
/// room, the rest before it, and `…` on each side where text is hidden.
fn window(before: Vec<char>, after: Vec<char>, room: usize) -> (Vec<char>, Vec<char>) {
    let after_room = (room / 3).min(after.len());
    let before_room = (room - after_room).min(before.len());
    let after_room = (room - before_room).min(after.len());
    let mut shown_before: Vec<char> = before[before.len() - before_room..].to_vec();
    let mut shown_after: Vec<char> = after[..after_room].to_vec();
    if before_room < before.len()
        && let Some(first) = shown_before.first_mut()
    {
        *first = HIDDEN;
    }
    if after_room < after.len()
        && let Some(last) = shown_after.last_mut()
    {
        *last = HIDDEN;
    }
    (shown_before, shown_after)
}

fn clamp(text: &str, cursor: usize) -> usize {
    let mut at = cursor.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::state::text_field::TextEdit;
    use crate::ui::theme::{DARK, LIGHT};
    use ratatui::style::Color;

    fn drawn(field: &TextField, width: Option<usize>) -> String {
        spans(&DARK, field, width)
            .iter()
            .map(|span| span.content.as_ref())
            .collect()
    }

    #[test]
    fn the_cursor_cell_is_highlighted_inside_the_text_and_a_block_past_its_end() {
        let mut field = TextField::new("abc");
        assert_eq!(drawn(&field, None), "abc█");
        field.apply(&TextEdit::Left);
        let shown = spans(&DARK, &field, None);
        assert_eq!(drawn(&field, None), "abc");
        assert_eq!(shown[1].content, "c");
        assert_eq!(shown[1].style.bg, Some(Color::Cyan));
        let light = spans(&LIGHT, &field, None);
        assert_eq!(light[1].style.bg, LIGHT.cursor.bg);
        assert_ne!(light[1].style.bg, shown[1].style.bg);
    }

    #[test]
    fn a_long_text_scrolls_to_keep_the_cursor_in_view() {
        let mut field = TextField::new("ORDER#2026-10-31#ord_0000042");
        assert_eq!(drawn(&field, Some(12)), "…rd_0000042█");
        field.apply(&TextEdit::Start);
        assert_eq!(drawn(&field, Some(12)), "ORDER#2026-…");
        assert_eq!(drawn(&field, None), "ORDER#2026-10-31#ord_0000042");
    }

    #[test]
    fn control_characters_are_shown_escaped_never_sent() {
        let field = TextField::new("a\u{1b}[2Jb");
        assert!(!drawn(&field, None).contains('\u{1b}'));
    }
}
