//! The 3-way view after a conflict: every attribute that differs between the item as read,
//! yours and the current one, side by side, and what the user can do. Nothing was written.

use std::collections::BTreeSet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::edit::why_not_reapply;
use crate::app::state::edit::{Conflict, EditFlow};
use crate::domain::value::Item;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key, key_label};
use crate::ui::edit::review::compact;
use crate::ui::theme;
use crate::ui::widgets::text::safe;

fn value<'a>(item: Option<&'a Item>, name: &str) -> Option<&'a crate::domain::value::AttrValue> {
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
    let rows: Vec<Row<'_>> = names
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
            Row::new(vec![
                Cell::from(safe(name).into_owned()).style(if both {
                    styles.error_strong
                } else {
                    styles.heading
                }),
                Cell::from(compact(r)),
                Cell::from(compact(m)).style(style(r != m)),
                Cell::from(compact(c)).style(style(r != c)),
            ])
        })
        .collect();
    let visible: Vec<Row<'_>> = rows.into_iter().skip(conflict.scroll).collect();
    let table = Table::new(
        visible,
        [
            Constraint::Percentage(16),
            Constraint::Percentage(28),
            Constraint::Percentage(28),
            Constraint::Percentage(28),
        ],
    )
    .header(Row::new(vec!["attribute", "as read", "yours", "current"]).style(styles.table_titles));
    frame.render_widget(table, table_area);
    let reason = why_not_reapply(flow.purpose, conflict).map_or_else(
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
    );
    frame.render_widget(Paragraph::new(reason), reason_area);
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
    frame.render_widget(Paragraph::new(hints(styles, &parts)), hint_area);
}
