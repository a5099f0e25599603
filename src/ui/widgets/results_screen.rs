//! The frame every results screen shares: a bordered block titled with what was read, a few
//! lines about the read (plan, progress, warnings), then the results grid — or a line saying
//! why there is none yet.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::Paging;
use crate::app::state::grid::columns::Columns;
use crate::domain::compact::ItemRows;
use crate::domain::value::Item;
use crate::ui::theme::Styles;
use crate::ui::widgets::grid;

/// The rows a results screen shows and where its cursor is.
pub(in crate::ui) struct Rows<'a> {
    pub items: &'a dyn ItemRows,
    pub order: &'a [usize],
    /// `None` until the first page has given the table its columns.
    pub columns: Option<&'a Columns>,
    pub cursor: grid::Cursor,
    pub marked: grid::Marked<'a>,
}

impl<'a> Rows<'a> {
    /// The rows of a run, its cursor on `row` in display order and on `column`.
    pub(in crate::ui) fn of(
        items: &'a dyn ItemRows,
        order: &'a [usize],
        columns: Option<&'a Columns>,
        row: usize,
        column: usize,
    ) -> Self {
        Self {
            items,
            order,
            columns,
            cursor: grid::Cursor { row, column },
            marked: None,
        }
    }

    /// The same rows with the mark gutter while `any` item is marked.
    pub(in crate::ui) fn marked(self, any: bool, marked: &'a dyn Fn(&Item) -> bool) -> Self {
        Self {
            marked: any.then_some(marked),
            ..self
        }
    }
}

/// What stands where the table would be while it has no rows: `reading` until the first page
/// is in, nothing after a failure (the status line says why), `none` when nothing matched.
pub(in crate::ui) fn placeholder<'a, C>(
    paging: &Paging<C>,
    reading: &'a str,
    none: &'a str,
) -> &'a str {
    match paging {
        Paging::Fetching { .. } => reading,
        Paging::Failed(_) => "",
        _ => none,
    }
}

/// Draws `lines` under `title`, then `rows`, or `empty` in their place when there are none.
pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    styles: &Styles,
    title: String,
    lines: Vec<Line<'_>>,
    rows: Rows<'_>,
    empty: &str,
) {
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let info_height = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let [info_area, table_area] =
        Layout::vertical([Constraint::Length(info_height), Constraint::Min(0)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), info_area);
    match rows.columns {
        Some(columns) if !rows.items.is_empty() => grid::render_marked(
            styles,
            frame,
            table_area,
            &grid::GridRows {
                items: rows.items,
                order: rows.order,
                columns,
            },
            rows.cursor,
            rows.marked,
        ),
        _ => frame.render_widget(Paragraph::new(empty), table_area),
    }
}
