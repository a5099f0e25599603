//! The detail of a sizes row of the insights: the items and bytes per partition of the table, of
//! one entity or of one index as histograms side by side, and the largest collections.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::insights::Sizes;
use crate::domain::figures::bytes;
use crate::domain::figures::counted;
use crate::domain::insights::{CollectionSize, Histogram, Report};
use crate::domain::key_value::key_text;
use crate::ui::theme::Styles;
use crate::ui::widgets::text::safe;

/// Width of the histogram's bars.
const BAR_WIDTH: usize = 30;
/// Columns a histogram line needs besides its bar: the bucket's label, the axis and the count.
const HISTOGRAM_LABELS: usize = 28;

/// What a sizes row details: histograms (none for the table's, drawn above the findings) and
/// lines on its largest collections.
pub struct SizesDetail {
    pub title: String,
    pub columns: Option<[Vec<Line<'static>>; 2]>,
    pub lines: Vec<Line<'static>>,
}

impl SizesDetail {
    /// Lines the detail needs inside its border.
    pub fn height(&self) -> usize {
        let columns = self
            .columns
            .as_ref()
            .map_or(0, |[items, bytes]| items.len().max(bytes.len()));
        columns + self.lines.len()
    }
}

/// The items and bytes histograms of `what` side by side in `width` columns, each column's bars
/// as wide as it leaves room for.
pub fn histogram_columns(
    what: &str,
    items: &Histogram,
    bytes: &Histogram,
    width: u16,
) -> [Vec<Line<'static>>; 2] {
    let column = usize::from(width / 2);
    let bar_width = column.saturating_sub(HISTOGRAM_LABELS).clamp(1, BAR_WIDTH);
    let column_lines = |title: String, bars: Vec<String>| -> Vec<Line<'static>> {
        std::iter::once(title).chain(bars).map(Line::raw).collect()
    };
    [
        column_lines(format!("items per {what}:"), items.bars(bar_width)),
        column_lines(format!("bytes per {what}:"), bytes.byte_bars(bar_width)),
    ]
}

pub fn detail(styles: &Styles, report: &Report, sizes: Sizes, width: u16) -> SizesDetail {
    match sizes {
        Sizes::Table => SizesDetail {
            title: " sizes · table ".to_owned(),
            columns: None,
            lines: collection_lines(
                styles,
                "largest item collections:",
                &report.largest_collections,
            ),
        },
        Sizes::Entity(position) => {
            let Some(size) = report.entity_sizes.get(position) else {
                return empty();
            };
            let name = safe(&size.entity).into_owned();
            SizesDetail {
                title: format!(" sizes · entity {name} "),
                columns: Some(histogram_columns(
                    &format!("partition of {name}"),
                    &size.partitions.items,
                    &size.partitions.bytes,
                    width,
                )),
                lines: collection_lines(
                    styles,
                    "largest collection:",
                    size.partitions.largest.as_slice(),
                ),
            }
        }
        Sizes::Index(position) => {
            let Some(index) = report.index_sizes.get(position) else {
                return empty();
            };
            let name = safe(&index.index).into_owned();
            SizesDetail {
                title: format!(" sizes · index {name} "),
                columns: (index.items > 0).then(|| {
                    histogram_columns(
                        &format!("{name} partition"),
                        &index.partition_items,
                        &index.partition_bytes,
                        width,
                    )
                }),
                lines: if index.items == 0 {
                    vec![Line::styled("no item read is in this index", styles.note)]
                } else {
                    collection_lines(styles, "largest partitions:", &index.largest)
                },
            }
        }
    }
}

fn empty() -> SizesDetail {
    SizesDetail {
        title: String::new(),
        columns: None,
        lines: Vec::new(),
    }
}

fn collection_lines(
    styles: &Styles,
    title: &str,
    collections: &[CollectionSize],
) -> Vec<Line<'static>> {
    std::iter::once(Line::styled(title.to_owned(), styles.heading))
        .chain(collections.iter().map(|collection| {
            Line::raw(format!(
                "  {}: {}, {}",
                safe(&key_text(&collection.partition_key)),
                counted(collection.items, "item", "items"),
                bytes(collection.bytes)
            ))
        }))
        .collect()
}

pub fn render(frame: &mut Frame<'_>, area: Rect, detail: SizesDetail) {
    let block = Block::bordered().title(detail.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let column_height = detail
        .columns
        .as_ref()
        .map_or(0, |[items, bytes]| items.len().max(bytes.len()));
    let [columns_area, lines_area] = Layout::vertical([
        Constraint::Length(u16::try_from(column_height).unwrap_or(u16::MAX)),
        Constraint::Min(0),
    ])
    .areas(inner);
    if let Some(columns) = detail.columns {
        let halves: [Rect; 2] =
            Layout::horizontal([Constraint::Ratio(1, 2), Constraint::Ratio(1, 2)])
                .areas(columns_area);
        for (lines, half) in columns.into_iter().zip(halves) {
            frame.render_widget(Paragraph::new(lines), half);
        }
    }
    frame.render_widget(Paragraph::new(detail.lines), lines_area);
}
