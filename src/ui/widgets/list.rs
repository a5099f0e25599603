//! The visible window of a long list: only these rows are built and drawn.

use std::ops::Range;

/// Rows `offset..offset+height` that keep `cursor` on screen (the cursor sits on the last
/// visible row when it is past the first screen).
#[must_use]
pub fn window(total: usize, cursor: usize, height: usize) -> Range<usize> {
    let height = height.max(1);
    let offset = cursor
        .saturating_sub(height - 1)
        .min(total.saturating_sub(height));
    offset..(offset + height).min(total)
}

/// The lines of a list that fit `height` with the cursor's in sight, each drawn as its text in
/// its own style (escaped), the cursor's patched with the cursor style.
pub fn cursor_lines<'a>(
    rows: impl IntoIterator<Item = (String, ratatui::style::Style)>,
    cursor: usize,
    height: usize,
    cursor_style: ratatui::style::Style,
) -> Vec<ratatui::text::Line<'a>> {
    let height = height.max(1);
    let first = cursor.saturating_sub(height - 1);
    rows.into_iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(row, (text, style))| {
            let style = if row == cursor {
                style.patch(cursor_style)
            } else {
                style
            };
            ratatui::text::Line::styled(super::text::safe(&text).into_owned(), style)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_always_contains_the_cursor_and_never_passes_the_end() {
        assert_eq!(window(100, 0, 10), 0..10);
        assert_eq!(window(100, 9, 10), 0..10);
        assert_eq!(window(100, 10, 10), 1..11);
        assert_eq!(window(100, 99, 10), 90..100);
        assert_eq!(window(3, 2, 10), 0..3);
        assert_eq!(window(0, 0, 10), 0..0);
    }
}
