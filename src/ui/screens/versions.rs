//! An item's versions: the check of `v0` against the highest version, then each version,
//! highest first, with what it changed; the line under the cursor highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::screens::versions::{VersionRow, VersionsView, rows};
use crate::app::state::{Loadable, State};
use crate::domain::key_value::key_text;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::list::cursor_lines;
use crate::ui::widgets::text::safe;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &VersionsView) {
    let styles = theme::of(state);
    let partition = state
        .described()
        .and_then(|table| view.key.get(&table.key.partition.name))
        .map(key_text)
        .unwrap_or_default();
    let title = format!(
        " Versions of {partition} / {}<N>{} · Enter inspects · e new version · R again ",
        view.version.stem, view.version.rest
    );
    let block = Block::bordered().title(safe(&title).into_owned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines: Vec<Line<'_>> = match &view.versions {
        Loadable::Loaded(_) => {
            let rows = rows(state, view)
                .into_iter()
                .map(|line| (line.text(), row_style(styles, &line)));
            cursor_lines(rows, view.cursor, usize::from(inner.height), styles.cursor)
        }
        Loadable::Failed(why) => vec![Line::styled(
            format!("the versions could not be read: {}", safe(why)),
            styles.error,
        )],
        Loadable::Loading(_) | Loadable::NotRequested => vec![Line::styled(
            format!(
                "reading the partition's sort keys that begin with {} (strongly consistent)…",
                safe(&view.version.stem)
            ),
            styles.note,
        )],
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Checks stand out by their verdict; the page limit is a warning.
fn row_style(styles: &Styles, row: &VersionRow) -> Style {
    match row.text().chars().next() {
        Some('✓') => styles.done,
        Some('✗') => styles.error,
        _ if matches!(row, VersionRow::CutShort { .. }) => styles.warning,
        _ => Style::default(),
    }
}
