//! The timeline of an item's partition: its audit-trail entries, newest first, with what each
//! records; the line under the cursor highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::screens::timeline::{TimelineRow, TimelineView, rows};
use crate::app::state::{Loadable, State};
use crate::domain::key_value::key_text;
use crate::ui::theme;
use crate::ui::widgets::list::cursor_lines;
use crate::ui::widgets::text::safe;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &TimelineView) {
    let styles = theme::of(state);
    let partition = state
        .described()
        .and_then(|table| view.key.get(&table.key.partition.name))
        .map(key_text)
        .unwrap_or_default();
    let title = format!(" Timeline of {partition} · Enter inspects · R reads again ");
    let block = Block::bordered().title(safe(&title).into_owned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines: Vec<Line<'_>> = match &view.entries {
        Loadable::Loaded(_) => {
            let rows = rows(state, view).into_iter().map(|line| {
                let style = match line {
                    TimelineRow::Entry { .. } => ratatui::style::Style::default(),
                    TimelineRow::Empty { .. } => styles.note,
                    TimelineRow::CutShort { .. } => styles.warning,
                };
                (line.text(), style)
            });
            cursor_lines(rows, view.cursor, usize::from(inner.height), styles.cursor)
        }
        Loadable::Failed(why) => vec![Line::styled(
            format!("the timeline could not be read: {}", safe(why)),
            styles.error,
        )],
        Loadable::Loading(_) | Loadable::NotRequested => vec![Line::styled(
            format!(
                "reading the partition's audit-trail sort keys (prefix {} of {}, strongly consistent)…",
                view.reading + 1,
                view.prefixes.len()
            ),
            styles.note,
        )],
    };
    frame.render_widget(Paragraph::new(lines), inner);
}
