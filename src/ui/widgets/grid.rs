//! The results grid: a header row and the visible window of rows, written straight into the
//! frame's buffer so a frame costs the same with 100 rows or 100,000. Columns scroll sideways to
//! keep the selected one on screen; hidden columns are a one-character stub.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::app::state::grid::cell::{cell_text, display_width};
use crate::app::state::grid::columns::{Column, ColumnSource, Columns};
use crate::domain::compact::ItemRows;
use crate::domain::escape::escape_for_terminal;
use crate::domain::value::{AttrValue, Item};
use crate::ui::theme::Styles;
use crate::ui::widgets::list::window;

/// Columns the mark gutter takes: the mark and a space.
const GUTTER: u16 = 2;

/// Drawn in place of a hidden column.
const HIDDEN_STUB: &str = "┊";

/// Drawn in the gutter of a marked row.
pub const MARK: &str = "✓";

/// Whether a row's item is marked, for lists items can be marked in: they get a gutter.
pub type Marked<'a> = Option<&'a dyn Fn(&Item) -> bool>;

/// Where the cursor is: `row` is a position in the display order, `column` the selected column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub row: usize,
    pub column: usize,
}

/// Draws the visible window only (must stay < 5 ms per frame at 100k rows); escapes control
/// characters. `order` holds indices into `items` in display order (see [`Columns::order`]).
pub fn render(
    styles: &Styles,
    frame: &mut Frame<'_>,
    area: Rect,
    items: &[Item],
    order: &[usize],
    columns: &Columns,
    at: Cursor,
) {
    let rows = GridRows {
        items: &items,
        order,
        columns,
    };
    render_marked(styles, frame, area, &rows, at, None);
}

/// What a table shows: `order` holds indices into `items` in display order.
pub struct GridRows<'a> {
    pub items: &'a dyn ItemRows,
    pub order: &'a [usize],
    pub columns: &'a Columns,
}

/// [`render`], with a two-column gutter showing [`MARK`] on the rows `marked` says are marked.
pub fn render_marked(
    styles: &Styles,
    frame: &mut Frame<'_>,
    full: Rect,
    rows: &GridRows<'_>,
    at: Cursor,
    marked: Marked<'_>,
) {
    let GridRows {
        items,
        order,
        columns,
    } = *rows;
    if full.height == 0 || full.width == 0 {
        return;
    }
    let gutter = if marked.is_some() && full.width > GUTTER {
        GUTTER
    } else {
        0
    };
    let area = Rect::new(full.x + gutter, full.y, full.width - gutter, full.height);
    let Cursor {
        row: cursor,
        column: selected_column,
    } = at;
    let buffer = frame.buffer_mut();
    let placed = place_columns(columns.columns(), selected_column, area);
    buffer.set_style(Rect::new(full.x, full.y, gutter, 1), styles.column_heading);
    draw_header(styles, buffer, area, columns, &placed, selected_column);
    let body_height = usize::from(area.height - 1);
    if order.is_empty() {
        if body_height > 0 {
            buffer.set_stringn(
                area.x,
                area.y + 1,
                "No items.",
                usize::from(area.width),
                styles.muted,
            );
        }
        return;
    }
    let visible = window(order.len(), cursor, body_height);
    for (line, position) in visible.clone().enumerate() {
        // Only the visible rows are decoded, so a frame costs the same however many are held.
        let Some(item) = order.get(position).and_then(|&index| items.item(index)) else {
            continue;
        };
        // `line` < body_height ≤ area.height, which is a u16.
        let y = area.y + 1 + u16::try_from(line).unwrap_or(0);
        let row_style = if position == cursor {
            styles.selected
        } else {
            Style::new()
        };
        if position == cursor {
            buffer.set_style(Rect::new(full.x, y, full.width, 1), row_style);
        }
        if gutter > 0 && marked.is_some_and(|marked| marked(&item)) {
            buffer.set_stringn(full.x, y, MARK, 1, row_style.patch(styles.key));
        }
        for placement in &placed {
            let column = &columns.columns()[placement.column];
            if column.hidden {
                let stub = styles.muted;
                buffer.set_stringn(placement.x, y, HIDDEN_STUB, 1, row_style.patch(stub));
                continue;
            }
            let (text, right_align) = cell(&item, column, columns);
            put(buffer, placement, y, &text, right_align, row_style);
        }
    }
}

/// Where one column lands on screen.
struct Placement {
    column: usize,
    x: u16,
    /// Width on screen (the last column may be cut by the edge).
    width: u16,
}

fn shown_width(column: &Column) -> u16 {
    if column.hidden { 1 } else { column.width }
}

/// The columns that fit, starting from the first one that still lets `selected` be seen whole.
fn place_columns(columns: &[Column], selected: usize, area: Rect) -> Vec<Placement> {
    let selected = selected.min(columns.len().saturating_sub(1));
    let span = |from: usize| -> u32 {
        columns[from..=selected]
            .iter()
            .map(|column| u32::from(shown_width(column)) + 1)
            .sum()
    };
    let mut first = 0;
    while first < selected && span(first) > u32::from(area.width) + 1 {
        first += 1;
    }
    let right = area.x.saturating_add(area.width);
    let mut x = area.x;
    let mut placed = Vec::new();
    for (index, column) in columns.iter().enumerate().skip(first) {
        if x >= right {
            break;
        }
        let width = shown_width(column).min(right - x);
        placed.push(Placement {
            column: index,
            x,
            width,
        });
        x = x.saturating_add(shown_width(column)).saturating_add(1);
    }
    placed
}

fn draw_header(
    styles: &Styles,
    buffer: &mut Buffer,
    area: Rect,
    columns: &Columns,
    placed: &[Placement],
    selected: usize,
) {
    let base = styles.column_heading;
    buffer.set_style(Rect::new(area.x, area.y, area.width, 1), base);
    for placement in placed {
        let column = &columns.columns()[placement.column];
        let style = if placement.column == selected {
            base.add_modifier(Modifier::REVERSED)
        } else {
            base
        };
        if column.hidden {
            buffer.set_stringn(placement.x, area.y, HIDDEN_STUB, 1, style);
            continue;
        }
        let mut title = column.title();
        match columns.sort() {
            Some((sorted, true)) if sorted == placement.column => title.push('▲'),
            Some((sorted, false)) if sorted == placement.column => title.push('▼'),
            _ => {}
        }
        put(buffer, placement, area.y, &title, false, style);
    }
}

/// The cell of `item` in `column`, and whether it is a number (drawn right-aligned).
fn cell<'a>(item: &'a Item, column: &Column, columns: &Columns) -> (Cow<'a, str>, bool) {
    match &column.source {
        ColumnSource::Attribute(name) => match item.get(name) {
            Some(value) => (cell_text(value), matches!(value, AttrValue::N(_))),
            None => (Cow::Borrowed(""), false),
        },
        ColumnSource::Entity => match columns.entity(item) {
            Some(name) => (Cow::Owned(escape_for_terminal(&name).into_owned()), false),
            None => (Cow::Borrowed(""), false),
        },
    }
}

/// Writes `text` into the column, cut with `…` when it does not fit.
fn put(
    buffer: &mut Buffer,
    placement: &Placement,
    y: u16,
    text: &str,
    right_align: bool,
    style: Style,
) {
    let width = usize::from(placement.width);
    if width == 0 {
        return;
    }
    let fitted = fit(text, width);
    let used = display_width(&fitted);
    let x = if right_align && used < width {
        // `width - used` < width ≤ u16::MAX.
        placement.x + u16::try_from(width - used).unwrap_or(0)
    } else {
        placement.x
    };
    buffer.set_stringn(x, y, &fitted, width, style);
}

/// `text` cut to `width` terminal columns, ending in `…` when cut.
fn fit(text: &str, width: usize) -> Cow<'_, str> {
    if display_width(text) <= width {
        return Cow::Borrowed(text);
    }
    let mut cut = String::with_capacity(width + 3);
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        cut.push(c);
    }
    cut.push('…');
    Cow::Owned(cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_does_not_fit_is_cut_with_an_ellipsis_by_display_width() {
        assert_eq!(fit("abc", 3), "abc");
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("注文注文", 5), "注文…");
        assert_eq!(fit("abc", 1), "…");
    }

    #[test]
    fn the_selected_column_is_scrolled_into_view_and_earlier_ones_give_way() {
        use crate::domain::entity::EntityDecoder;
        use crate::domain::schema::{KeyAttribute, KeySchema, TableDescription};
        use crate::domain::value::ValueType;
        let description = TableDescription::new(
            "T",
            KeySchema::new(
                KeyAttribute::new("PK", ValueType::S),
                Some(KeyAttribute::new("SK", ValueType::S)),
            ),
        );
        let mut item = Item::new();
        item.insert("PK".to_owned(), AttrValue::s("P".repeat(30)));
        item.insert("SK".to_owned(), AttrValue::s("S".repeat(30)));
        item.insert("zz".to_owned(), AttrValue::s("Z".repeat(10)));
        let columns = Columns::choose(&[item], &description, &EntityDecoder::new());
        let area = Rect::new(0, 0, 40, 5);
        let first = place_columns(columns.columns(), 0, area);
        assert_eq!(first[0].column, 0);
        let last = place_columns(columns.columns(), 3, area);
        assert!(
            last.iter()
                .any(|placement| placement.column == 3 && placement.width == 10)
        );
        assert!(last.iter().all(|placement| placement.column != 0));
    }
}
