//! Browsing an index: its partitions (grouped by the index partition key while the Scan
//! streams) and the items of one index partition in the results grid.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Row, Table};

use crate::app::state::bulk::is_marked;
use crate::app::state::indexes::browse::IndexBrowse;
use crate::app::state::indexes::coverage_lines::partial_projection_note;
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::{ScanStatus, State};
use crate::domain::figures::count;
use crate::domain::figures::counted;
use crate::domain::value::{AttrValue, Item};
use crate::ui::theme;
use crate::ui::widgets::grid;
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

/// Progress and the projection warning (or the entity mix) above the list.
fn info_lines(state: &State, index: &str, browse: Option<&IndexBrowse>) -> Vec<Line<'static>> {
    let styles = theme::of(state);
    let mut lines = Vec::new();
    let name = safe(index).into_owned();
    match browse {
        Some(browse) => {
            let style = match browse.scan.status {
                ScanStatus::Running => styles.active,
                ScanStatus::Complete => styles.done,
                ScanStatus::Failed(_) => styles.error,
                _ => styles.warning,
            };
            let mut text = format!("{name} · {}", browse.scan.progress_text());
            if let ScanStatus::Failed(message) = &browse.scan.status {
                text.push_str(&format!(" · {}", safe(message)));
            }
            lines.push(Line::styled(text, style));
            // The screen has two lines here: a stale mark takes the second.
            if let Some(stale) = &browse.stale {
                lines.push(Line::styled(
                    safe(&stale.text()).into_owned(),
                    styles.warning,
                ));
                return lines;
            }
        }
        None => lines.push(Line::raw(format!("{name} · not scanned"))),
    }
    let projection = state
        .described()
        .and_then(|d| d.index(index))
        .and_then(|schema| partial_projection_note(&schema.projection));
    match projection {
        Some(note) => lines.push(Line::styled(note, styles.warning)),
        None => lines.push(Line::styled(
            browse.map(entity_mix).unwrap_or_default(),
            styles.muted,
        )),
    }
    lines
}

/// `Order 120, User 3, +1` (entity types of the index items read).
fn entity_mix(browse: &IndexBrowse) -> String {
    let mix = browse.entity_mix();
    let mut parts: Vec<String> = mix
        .iter()
        .take(4)
        .map(|(name, items)| format!("{} {}", safe(name), count(*items)))
        .collect();
    if mix.len() > 4 {
        parts.push(format!("+{}", mix.len() - 4));
    }
    format!("entities: {}", parts.join(", "))
}

pub(in crate::ui) fn render_groups(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    index: &str,
    cursor: usize,
) {
    let styles = theme::of(state);
    let [info_area, list_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    let browse = state.indexes.browses.get(index);
    frame.render_widget(Paragraph::new(info_lines(state, index, browse)), info_area);
    let partition_key = state
        .described()
        .and_then(|d| d.index(index))
        .map(|schema| safe(&schema.key.partition.name).into_owned())
        .unwrap_or_default();
    let block = Block::bordered().title(format!(
        " {} by {partition_key} · {} · {} ",
        safe(index),
        counted(
            browse.map_or(0, |b| b.groups.len() as u64),
            "partition",
            "partitions"
        ),
        counted(browse.map_or(0, |b| b.items), "item", "items"),
    ));
    let Some(browse) = browse.filter(|browse| !browse.groups.is_empty()) else {
        let text = match browse.map(|b| &b.scan.status) {
            Some(ScanStatus::Running) | None => "Scanning the index…",
            _ => "The index holds no items.",
        };
        frame.render_widget(Paragraph::new(text).block(block), list_area);
        return;
    };
    let height = usize::from(list_area.height.saturating_sub(3));
    let visible = window(browse.groups.len(), cursor, height);
    let rows = browse
        .groups
        .iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(position, group)| {
            let style = if position == cursor {
                styles.selected
            } else {
                Style::new()
            };
            Row::new(vec![
                safe(&key_text(&group.pk)).into_owned(),
                count(group.items.len() as u64),
            ])
            .style(style)
        });
    let table = Table::new(rows, [Constraint::Min(20), Constraint::Length(10)])
        .header(Row::new(["Index partition key", "Items"]).style(styles.heading))
        .block(block);
    frame.render_widget(table, list_area);
}

pub(in crate::ui) fn render_items(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    index: &str,
    pk: &AttrValue,
    cursor: usize,
    column: usize,
) {
    let styles = theme::of(state);
    let [info_area, table_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    let browse = state.indexes.browses.get(index);
    frame.render_widget(Paragraph::new(info_lines(state, index, browse)), info_area);
    let group = browse.and_then(|browse| browse.group(pk));
    let block = Block::bordered().title(format!(
        " {} = {} · {} · [ ] column · t sort · H hide · +/- width · F base item ",
        safe(index),
        safe(&key_text(pk)),
        counted(group.map_or(0, |g| g.items.len() as u64), "item", "items"),
    ));
    let inner = block.inner(table_area);
    frame.render_widget(block, table_area);
    let Some((group, columns)) = group.and_then(|g| g.columns.as_ref().map(|c| (g, c))) else {
        frame.render_widget(Paragraph::new("Not loaded."), inner);
        return;
    };
    let marked = |item: &Item| is_marked(state, item);
    grid::render_marked(
        styles,
        frame,
        inner,
        &grid::GridRows {
            items: &group.items,
            order: &group.order,
            columns,
        },
        grid::Cursor {
            row: cursor,
            column,
        },
        (!state.bulk.selection.is_empty()).then_some(&marked),
    );
}
