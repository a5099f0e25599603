//! The insights screen: what was read (and whether it was a sample), the items and bytes per
//! partition as histograms side by side, the findings most severe first with the items each
//! names, and the selected finding's evidence and the rule it applies.

mod sizes;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::state::State;
use crate::app::state::insights::{InsightRow, InsightsRun, sizes_text};
use crate::domain::figures::{bytes, counted};
use crate::domain::insights::{Coverage, Report, Severity};
use crate::domain::plain_json::item_to_plain_json;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

/// Access-pattern lines shown above the findings.
const ACCESS_PATTERN_LINES: usize = 3;
/// Lines kept for the selected row's details, at least; sizes may take up to half the screen.
const DETAIL_HEIGHT: u16 = 9;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, cursor: usize) {
    let styles = theme::of(state);
    let block =
        Block::bordered().title(" Insights · Enter open · p pause · x cancel · R whole table ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some(run) = &state.insights else {
        frame.render_widget(Paragraph::new("insights not started"), inner);
        return;
    };
    let summary = summary_lines(styles, run);
    let (histogram_height, histograms) = run.report.as_ref().map_or_else(
        || (0, [Vec::new(), Vec::new()]),
        |report| histogram_columns(report, inner.width),
    );
    let sizes_detail = selected_sizes(styles, run, cursor, inner.width);
    let detail_height = sizes_detail.as_ref().map_or(DETAIL_HEIGHT, |detail| {
        let wanted = u16::try_from(detail.height() + 2).unwrap_or(u16::MAX);
        wanted.clamp(DETAIL_HEIGHT, (inner.height / 2).max(DETAIL_HEIGHT))
    });
    let [summary_area, histogram_area, list_area, detail_area] = Layout::vertical([
        Constraint::Length(u16::try_from(summary.len()).unwrap_or(u16::MAX)),
        Constraint::Length(histogram_height),
        Constraint::Min(3),
        Constraint::Length(detail_height),
    ])
    .areas(inner);
    frame.render_widget(Paragraph::new(summary), summary_area);
    let columns: [Rect; 2] = Layout::horizontal([Constraint::Ratio(1, 2), Constraint::Ratio(1, 2)])
        .areas(histogram_area);
    for (lines, column) in histograms.into_iter().zip(columns) {
        frame.render_widget(Paragraph::new(lines), column);
    }
    let Some(report) = &run.report else {
        return;
    };
    render_rows(styles, frame, list_area, run, report, cursor);
    match sizes_detail {
        Some(detail) => sizes::render(frame, detail_area, detail),
        None => render_detail(styles, frame, detail_area, run, report, cursor),
    }
}

/// The detail of the sizes row under the cursor, if it is one.
fn selected_sizes(
    styles: &Styles,
    run: &InsightsRun,
    cursor: usize,
    width: u16,
) -> Option<sizes::SizesDetail> {
    let report = run.report.as_ref()?;
    match run.rows().get(cursor)? {
        InsightRow::Sizes(selected) => Some(sizes::detail(styles, report, *selected, width)),
        _ => None,
    }
}

fn summary_lines(styles: &Styles, run: &InsightsRun) -> Vec<Line<'static>> {
    let mut lines = vec![Line::raw(run.scan.progress_text())];
    if let Some(stale) = &run.stale {
        lines.push(Line::styled(
            crate::ui::widgets::text::safe(&stale.text()).into_owned(),
            styles.warning,
        ));
    }
    let Some(report) = &run.report else {
        lines.push(Line::styled(
            "the findings appear when the scan stops (p pauses it and shows what was read)",
            styles.note,
        ));
        return lines;
    };
    let coverage = match report.coverage {
        Coverage::Complete => "the whole table".to_owned(),
        Coverage::Sampled {
            table_items: Some(total),
        } => {
            format!(
                "a sample: the table holds about {}",
                crate::domain::figures::counted(total, "item", "items")
            )
        }
        Coverage::Sampled { table_items: None } => "a sample".to_owned(),
    };
    lines.push(Line::styled(
        format!(
            "{} ({}) in {}, {coverage}; {}",
            counted(report.items, "item", "items"),
            bytes(report.bytes),
            counted(report.partitions, "partition", "partitions"),
            counted(report.findings.len() as u64, "finding", "findings")
        ),
        styles.heading,
    ));
    if let Some(largest) = report.largest_collections.first() {
        lines.push(Line::raw(format!(
            "largest item collection: {} ({}, {})",
            safe(&crate::domain::key_value::key_text(&largest.partition_key)),
            counted(largest.items, "item", "items"),
            bytes(largest.bytes)
        )));
    }
    for line in report.access_patterns.iter().take(ACCESS_PATTERN_LINES) {
        lines.push(Line::styled(safe(line).into_owned(), styles.note));
    }
    if report.access_patterns.len() > ACCESS_PATTERN_LINES {
        lines.push(Line::styled(
            format!(
                "… {} more access pattern lines",
                report.access_patterns.len() - ACCESS_PATTERN_LINES
            ),
            styles.note,
        ));
    }
    lines
}

/// The items-per-partition and bytes-per-partition histograms side by side, so both fit above
/// the findings.
fn histogram_columns(report: &Report, width: u16) -> (u16, [Vec<Line<'static>>; 2]) {
    let columns = sizes::histogram_columns(
        "partition",
        &report.partition_sizes,
        &report.partition_bytes,
        width,
    );
    let height = columns[0].len().max(columns[1].len());
    (u16::try_from(height).unwrap_or(u16::MAX), columns)
}

fn severity_style(styles: &Styles, severity: Severity) -> Style {
    match severity {
        Severity::Critical => styles.error_strong,
        Severity::Warning => styles.warning,
        Severity::Info => styles.note,
    }
}

fn render_rows(
    styles: &Styles,
    frame: &mut Frame<'_>,
    area: Rect,
    run: &InsightsRun,
    report: &Report,
    cursor: usize,
) {
    let rows = run.rows();
    if rows.is_empty() {
        frame.render_widget(
            Paragraph::new("no findings: nothing here breaks a rule ddbx checks"),
            area,
        );
        return;
    }
    let visible = window(rows.len(), cursor, usize::from(area.height));
    let lines: Vec<Line<'_>> = rows
        .iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
        .map(|(position, row)| {
            let (text, mut style) = match *row {
                InsightRow::Finding(index) => {
                    let finding = &report.findings[index];
                    (
                        format!("{:<8} {}", finding.severity.name(), safe(&finding.summary)),
                        severity_style(styles, finding.severity),
                    )
                }
                InsightRow::Item { .. } => (
                    format!(
                        "           open {}",
                        run.item_of(*row)
                            .map(|item| safe(&item_to_plain_json(&item).to_string()).into_owned())
                            .unwrap_or_default()
                    ),
                    styles.key,
                ),
                InsightRow::Sizes(sizes) => (
                    format!("{:<8} {}", "sizes", safe(&sizes_text(report, sizes))),
                    Style::default(),
                ),
            };
            if position == cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Line::styled(text, style)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

fn render_detail(
    styles: &Styles,
    frame: &mut Frame<'_>,
    area: Rect,
    run: &InsightsRun,
    report: &Report,
    cursor: usize,
) {
    let finding = match run.rows().get(cursor) {
        Some(InsightRow::Finding(index) | InsightRow::Item { finding: index, .. }) => {
            report.findings.get(*index)
        }
        Some(InsightRow::Sizes(_)) | None => None,
    };
    let Some(finding) = finding else {
        return;
    };
    let mut lines = vec![Line::styled(
        format!("rule: {}", finding.rule.citation()),
        styles.note,
    )];
    lines.extend(
        finding
            .evidence
            .iter()
            .map(|line| Line::raw(format!("· {}", safe(line)))),
    );
    let block = Block::bordered().title(format!(" {} ", finding.rule.id()));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}
