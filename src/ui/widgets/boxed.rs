//! The frame of the long screens (a bulk stage, a write preview): a bordered box, its lines
//! wrapped and scrolled, and a hint line at the bottom; the bottom border says how many lines
//! are out of sight above and below.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::ui::widgets::overflow::window;
use crate::ui::widgets::wrap::wrap_lines;

/// A bordered box over `area` with `lines` scrolled by `scroll` and a hint line at the bottom.
pub(in crate::ui) fn boxed(
    frame: &mut Frame<'_>,
    area: Rect,
    title: String,
    lines: Vec<Line<'static>>,
    scroll: usize,
    hint: Line<'static>,
) {
    scrolled_box(frame, area, (title, lines), scroll, hint, "");
}

/// [`boxed`], its bottom border naming `scroll_keys`, the keys that scroll it, when lines are
/// out of sight.
pub(in crate::ui) fn scrolled_box(
    frame: &mut Frame<'_>,
    area: Rect,
    (title, lines): (String, Vec<Line<'static>>),
    scroll: usize,
    hint: Line<'static>,
    scroll_keys: &str,
) {
    let mut block = Block::bordered().title(title);
    let inner = block.inner(area);
    let [body, hint_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let lines = wrap_lines(lines, usize::from(body.width));
    let shown = window(lines, scroll, usize::from(body.height));
    if let Some(note) = shown.note(scroll_keys) {
        block = block.title_bottom(note);
    }
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(shown.shown), body);
    frame.render_widget(Paragraph::new(hint), hint_area);
}
