//! The frame of the long screens (a bulk stage, a write preview): a bordered box, its lines
//! wrapped and scrolled, and a hint line at the bottom.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

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
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [body, hint_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let lines = wrap_lines(lines, usize::from(body.width));
    let height = usize::from(body.height);
    let scroll = scroll.min(lines.len().saturating_sub(height));
    frame.render_widget(
        Paragraph::new(
            lines
                .into_iter()
                .skip(scroll)
                .take(height)
                .collect::<Vec<_>>(),
        ),
        body,
    );
    frame.render_widget(Paragraph::new(hint), hint_area);
}
