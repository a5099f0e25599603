//! The explanation: the item, the query, the verdict, then each check with what it found and
//! what it relied on, wrapped to the width, the line under the cursor highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::state::State;
use crate::app::state::loadable::Loadable;
use crate::app::state::why::WhyView;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &WhyView) {
    let styles = theme::of(state);
    let block =
        Block::bordered().title(" Why is this item (not) in the results? · R explains again ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let message = match &view.steps {
        Loadable::Loaded(_) => None,
        Loadable::Failed(why) => Some(Line::styled(
            format!("the explanation could not be read: {}", safe(why)),
            styles.error,
        )),
        Loadable::Loading(_) | Loadable::NotRequested => Some(Line::styled(
            "reading the item (strongly consistent) and the query's pages…",
            styles.note,
        )),
    };
    if let Some(message) = message {
        frame.render_widget(Paragraph::new(message).wrap(Wrap { trim: false }), inner);
        return;
    }
    let lines: Vec<Line<'_>> = view
        .lines()
        .into_iter()
        .enumerate()
        .map(|(row, text)| {
            let style = line_style(styles, row, &text);
            let style = if row == view.cursor {
                style.patch(styles.cursor)
            } else {
                style
            };
            Line::styled(safe(&text).into_owned(), style)
        })
        .collect();
    let scroll = rows_above(&lines, view.cursor, inner);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        inner,
    );
}

/// The verdict and each step's mark stand out; what a step relied on is muted.
fn line_style(styles: &Styles, row: usize, text: &str) -> Style {
    if row == 2 {
        return if text.starts_with("in the results") {
            styles.done
        } else {
            styles.error_strong
        };
    }
    match text.chars().next() {
        Some('✓') => styles.done,
        Some('✗') => styles.error,
        Some('?') => styles.warning,
        Some('·') => styles.heading,
        _ if text.trim_start().starts_with("(relied on:") => styles.muted,
        _ => Style::default(),
    }
}

/// Wrapped rows to scroll by so the cursor's line sits in view, from the middle down.
fn rows_above(lines: &[Line<'_>], cursor: usize, area: Rect) -> u16 {
    let width = usize::from(area.width.max(1));
    let heights: Vec<usize> = lines
        .iter()
        .map(|line| line.width().div_ceil(width).max(1))
        .collect();
    let before: usize = heights.iter().take(cursor).sum();
    let half = usize::from(area.height) / 2;
    u16::try_from(before.saturating_sub(half)).unwrap_or(u16::MAX)
}
