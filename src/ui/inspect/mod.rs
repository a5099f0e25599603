//! The item inspector: attribute tree with types (or JSON), size, index membership and related
//! collections.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::State;
use crate::app::state::inspect::inspector::{Inspector, InspectorRow, RowKind};
use crate::app::state::rows::row_context;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    inspector: &Inspector,
) {
    let styles = theme::of(state);
    let key = state
        .described()
        .and_then(|description| description.key.key_of(&inspector.item))
        .map(|key| {
            key.values()
                .map(crate::app::state::inspect::inspector::key_text)
                .collect::<Vec<_>>()
                .join(" / ")
        })
        .unwrap_or_default();
    let partial = inspector
        .partial
        .as_ref()
        .map_or_else(String::new, |partial| {
            format!(" · partial: as {} holds it", safe(&partial.index))
        });
    let staged = state
        .described()
        .and_then(|description| description.primary_key_of(&inspector.item))
        .and_then(|key| state.edits.staged.on_key(&key))
        .map_or_else(String::new, |staged| {
            format!(" · ± {} staged", staged.kind.label())
        });
    let block = Block::bordered().title(format!(
        " Item {} · {}{partial}{staged} ",
        safe(&key),
        inspector.format.label()
    ));
    let rows = inspector.rows(&row_context(state));
    let height = usize::from(area.height.saturating_sub(2));
    let visible = window(rows.len(), inspector.cursor, height);
    let lines: Vec<Line<'_>> = rows
        .iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(index, row)| {
            let line = row_line(styles, row);
            if index == inspector.cursor {
                line.style(styles.selected)
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn row_line(styles: &Styles, row: &InspectorRow) -> Line<'static> {
    let indent = "  ".repeat(row.depth);
    match row.kind {
        RowKind::Attribute => {
            let mut spans = vec![
                Span::raw(format!("{indent}{} ", safe(&row.label))),
                Span::styled(format!("{} ", row.type_tag), styles.entity),
                Span::raw(safe(&row.value).into_owned()),
            ];
            if let Some(note) = &row.note {
                spans.push(Span::styled(format!("  {}", safe(note)), styles.value));
            }
            Line::from(spans)
        }
        RowKind::Json => Line::raw(safe(&row.value).into_owned()),
        RowKind::Heading => Line::raw(""),
        RowKind::Info | RowKind::Warning | RowKind::Link => {
            let style = match row.kind {
                RowKind::Warning => styles.warning,
                RowKind::Link => styles.link,
                _ => styles.note,
            };
            let mut text = format!("{}: {}", row.label, safe(&row.value));
            if let Some(note) = &row.note {
                text.push_str(&format!(" — {}", safe(note)));
            }
            Line::styled(text, style)
        }
    }
}
