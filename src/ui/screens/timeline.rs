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
            let rows = rows(state, view);
            let height = usize::from(inner.height).max(1);
            let first = view.cursor.saturating_sub(height.saturating_sub(1));
            rows.iter()
                .enumerate()
                .skip(first)
                .take(height)
                .map(|(row, line)| {
                    let style = match line {
                        TimelineRow::Entry { .. } => ratatui::style::Style::default(),
                        TimelineRow::Empty { .. } => styles.note,
                        TimelineRow::CutShort { .. } => styles.warning,
                    };
                    let style = if row == view.cursor {
                        style.patch(styles.cursor)
                    } else {
                        style
                    };
                    Line::styled(safe(&line.text()).into_owned(), style)
                })
                .collect()
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
