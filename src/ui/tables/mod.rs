//! The table picker: the filter line, then one row per table with its items, size, billing mode,
//! stream and key schema (filled in as each DescribeTable answers); the open table is marked.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::app::state::tables::{TablePicker, TableRow};
use crate::app::state::{Loadable, State};
use crate::domain::figures::{bytes, count};
use crate::domain::schema::{BillingMode, KeySchema, TableDescription};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

/// The widest name column; longer names are cut with `…`.
const NAME_WIDTH: usize = 32;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let picker = &state.picker;
    let rows = picker.rows();
    let name_width = rows
        .iter()
        .map(|row| safe(row.name).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(5, NAME_WIDTH);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("> ", styles.key),
            Span::raw(safe(&picker.filter).into_owned()),
            Span::styled("█", styles.key),
        ]),
        Line::styled(
            format!(
                "  {:name_width$}  {:>11}  {:>9}  {:11}  {:18}  keys",
                "table", "items", "size", "billing", "stream"
            ),
            styles.muted,
        ),
    ];
    let room = usize::from(area.height.saturating_sub(5)).max(1);
    for position in window(rows.len(), picker.cursor, room) {
        let Some(row) = rows.get(position) else {
            continue;
        };
        let open = row.name == state.table.name;
        lines.push(row_line(
            styles,
            row,
            name_width,
            position == picker.cursor,
            open,
        ));
    }
    if let Some(line) = status_line(styles, picker, rows.is_empty()) {
        lines.push(line);
    }
    let title = format!(
        " Tables ({}): type to filter, Enter opens{} ",
        picker.names.loaded().map_or(0, Vec::len),
        if state.table.name.is_empty() {
            ", Esc quits"
        } else {
            ", Esc back"
        }
    );
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

fn row_line(
    styles: &Styles,
    row: &TableRow<'_>,
    name_width: usize,
    selected: bool,
    open: bool,
) -> Line<'static> {
    let name = fit(&safe(row.name), name_width);
    let marker = match (selected, open) {
        (true, _) => "▶ ",
        (false, true) => "• ",
        (false, false) => "  ",
    };
    let mut spans = vec![
        Span::raw(marker),
        Span::styled(format!("{name:name_width$}  "), styles.heading),
    ];
    spans.push(match row.description {
        Some(Loadable::Loaded(description)) => Span::raw(summary(description)),
        Some(Loadable::Failed(error)) => {
            Span::styled(format!("cannot describe: {}", safe(error)), styles.error)
        }
        Some(Loadable::Loading(_) | Loadable::NotRequested) | None => {
            Span::styled("describing…", styles.muted)
        }
    });
    if selected {
        for span in &mut spans {
            span.style = span.style.add_modifier(Modifier::REVERSED);
        }
    }
    Line::from(spans)
}

/// Items, size, billing, stream and keys of one table, in the header's columns.
fn summary(description: &TableDescription) -> String {
    let items = description.item_count.map_or_else(|| "?".to_owned(), count);
    let size = description.size_bytes.map_or_else(|| "?".to_owned(), bytes);
    let billing = match description.billing_mode {
        Some(BillingMode::PayPerRequest) => "on-demand",
        Some(BillingMode::Provisioned) => "provisioned",
        None => "?",
    };
    let stream = match &description.stream {
        Some(stream) if stream.enabled => stream.view_type.as_deref().unwrap_or("on").to_owned(),
        _ => "off".to_owned(),
    };
    format!(
        "{items:>11}  {size:>9}  {billing:11}  {:18}  {}",
        safe(&stream),
        keys(&description.key)
    )
}

fn keys(key: &KeySchema) -> String {
    let partition = format!(
        "{} ({})",
        safe(&key.partition.name),
        key.partition.value_type
    );
    match &key.sort {
        Some(sort) => format!("{partition}, {} ({})", safe(&sort.name), sort.value_type),
        None => partition,
    }
}

fn status_line(styles: &Styles, picker: &TablePicker, empty: bool) -> Option<Line<'static>> {
    let dim = styles.muted;
    match &picker.names {
        Loadable::Loading(_) if empty => Some(Line::styled("listing tables…", dim)),
        Loadable::Failed(error) => Some(Line::styled(
            format!("cannot list tables: {}", safe(error)),
            styles.error,
        )),
        Loadable::Loaded(names) if names.is_empty() => {
            Some(Line::styled("no tables in this region", dim))
        }
        Loadable::Loaded(_) if empty => Some(Line::styled("no table matches", dim)),
        _ => None,
    }
}

/// `text` cut to `width` characters, the last one `…` when cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
