//! The item history: how much was read (stream and journal), then the item's changes newest
//! first, each a heading (when, what, where from, who) over the attributes it changed. The
//! change under the cursor also lists its unchanged attributes and, for a write of ddbx, the
//! expressions of the request the journal recorded.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::change_rows::{DiffMark, image_diff_rows};
use crate::app::state::item_history::ItemHistoryView;
use crate::app::state::loadable::Loadable;
use crate::domain::change_filter::key_text;
use crate::domain::item_history::{Change, JournalFacts, STREAM_WHO, Source};
use crate::item_history::summary;
use crate::keymap::Section;
use crate::ui::edit::hints::key as bound_key;
use crate::ui::stream::kind_style;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::diff::diff_line;
use crate::ui::widgets::overflow::window;
use crate::ui::widgets::text::safe;
use crate::ui::widgets::wrap::wrap_lines;

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    view: &ItemHistoryView,
) {
    let styles = theme::of(state);
    let key = view
        .key
        .values()
        .map(key_text)
        .collect::<Vec<_>>()
        .join(" / ");
    let mut block = Block::bordered().title(format!(
        " History of {} · newest first · R read again ",
        safe(&key)
    ));
    let inner = block.inner(area);
    let history = match &view.history {
        Loadable::Loaded(history) => history,
        Loadable::Failed(why) => {
            let line = Line::styled(
                format!("the history could not be read: {}", safe(why)),
                styles.error,
            );
            frame.render_widget(block, area);
            frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: false }), inner);
            return;
        }
        Loadable::Loading(_) | Loadable::NotRequested => {
            let reading = if view.has_stream {
                "reading every shard of the stream from TRIM_HORIZON, and the journal…"
            } else {
                "the table has no stream: reading ddbx's journal…"
            };
            frame.render_widget(block, area);
            frame.render_widget(Paragraph::new(Line::styled(reading, styles.note)), inner);
            return;
        }
    };
    let notes: Vec<Line<'_>> = summary::lines(history)
        .into_iter()
        .map(|line| Line::styled(safe(&line).into_owned(), styles.muted))
        .collect();
    let width = usize::from(inner.width.max(1));
    let notes_height = notes
        .iter()
        .map(|line| line.width().div_ceil(width).max(1))
        .sum::<usize>();
    let notes_height = u16::try_from(notes_height)
        .unwrap_or(u16::MAX)
        .min(inner.height / 2);
    let [notes_area, list_area] =
        Layout::vertical([Constraint::Length(notes_height), Constraint::Min(1)]).areas(inner);
    if history.changes.is_empty() {
        frame.render_widget(block, area);
        frame.render_widget(Paragraph::new(notes).wrap(Wrap { trim: false }), notes_area);
        let none = if history.stream.is_some() {
            "no change of this item in the stream's last 24 hours, and none in ddbx's journal"
        } else {
            "ddbx's journal has no write to this item"
        };
        frame.render_widget(Paragraph::new(Line::styled(none, styles.note)), list_area);
        return;
    }
    // Long lines (a condition expression, a value) fold onto more rows rather than being cut
    // at the border.
    let list_width = usize::from(list_area.width);
    let mut lines = Vec::new();
    let mut selected = (0, 0);
    for (index, change) in history.changes.iter().enumerate() {
        let start = lines.len();
        lines.extend(wrap_lines(
            change_lines(styles, change, index == view.cursor),
            list_width,
        ));
        if index == view.cursor {
            selected = (start, lines.len());
        }
    }
    let height = usize::from(list_area.height);
    let (start, end) = selected;
    let offset = end.saturating_sub(height).min(start);
    let shown = window(lines, offset, height);
    let keys = format!(
        "{}/{} moves between changes",
        bound_key(state, Section::ItemHistory, &Action::CursorDown),
        bound_key(state, Section::ItemHistory, &Action::CursorUp)
    );
    if let Some(note) = shown.note(&keys) {
        block = block.title_bottom(note);
    }
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(notes).wrap(Wrap { trim: false }), notes_area);
    frame.render_widget(Paragraph::new(shown.shown), list_area);
}

/// The expressions of a journaled request, which say what was sent and on what condition; the
/// names, values and key are in the diff below them (and the whole request in `ddbx history`).
fn request_lines(styles: &Styles, request: &str) -> Vec<Line<'static>> {
    request
        .lines()
        .filter(|line| {
            line.starts_with("UpdateExpression:") || line.starts_with("ConditionExpression:")
        })
        .map(|line| Line::styled(format!("  │ {}", safe(line)), styles.muted))
        .collect()
}

/// What the journal says of a write beyond its heading: pending, an undo, part of a run, also
/// in the stream; and, selected, the request it sent.
fn journal_details(
    styles: &Styles,
    facts: &JournalFacts,
    in_stream: bool,
    selected: bool,
) -> Vec<Line<'static>> {
    let mut details = Vec::new();
    if facts.pending {
        details.push(Line::styled(
            "  pending: sent, but no outcome was journaled (whether it landed is unknown)",
            styles.warning,
        ));
    }
    if let Some(reverts) = &facts.reverts {
        details.push(Line::styled(
            format!("  an undo of the write at {}", safe(reverts)),
            styles.note,
        ));
    }
    if let Some(batch) = &facts.batch {
        details.push(Line::styled(
            format!("  part of bulk run {}", safe(batch)),
            styles.note,
        ));
    }
    if in_stream {
        details.push(Line::styled(
            "  the stream holds a change with the same images",
            styles.muted,
        ));
    }
    if selected {
        details.extend(request_lines(styles, &facts.request));
    }
    details
}

/// The change's images as attribute rows: every row when selected, else the changed ones and
/// how many did not change.
fn image_lines(styles: &Styles, change: &Change, selected: bool) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let rows = image_diff_rows(change.old.as_ref(), change.new.as_ref());
    if rows.is_empty() {
        lines.push(Line::styled(
            "  no images: the stream's view type carries only the keys",
            styles.note,
        ));
    }
    let unchanged = rows.iter().filter(|row| row.mark == DiffMark::Same).count();
    for row in rows
        .iter()
        .filter(|row| selected || row.mark != DiffMark::Same)
    {
        let mut line = diff_line(styles, row);
        line.spans.insert(0, Span::raw("  "));
        lines.push(line);
    }
    if !selected && unchanged > 0 {
        lines.push(Line::styled(
            format!("    {unchanged} unchanged"),
            styles.muted,
        ));
    }
    lines
}

/// A change's heading and attribute lines; the selected change shows everything it knows.
fn change_lines(styles: &Styles, change: &Change, selected: bool) -> Vec<Line<'static>> {
    let kind = change.kind();
    let when = change
        .at
        .map(|at| at.to_string())
        .unwrap_or_else(|| "time unknown".to_owned());
    let mut heading = vec![
        Span::styled(format!("{when:<24} "), styles.muted),
        Span::styled(format!("{:<6} ", kind.name()), kind_style(styles, kind)),
    ];
    let mut details = Vec::new();
    match &change.source {
        Source::Stream { sequence, .. } => {
            heading.push(Span::raw(format!("stream · sequence {}", safe(sequence))));
            details.push(Line::styled(format!("  {STREAM_WHO}"), styles.muted));
        }
        Source::Journal(facts) => {
            heading.push(Span::styled(
                format!("ddbx journal · {}", safe(&facts.operation)),
                styles.active,
            ));
            heading.push(Span::styled(
                format!(" · {}", safe(&facts.connection)),
                styles.muted,
            ));
            details.extend(journal_details(styles, facts, change.in_stream, selected));
        }
    }
    let heading = Line::from(heading);
    let mut lines = vec![if selected {
        heading.style(styles.selected)
    } else {
        heading
    }];
    lines.extend(details);
    lines.extend(image_lines(styles, change, selected));
    lines
}
