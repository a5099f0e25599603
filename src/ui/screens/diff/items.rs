//! One difference of the report: both items side by side, attribute by attribute, in the
//! layout of the edit conflict view — each value in DynamoDB JSON, so numbers keep all 38
//! digits, sets stay sets and binary stays base64; control characters escaped. The attributes
//! that differ are highlighted; an item only on one side has `(absent)` on the other.

use std::collections::BTreeSet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Text};
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use crate::app::state::State;
use crate::domain::ddb_json::item_to_json;
use crate::domain::diff::Finding;
use crate::domain::value::Item;
use crate::ui::edit::conflict::{column_widths, wrapped};
use crate::ui::theme;
use crate::ui::widgets::text::safe;

/// Attribute, then the source's value and the target's.
const COLUMNS: [Constraint; 3] = [
    Constraint::Percentage(20),
    Constraint::Percentage(40),
    Constraint::Percentage(40),
];

pub(super) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    (source, target): (&str, &str),
    (entity, finding): &(String, Finding),
) {
    let styles = theme::of(state);
    let (left, right) = match finding {
        Finding::OnlySource { item, .. } => (Some(item), None),
        Finding::OnlyTarget { item, .. } => (None, Some(item)),
        Finding::Different { source, target, .. } => (Some(source), Some(target)),
    };
    let title = format!(
        " {} {entity} {} · Esc back to the report ",
        finding.mark(),
        item_to_json(finding.key())
    );
    let block = Block::bordered().title(safe(&title).into_owned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [table_area, hint_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let rows = rows(styles, (left, right), &column_widths(&COLUMNS, table_area));
    let header = Row::new(vec![
        "attribute".to_owned(),
        format!("source {}", safe(source)),
        format!("target {}", safe(target)),
    ])
    .style(styles.table_titles);
    frame.render_widget(Table::new(rows, COLUMNS).header(header), table_area);
    let hint = Line::styled(
        "highlighted: the attributes that differ · nothing was written",
        styles.note,
    );
    frame.render_widget(Paragraph::new(hint), hint_area);
}

/// Each attribute of either item with both values folded to their columns, highlighted where
/// they differ.
fn rows<'a>(
    styles: &theme::Styles,
    (left, right): (Option<&'a Item>, Option<&'a Item>),
    widths: &[usize],
) -> Vec<Row<'a>> {
    let names: BTreeSet<&String> = [left, right]
        .into_iter()
        .flatten()
        .flat_map(Item::keys)
        .collect();
    names
        .into_iter()
        .map(|name| {
            let (one, other) = (value(left, name), value(right, name));
            let style = if one == other {
                Style::new()
            } else {
                styles.warning
            };
            let [one_lines, other_lines] =
                [(one, widths[1]), (other, widths[2])].map(|(side, width)| wrapped(side, width));
            let height = one_lines.len().max(other_lines.len()).max(1);
            Row::new(vec![
                Cell::from(safe(name).into_owned()).style(styles.heading),
                Cell::from(Text::from(one_lines)).style(style),
                Cell::from(Text::from(other_lines)).style(style),
            ])
            .height(u16::try_from(height).unwrap_or(u16::MAX))
        })
        .collect()
}

fn value<'a>(item: Option<&'a Item>, name: &str) -> Option<&'a crate::domain::value::AttrValue> {
    item.and_then(|item| item.get(name))
}
