//! Capacity per access pattern: a line per pattern with its read units per call and, under it,
//! its month at the read rate; a line per entity with its write units and its month at the
//! write rate; where the figures came from. The row under the cursor is highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::screens::capacity::{CapacityRow, CapacityView, rows};
use crate::app::state::{Loadable, State};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &CapacityView) {
    let styles = theme::of(state);
    let title = format!(
        " Capacity per access pattern · {} reads/s, {} writes/s · r types the rates · R measures again ",
        view.reads_per_second, view.writes_per_second
    );
    let block = Block::bordered().title(safe(&title).into_owned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines: Vec<Line<'_>> = match &view.report {
        Loadable::Loaded(_) => visible(styles, view, usize::from(inner.height).max(1)),
        Loadable::Failed(why) => vec![Line::styled(
            format!("capacity could not be measured: {}", safe(why)),
            styles.error,
        )],
        Loadable::Loading(_) | Loadable::NotRequested => vec![Line::styled(
            "reading a sample of the table, then running each access pattern's calls…",
            styles.note,
        )],
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The drawn lines of every row (a pattern's month on a line of its own, under it), from the
/// first row that keeps the cursor's row on screen.
fn visible<'a>(styles: &Styles, view: &CapacityView, height: usize) -> Vec<Line<'a>> {
    let mut drawn: Vec<(usize, Line<'a>)> = Vec::new();
    for (row, line) in rows(view).iter().enumerate() {
        let style = row_style(styles, line);
        let style = if row == view.cursor {
            style.patch(styles.cursor)
        } else {
            style
        };
        match line {
            CapacityRow::Figures { line, month } => {
                drawn.push((row, Line::styled(safe(line).into_owned(), style)));
                if let Some(month) = month {
                    drawn.push((
                        row,
                        Line::styled(format!("  {}", safe(month)), styles.muted),
                    ));
                }
            }
            other => drawn.push((row, Line::styled(safe(&other.text()).into_owned(), style))),
        }
    }
    let cursor_end = drawn
        .iter()
        .rposition(|(row, _)| *row == view.cursor)
        .unwrap_or(0);
    let first = (cursor_end + 1).saturating_sub(height);
    drawn
        .into_iter()
        .skip(first)
        .take(height)
        .map(|(_, line)| line)
        .collect()
}

fn row_style(styles: &Styles, row: &CapacityRow) -> Style {
    match row {
        CapacityRow::Heading(_) => styles.heading,
        CapacityRow::Note(_) => styles.note,
        CapacityRow::Figures { .. } => Style::default(),
    }
}
