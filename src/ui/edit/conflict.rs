//! The 3-way view after a conflict: every attribute that differs between the item as read,
//! yours and the current one, side by side, and what the user can do. Nothing was written.

use std::collections::BTreeSet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Text};
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::edit::why_not_reapply;
use crate::app::state::edit::{Conflict, EditFlow};
use crate::domain::ddb_json;
use crate::domain::value::{AttrValue, Item};
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key, key_label};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;
use crate::ui::widgets::wrap::wrap_lines;

/// Attribute, then the value as read, yours and the current one.
const COLUMNS: [Constraint; 4] = [
    Constraint::Percentage(16),
    Constraint::Percentage(28),
    Constraint::Percentage(28),
    Constraint::Percentage(28),
];

/// At most this many rows per value; a longer one ends with `…` and its size.
const VALUE_ROWS: usize = 6;

/// A value folded onto the rows of its column, so values that differ only near their end
/// (`…#STATUS#RESOLVED` against `…#STATUS#PENDING`) are read to the character that differs.
pub(in crate::ui) fn wrapped(value: Option<&AttrValue>, width: usize) -> Vec<Line<'static>> {
    let text = full_text(value);
    let mut rows = wrap_lines(vec![Line::raw(text.clone())], width.max(1));
    if rows.len() > VALUE_ROWS {
        rows.truncate(VALUE_ROWS);
        let size = format!("… ({} bytes)", text.len());
        let last = rows.pop().unwrap_or_default();
        let kept: String = last
            .to_string()
            .chars()
            .take(width.saturating_sub(size.chars().count()))
            .collect();
        rows.push(Line::raw(format!("{kept}{size}")));
    }
    rows
}

/// The whole value in DynamoDB JSON, control characters escaped; `(absent)` for none.
fn full_text(value: Option<&AttrValue>) -> String {
    value.map_or_else(
        || "(absent)".to_owned(),
        |value| {
            let json = serde_json::to_string(&ddb_json::to_json(value)).unwrap_or_default();
            safe(&json).into_owned()
        },
    )
}

/// The widths a table gives `columns` in `area` (it lays them out the same way), so a value is
/// folded exactly where its cell ends.
pub(in crate::ui) fn column_widths(columns: &[Constraint], area: Rect) -> Vec<usize> {
    Layout::horizontal(columns.iter().copied())
        .flex(Flex::Start)
        .spacing(1)
        .split(area)
        .iter()
        .map(|column| usize::from(column.width))
        .collect()
}

fn value<'a>(item: Option<&'a Item>, name: &str) -> Option<&'a AttrValue> {
    item.and_then(|item| item.get(name))
}

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    flow: &EditFlow,
    conflict: &Conflict,
) {
    let styles = theme::of(state);
    let target = key_label(
        state,
        conflict.as_read.as_ref().or(conflict.current.as_ref()),
    );
    let block = Block::bordered()
        .title(format!(
            " Conflict: {target} changed since it was read — nothing was written "
        ))
        .border_style(styles.error);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [table_area, reason_area, hint_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    let widths = column_widths(&COLUMNS, table_area);
    let widths = [1, 2, 3].map(|column| widths[column]);
    let rows = rows(styles, conflict, widths);
    let visible: Vec<Row<'_>> = rows.into_iter().skip(conflict.scroll).collect();
    let table = Table::new(visible, COLUMNS).header(
        Row::new(vec!["attribute", "as read", "yours", "current"]).style(styles.table_titles),
    );
    frame.render_widget(table, table_area);
    frame.render_widget(
        Paragraph::new(reason_line(styles, flow, conflict)),
        reason_area,
    );
    frame.render_widget(
        Paragraph::new(hint_line(styles, state, flow, conflict)),
        hint_area,
    );
}

/// One row per attribute that differs between the item as read, yours and the current one,
/// each side folded to its column's width; the attribute all three differ on stands out.
fn rows(styles: &Styles, conflict: &Conflict, widths: [usize; 3]) -> Vec<Row<'static>> {
    let (read, mine, current) = (
        conflict.as_read.as_ref(),
        conflict.mine.as_ref(),
        conflict.current.as_ref(),
    );
    let names: BTreeSet<&String> = [read, mine, current]
        .into_iter()
        .flatten()
        .flat_map(Item::keys)
        .collect();
    names
        .into_iter()
        .filter(|name| {
            let (r, m, c) = (value(read, name), value(mine, name), value(current, name));
            r != m || r != c
        })
        .map(|name| {
            let (r, m, c) = (value(read, name), value(mine, name), value(current, name));
            let style = |changed: bool| {
                if changed {
                    styles.warning
                } else {
                    Style::new()
                }
            };
            let both = r != m && r != c && m != c;
            let [r_lines, m_lines, c_lines] = [(r, widths[0]), (m, widths[1]), (c, widths[2])]
                .map(|(side, width)| wrapped(side, width));
            let height = [&r_lines, &m_lines, &c_lines]
                .iter()
                .map(|lines| lines.len())
                .max()
                .unwrap_or(1);
            Row::new(vec![
                Cell::from(safe(name).into_owned()).style(if both {
                    styles.error_strong
                } else {
                    styles.heading
                }),
                Cell::from(Text::from(r_lines)),
                Cell::from(Text::from(m_lines)).style(style(r != m)),
                Cell::from(Text::from(c_lines)).style(style(r != c)),
            ])
            .height(u16::try_from(height).unwrap_or(u16::MAX))
        })
        .collect()
}

/// Whether re-applying your change on the current item is safe, or why not.
fn reason_line(styles: &Styles, flow: &EditFlow, conflict: &Conflict) -> Line<'static> {
    why_not_reapply(flow.purpose, conflict).map_or_else(
        || {
            Line::styled(
                "they changed none of the attributes you changed: re-applying is safe",
                styles.added,
            )
        },
        |reason| {
            Line::styled(
                format!("re-apply unavailable: {}", safe(&reason)),
                styles.error,
            )
        },
    )
}

/// The keys that answer the conflict.
fn hint_line(
    styles: &Styles,
    state: &State,
    flow: &EditFlow,
    conflict: &Conflict,
) -> Line<'static> {
    let section = Section::Conflict;
    let mut parts = Vec::new();
    if why_not_reapply(flow.purpose, conflict).is_none() {
        parts.push((
            key(state, section, &Action::ReapplyChange),
            "re-apply on current (new preview)",
        ));
    }
    if flow.editor.is_some() {
        parts.push((key(state, section, &Action::KeepEditing), "keep editing"));
    }
    parts.push((key(state, section, &Action::DiscardEdit), "discard"));
    hints(styles, &parts)
}
