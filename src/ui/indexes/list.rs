//! The GSI browser's first screen: the table and every index with key schema, projection, the
//! server's item count and, once the user ran one, coverage from the sparse-index scan.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Row, Table};

use crate::app::state::{Loadable, State};
use crate::domain::figures::count;
use crate::domain::index_projection::projection_text;
use crate::domain::schema::{IndexKind, KeySchema, TableDescription};
use crate::ui::theme;
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, cursor: usize) {
    let styles = theme::of(state);
    let [info_area, list_area] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    let block = Block::bordered().title(" Indexes · Enter browse · w coverage · Q query ");
    let description = match &state.table.description {
        Loadable::Loaded(description) => description,
        Loadable::Failed(message) => {
            let text = format!("DescribeTable failed: {}", safe(message));
            frame.render_widget(Paragraph::new(text).block(block), list_area);
            return;
        }
        _ => {
            frame.render_widget(
                Paragraph::new("Describing the table…").block(block),
                list_area,
            );
            return;
        }
    };
    frame.render_widget(Paragraph::new(info_lines(state)), info_area);
    let rows = rows(state, description);
    let height = usize::from(list_area.height.saturating_sub(3));
    let visible = window(rows.len(), cursor, height);
    let rows = rows
        .into_iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(index, cells)| {
            let style = if index == cursor {
                styles.selected
            } else {
                Style::new()
            };
            Row::new(cells).style(style)
        });
    let table = Table::new(
        rows,
        [
            Constraint::Length(14),
            Constraint::Length(5),
            Constraint::Fill(3),
            Constraint::Fill(2),
            Constraint::Length(9),
            Constraint::Length(13),
        ],
    )
    .header(
        Row::new(["Name", "Kind", "Keys", "Projection", "Items", "Coverage"]).style(styles.heading),
    )
    .block(block);
    frame.render_widget(table, list_area);
}

fn info_lines(state: &State) -> Vec<Line<'static>> {
    let styles = theme::of(state);
    let dim = styles.muted;
    match &state.indexes.coverage {
        None => vec![
            Line::styled(
                "Item counts are DescribeTable's (refreshed about every 6 h).",
                dim,
            ),
            Line::styled(
                "s samples coverage (first pages of the table) · S counts it in full",
                dim,
            ),
        ],
        Some(coverage) => vec![
            Line::raw(format!(
                "coverage {} · table scan {}",
                match coverage.mode {
                    crate::app::state::indexes::coverage::CoverageMode::Sample => "sample",
                    crate::app::state::indexes::coverage::CoverageMode::Full => "full count",
                },
                coverage.table.progress_text()
            )),
            Line::styled("p pause/resume · x cancel · w details for the index", dim),
        ],
    }
}

fn rows(state: &State, description: &TableDescription) -> Vec<Vec<String>> {
    let optional = |value: Option<u64>| value.map_or_else(|| "?".to_owned(), count);
    let mut rows = vec![vec![
        safe(&description.name).into_owned(),
        "table".to_owned(),
        compact_keys(&description.key),
        "—".to_owned(),
        optional(description.item_count),
        state
            .indexes
            .coverage
            .as_ref()
            .map(|coverage| format!("{} read", count(coverage.table_items)))
            .unwrap_or_default(),
    ]];
    for index in &description.indexes {
        rows.push(vec![
            safe(&index.name).into_owned(),
            match index.kind {
                IndexKind::Global => "GSI",
                IndexKind::Local => "LSI",
            }
            .to_owned(),
            compact_keys(&index.key),
            projection_text(&index.projection),
            optional(index.item_count),
            state
                .indexes
                .coverage
                .as_ref()
                .and_then(|coverage| coverage.short(&index.name))
                .unwrap_or_else(|| "—".to_owned()),
        ]);
    }
    rows
}

/// `GSI1PK S / GSI1SK S`: names and types, short enough for the list.
fn compact_keys(key: &KeySchema) -> String {
    let (partition, sort) =
        key.parts_text(|attribute| format!("{} {}", safe(&attribute.name), attribute.value_type));
    match sort {
        Some(sort) => format!("{partition} / {sort}"),
        None => partition,
    }
}
