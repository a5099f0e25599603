//! The sparse-index inspector for one index: coverage, entity types in it, and why the other
//! items are left out (each reason with an example item to open).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::State;
use crate::app::state::indexes::coverage_lines::{LineKind, coverage_lines};
use crate::ui::theme;
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    index: &str,
    cursor: usize,
) {
    let styles = theme::of(state);
    let block = Block::bordered().title(format!(
        " Sparse-index inspector · {} · s sample · S full count · p pause · x cancel ",
        safe(index)
    ));
    let lines = coverage_lines(state, index);
    let height = usize::from(area.height.saturating_sub(2));
    let visible = window(lines.len(), cursor, height);
    let drawn: Vec<Line<'_>> = lines
        .into_iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(position, line)| {
            let mut style = match line.kind {
                LineKind::Heading => styles.heading,
                LineKind::Warning => styles.warning,
                LineKind::Info => styles.note,
                LineKind::Figure if line.example.is_some() => styles.key,
                LineKind::Figure => Style::new(),
            };
            if position == cursor && line.example.is_some() {
                style = style.add_modifier(Modifier::REVERSED);
            }
            // Coverage lines are built from escaped text already; `safe` again is a no-op guard.
            Line::styled(safe(&line.text).into_owned(), style)
        })
        .collect();
    frame.render_widget(Paragraph::new(drawn).block(block), area);
}
