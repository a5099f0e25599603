//! The diff screen: the tables to compare with, then each side's progress while both are read,
//! then the report — the counts per entity and the differences, the one under the cursor
//! highlighted — or one difference's two items side by side ([`items`]).

mod items;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::screens::diff::{
    DiffScope, DiffView, Reading, Shown, SideRead, Stage, row_texts,
};
use crate::app::state::{Loadable, State};
use crate::domain::diff::EntityCounts;
use crate::domain::figures::count;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &DiffView) {
    let styles = theme::of(state);
    if let Stage::Report(shown) = &view.stage
        && let Some(finding) = shown.open.and_then(|open| shown.report.findings.get(open))
    {
        let target = view.target_words(&shown.target);
        items::render(frame, area, state, (&view.source, &target), finding);
        return;
    }
    let title = match view.target() {
        Some(target) => format!(
            " Diff {} → {} · a diff never writes ",
            view.source,
            view.target_words(target)
        ),
        None => format!(
            " Diff {} with… · Enter compares · t elsewhere ",
            view.source
        ),
    };
    let block = Block::bordered().title(safe(&title).into_owned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    match &view.stage {
        Stage::Choosing(names) => choosing(frame, inner, styles, view, names),
        Stage::Reading(reading) => {
            frame.render_widget(Paragraph::new(progress(styles, view, reading)), inner);
        }
        Stage::Comparing { items, .. } => {
            let line = format!(
                "read {} + {} items; matching them by key and comparing… (Esc cancels)",
                count(items[0] as u64),
                count(items[1] as u64)
            );
            frame.render_widget(Paragraph::new(Line::styled(line, styles.note)), inner);
        }
        Stage::Stopped { why, .. } => {
            let line = Line::styled(safe(why).into_owned(), styles.error);
            frame.render_widget(Paragraph::new(line), inner);
        }
        Stage::Report(shown) => report(frame, inner, styles, view, shown),
    }
}

fn choosing(
    frame: &mut Frame<'_>,
    area: Rect,
    styles: &Styles,
    view: &DiffView,
    names: &Loadable<Vec<String>>,
) {
    let place = view
        .place
        .as_ref()
        .map_or_else(|| "this connection".to_owned(), ToString::to_string);
    let lines = match names {
        Loadable::Loaded(names) if names.is_empty() => vec![Line::styled(
            format!(
                "no other table on {}; t: another connection or an export",
                safe(&place)
            ),
            styles.note,
        )],
        Loadable::Loaded(_) => {
            let mut lines = vec![Line::styled(
                format!(
                    "compare with which table on {}? (Enter reads both in full; / searches; t \
                     elsewhere)",
                    safe(&place)
                ),
                styles.heading,
            )];
            lines.extend(cursor_lines(
                styles,
                view,
                usize::from(area.height).saturating_sub(1),
            ));
            lines
        }
        Loadable::Failed(why) => vec![Line::styled(
            format!("the tables could not be listed: {}", safe(why)),
            styles.error,
        )],
        Loadable::Loading(_) | Loadable::NotRequested => {
            let what = match &view.place {
                Some(crate::connect::Place::File(_)) => "reading the export…",
                _ => "listing the connection's tables…",
            };
            vec![Line::styled(what, styles.note)]
        }
    };
    frame.render_widget(Paragraph::new(lines), area);
}

/// The rows around the cursor, the cursor's highlighted.
fn cursor_lines(styles: &Styles, view: &DiffView, height: usize) -> Vec<Line<'static>> {
    let rows = row_texts(view);
    let height = height.max(1);
    let first = view.cursor.saturating_sub(height.saturating_sub(1));
    rows.iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(row, text)| {
            let style = match text.chars().next() {
                Some('-') => styles.removed,
                Some('+') => styles.added,
                Some('*') => styles.changed,
                _ => Style::default(),
            };
            let style = if row == view.cursor {
                style.patch(styles.cursor)
            } else {
                style
            };
            Line::styled(safe(text).into_owned(), style)
        })
        .collect()
}

/// Each side's items read so far, against what its description counts.
fn progress(styles: &Styles, view: &DiffView, reading: &Reading) -> Vec<Line<'static>> {
    let side = |name: &str, read: &SideRead| {
        let of = read.expected.map_or_else(String::new, |expected| {
            format!(" of about {}", count(expected))
        });
        let state = if read.done { "read" } else { "reading…" };
        Line::raw(format!(
            "{}: {}{of} items {state}",
            safe(name),
            count(read.items.len() as u64)
        ))
    };
    let what = match &view.scope {
        DiffScope::Table => "both tables in full by Scan".to_owned(),
        DiffScope::Partition { .. } | DiffScope::Query(_) => {
            format!("{} of both tables", view.scope.words())
        }
    };
    let mut lines = vec![Line::styled(
        format!("reading {} (Esc cancels; nothing is written)", safe(&what)),
        styles.note,
    )];
    if matches!(reading.target_table, Loadable::Loading(_)) {
        lines.push(Line::raw(format!("describing {}…", safe(&reading.target))));
        return lines;
    }
    lines.push(side(&view.source, &reading.sides[0]));
    lines.push(side(&reading.target, &reading.sides[1]));
    lines
}

fn report(frame: &mut Frame<'_>, area: Rect, styles: &Styles, view: &DiffView, shown: &Shown) {
    let report = &shown.report;
    let entities = report.entities.len() + 2;
    let [counts_area, list_area] = Layout::vertical([
        Constraint::Length(u16::try_from(entities + 1).unwrap_or(u16::MAX)),
        Constraint::Min(1),
    ])
    .areas(area);
    let heading = format!(
        "{:<24} {:>10} {:>15} {:>15} {:>10}",
        "entity", "equal", "only in source", "only in target", "different"
    );
    let mut counts = vec![Line::styled(heading, styles.table_titles)];
    for (entity, entity_counts) in &report.entities {
        counts.push(counts_line(entity, entity_counts, Style::default()));
    }
    counts.push(counts_line("all", &report.totals(), styles.heading));
    frame.render_widget(Paragraph::new(counts), counts_area);
    let total = report.totals().differences();
    let mut lines = scope_lines(styles, view);
    lines.push(if report.is_equal() {
        Line::styled(
            "equal: every item is on both sides with the same attributes",
            styles.done,
        )
    } else {
        Line::styled(
            format!(
                "{}, the first {} listed · Enter: both items · i: ignore · y: copy",
                crate::domain::figures::counted(total, "difference", "differences"),
                report.findings.len()
            ),
            styles.warning,
        )
    });
    let height = usize::from(list_area.height).saturating_sub(lines.len());
    lines.extend(cursor_lines(styles, view, height));
    frame.render_widget(Paragraph::new(lines), list_area);
}

/// What was compared when it is less than every item of every attribute: the partition, the
/// attributes ignored.
fn scope_lines(styles: &Styles, view: &DiffView) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if view.scope != DiffScope::Table {
        lines.push(Line::styled(
            format!("compared: {}", safe(&view.scope.words())),
            styles.note,
        ));
    }
    if !view.ignore.is_empty() {
        let names: Vec<&str> = view.ignore.iter().map(String::as_str).collect();
        lines.push(Line::styled(
            format!(
                "ignoring {} (R reads both sides again)",
                safe(&names.join(", "))
            ),
            styles.note,
        ));
    }
    lines
}

fn counts_line(entity: &str, counts: &EntityCounts, style: Style) -> Line<'static> {
    Line::styled(
        format!(
            "{:<24} {:>10} {:>15} {:>15} {:>10}",
            safe(entity),
            counts.equal,
            counts.only_source,
            counts.only_target,
            counts.different
        ),
        style,
    )
}
