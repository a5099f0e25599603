//! The home screen's collection tree (partition key prefixes, level by level) and the partitions
//! of one group, with the discovery scan's progress bar above them.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, Table};

use crate::app::state::explore::collection_rows::{CollectionRow, RowTarget};
use crate::app::state::rows::{NO_PREFIX, group_of, home_rows, partition_key_text};
use crate::app::state::stale::{STALE, Stale};
use crate::app::state::{Loadable, ScanStatus, State};
use crate::domain::figures::count;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render_prefixes(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    cursor: usize,
) {
    let styles = theme::of(state);
    let [progress_area, list_area] = split(area);
    progress(frame, progress_area, state);
    let block = Block::bordered().title(" Collections by partition key prefix ");
    let rows = home_rows(state);
    if rows.is_empty() {
        frame.render_widget(Paragraph::new(empty_text(state)).block(block), list_area);
        return;
    }
    let names: Vec<String> = rows.iter().map(tree_name).collect();
    let name_width = names
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(16, 40);
    let height = usize::from(list_area.height.saturating_sub(3));
    let visible = window(rows.len(), cursor, height);
    let lines = rows
        .iter()
        .zip(names)
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(index, (collection, name))| {
            let (partitions, items) = figures(state, collection);
            row(
                styles,
                index == cursor,
                vec![name, partitions, items, entity_mix(&collection.entities)],
            )
        });
    // Estimates (`~12,300±400`) need wider columns than counts.
    let figure_width = if state.explore.discovery.sample.is_some() {
        17
    } else {
        11
    };
    let table = Table::new(
        lines,
        [
            Constraint::Length(u16::try_from(name_width).unwrap_or(40)),
            Constraint::Length(figure_width),
            Constraint::Length(figure_width),
            Constraint::Min(10),
        ],
    )
    .header(header(
        styles,
        ["Prefix", "Partitions", "Items", "Entities"],
    ))
    .block(block);
    frame.render_widget(table, list_area);
}

/// A row's first cell: an open (`▾`) or shut (`▸`) parent, a nested level indented under it.
fn tree_name(collection: &CollectionRow<'_>) -> String {
    let name = safe(collection.name.as_deref().unwrap_or(NO_PREFIX));
    match (&collection.target, collection.depth) {
        (RowTarget::Parent { expanded: true, .. }, _) => format!("▾ {name}"),
        (
            RowTarget::Parent {
                expanded: false, ..
            },
            _,
        ) => format!("▸ {name}"),
        (RowTarget::Group(_), 0) => name.into_owned(),
        (RowTarget::Group(_), _) => format!("  {name}"),
    }
}

pub(in crate::ui) fn render_partitions(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    prefix: Option<&str>,
    cursor: usize,
) {
    let styles = theme::of(state);
    let [progress_area, list_area] = split(area);
    progress(frame, progress_area, state);
    let block = Block::bordered().title(format!(
        " Partitions of {} ",
        safe(prefix.unwrap_or(NO_PREFIX))
    ));
    let Some((found, id)) = group_of(state, prefix) else {
        frame.render_widget(
            Paragraph::new("No partitions with this prefix.").block(block),
            list_area,
        );
        return;
    };
    let total = found
        .groups()
        .find(|group| group.id == id)
        .map_or(0, |group| {
            usize::try_from(group.partition_count).unwrap_or(usize::MAX)
        });
    let height = usize::from(list_area.height.saturating_sub(3));
    let visible = window(total, cursor, height);
    let rows = found
        .partitions(id)
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(index, (key, items))| {
            row(
                styles,
                index == cursor,
                vec![safe(&partition_key_text(key)).into_owned(), count(items)],
            )
        });
    let table = Table::new(rows, [Constraint::Min(20), Constraint::Length(10)])
        .header(header(styles, ["Partition key", "Items"]))
        .block(block);
    frame.render_widget(table, list_area);
}

/// A sampled group's estimated partitions and items for the whole table.
/// A row's partitions and items: the counts found, or after a sample the estimates for the
/// whole table (`~1,200 ±40`); a row the sample has no estimate for says its counts were read.
fn figures(state: &State, collection: &CollectionRow<'_>) -> (String, String) {
    let found = (
        count(collection.partition_count),
        count(collection.item_count),
    );
    let Some(sample) = state.explore.discovery.sample.as_ref() else {
        return found;
    };
    let prefix = match &collection.target {
        RowTarget::Group(prefix) => prefix.as_deref(),
        RowTarget::Parent { name, .. } => Some(name.as_str()),
    };
    group_of(state, prefix)
        .and_then(|(_, group)| sample.group_figures(group))
        .unwrap_or_else(|| (format!("{} read", found.0), format!("{} read", found.1)))
}

fn split(area: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area)
}

fn header<const N: usize>(styles: &Styles, titles: [&'static str; N]) -> Row<'static> {
    Row::new(titles).style(styles.heading)
}

fn row(styles: &Styles, selected: bool, cells: Vec<String>) -> Row<'static> {
    let style = if selected {
        styles.selected
    } else {
        Style::new()
    };
    Row::new(cells).style(style)
}

/// The entity mix: `User 10, User›Order 30, +2`, most frequent first.
fn entity_mix(entities: &[(Option<&str>, u64)]) -> String {
    let mut parts: Vec<String> = entities
        .iter()
        .take(3)
        .map(|(name, items)| format!("{} {}", safe(name.unwrap_or("(unknown)")), count(*items)))
        .collect();
    if entities.len() > 3 {
        parts.push(format!("+{}", entities.len() - 3));
    }
    parts.join(", ")
}

fn empty_text(state: &State) -> String {
    match (&state.table.description, &state.explore.discovery.status) {
        (Loadable::NotRequested | Loadable::Loading(_), _) => "Describing the table…".to_owned(),
        (Loadable::Failed(message), _) => format!("DescribeTable failed: {}", safe(message)),
        (_, ScanStatus::Running | ScanStatus::Idle) => "Scanning for item collections…".to_owned(),
        (_, ScanStatus::Failed(message)) => format!("Discovery failed: {}", safe(message)),
        (_, ScanStatus::Complete) => "The table is empty.".to_owned(),
        (_, _) => "Nothing discovered. Press : to jump to a partition by its key.".to_owned(),
    }
}

/// The tree a failed rescan put back: when it was read and why the rescan failed.
pub(in crate::ui) fn stale_line(styles: &Styles, stale: &Stale) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{STALE:<9} "), styles.warning),
        Span::raw(safe(&stale.detail()).into_owned()),
    ])
}

/// One line: state, a bar (when the table's item count is known), and the figures.
fn progress(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let discovery = &state.explore.discovery;
    let progress = &discovery.progress;
    if let Some(stale) = &discovery.stale {
        frame.render_widget(Paragraph::new(stale_line(styles, stale)), area);
        return;
    }
    let (label, style) = match &discovery.status {
        ScanStatus::Idle => ("waiting", styles.muted),
        ScanStatus::AwaitingConfirmation => ("not started", styles.warning),
        ScanStatus::Running => ("scanning", styles.active),
        ScanStatus::Paused => ("paused", styles.warning),
        ScanStatus::Cancelled => ("cancelled", styles.warning),
        ScanStatus::Complete => ("complete", styles.done),
        ScanStatus::Failed(_) => ("failed", styles.error),
    };
    if let Some(run) = &discovery.sample {
        let label = if discovery.status == ScanStatus::Complete {
            "sampled"
        } else {
            label
        };
        let line = Line::from(vec![
            Span::styled(format!("{label:<9} "), style),
            Span::raw(run.progress_text()),
        ]);
        frame.render_widget(Paragraph::new(line), area);
        return;
    }
    let mut spans = vec![Span::styled(format!("{label:<9} "), style)];
    let estimate = state
        .described()
        .and_then(|description| description.item_count)
        .filter(|n| *n > 0);
    if let Some(total) = estimate {
        // The server's count is refreshed about every 6 hours, so cap at 99% until the end.
        let percent = if discovery.status == ScanStatus::Complete {
            100
        } else {
            (progress.items_scanned.saturating_mul(100) / total).min(99)
        };
        let width = 12;
        let filled = usize::try_from(percent * width / 100).unwrap_or(0);
        let width = usize::try_from(width).unwrap_or(0);
        spans.push(Span::styled("█".repeat(filled), style));
        spans.push(Span::styled("░".repeat(width - filled), styles.muted));
        spans.push(Span::raw(format!(" {percent:>3}% ")));
    }
    spans.push(Span::raw(format!(
        "{} · {} · {:.1} RCU · {}s",
        crate::domain::figures::counted(progress.items_scanned, "item", "items"),
        crate::domain::figures::counted(progress.pages, "page", "pages"),
        progress.consumed_capacity,
        progress.elapsed.as_secs()
    )));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
