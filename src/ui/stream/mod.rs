//! The stream view: how far following got (shards, records, what the bounded buffer dropped,
//! the filter, paused or stopped), then the records newest first; and one record as a diff of
//! attributes, old → new.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::State;
use crate::app::state::bulk::is_marked;
use crate::app::state::stream::rows::{diff_rows, key_texts};
use crate::app::state::stream::{StreamEntry, StreamView, filter_text};
use crate::domain::change_diff::changed_names;
use crate::domain::figures::counted;
use crate::domain::item_history::STREAM_WHO;
use crate::domain::request::ChangeKind;
use crate::domain::stream_start::StreamStart;
use crate::domain::value::Item;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::diff::diff_line;
use crate::ui::widgets::grid::MARK;
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, cursor: usize) {
    let styles = theme::of(state);
    let block = Block::bordered().title(" Stream · Enter diff · p pause · f filter ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some(view) = &state.stream else {
        frame.render_widget(Paragraph::new("the stream is not followed"), inner);
        return;
    };
    let summary = summary(styles, view, state.clock.uptime);
    let summary_height = u16::try_from(summary.len()).unwrap_or(u16::MAX);
    let [summary_area, list_area] =
        Layout::vertical([Constraint::Length(summary_height), Constraint::Min(1)]).areas(inner);
    frame.render_widget(Paragraph::new(summary), summary_area);
    let shown = view.buffer.visible_len();
    if shown == 0 {
        let waiting = if view.buffer.is_empty() {
            "no changes yet: records appear here as items are written"
        } else {
            "no record matches the filter (f changes it)"
        };
        frame.render_widget(
            Paragraph::new(Line::styled(waiting, styles.note)),
            list_area,
        );
        return;
    }
    let height = usize::from(list_area.height);
    let lines: Vec<Line<'_>> = window(shown, cursor, height)
        .filter_map(|row| Some((row, view.buffer.visible_at(row)?)))
        .map(|(row, entry)| record_line(styles, state, entry, row == cursor))
        .collect();
    frame.render_widget(Paragraph::new(lines), list_area);
}

fn summary<'a>(styles: &Styles, view: &'a StreamView, now: Duration) -> Vec<Line<'a>> {
    let buffer = &view.buffer;
    let shards = view.follow.shards.values().filter(|s| !s.done).count();
    let state = match (&view.stopped, view.paused, &view.follow.retrying) {
        (Some(why), _, _) => Span::styled(
            format!("stopped: {} · R follows the current stream", safe(why)),
            styles.error,
        ),
        (None, true, _) => Span::styled("PAUSED", styles.warning_strong),
        (None, false, Some(retry)) => Span::styled(
            format!(
                "reconnecting: {} · attempt {}, next in {} s",
                safe(&retry.error),
                retry.attempt,
                retry.at.saturating_sub(now).as_secs()
            ),
            styles.warning_strong,
        ),
        (None, false, None) => Span::styled("following", styles.active),
    };
    let mut first = vec![
        state,
        Span::raw(format!(
            " · {} open · {} received · {} held (at most {})",
            counted(shards as u64, "shard", "shards"),
            buffer.received,
            buffer.len(),
            buffer.capacity()
        )),
    ];
    if buffer.dropped > 0 {
        first.push(Span::styled(
            format!(" · {} oldest dropped", buffer.dropped),
            styles.warning,
        ));
    }
    // Where reading started, beside the filter: together they say what the list can hold.
    let filter = filter_text::text(view.buffer.filter());
    let second = Line::from(vec![
        Span::raw(format!("{} · ", view.follow.since.describe())),
        if filter.is_empty() {
            Span::styled("no filter (f: pk= prefix= entity= event=)", styles.muted)
        } else {
            Span::raw(format!("filter: {}", safe(&filter)))
        },
    ]);
    let mut lines = vec![Line::from(first), second];
    lines.extend(skipped_line(styles, view));
    lines
}

/// A start at a time: how many records older than it were read past and left out, and that the
/// stream holds no more than a day, so the list is known to be everything after the time.
fn skipped_line<'a>(styles: &Styles, view: &StreamView) -> Option<Line<'a>> {
    let StreamStart::At(_) = view.follow.since else {
        return None;
    };
    let skipped = view.follow.skipped;
    Some(Line::styled(
        format!(
            "{} created before it skipped · a stream keeps 24 hours of changes",
            counted(skipped, "record", "records")
        ),
        styles.muted,
    ))
}

/// `HH:MM:SS` (UTC) of a record's approximate creation time, in Unix seconds.
pub(in crate::ui) fn time_of_day(seconds: i64) -> String {
    let day = seconds.rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", day / 3600, day / 60 % 60, day % 60)
}

pub(in crate::ui) fn kind_style(styles: &Styles, kind: ChangeKind) -> ratatui::style::Style {
    match kind {
        ChangeKind::Insert => styles.added,
        ChangeKind::Modify => styles.changed,
        ChangeKind::Remove => styles.removed,
    }
}

fn record_line<'a>(
    styles: &Styles,
    state: &State,
    entry: &'a StreamEntry,
    selected: bool,
) -> Line<'a> {
    let record = &entry.record;
    let (pk, sk) = key_texts(state, entry);
    let changed = changed_names(record.old_image.as_ref(), record.new_image.as_ref());
    let changed = if record.kind == ChangeKind::Modify && !changed.is_empty() {
        format!("  changed: {}", changed.join(", "))
    } else {
        String::new()
    };
    let when = record.created_at.map(time_of_day).unwrap_or_default();
    let mut spans = mark_gutter(styles, state, &record.keys);
    spans.extend([
        Span::styled(format!("{when:>8} "), styles.muted),
        Span::styled(
            format!("{:<6} ", record.kind.name()),
            kind_style(styles, record.kind),
        ),
        Span::styled(
            format!("{:<12} ", safe(entry.entity.as_deref().unwrap_or("?"))),
            styles.entity,
        ),
        Span::styled(safe(&pk).into_owned(), styles.key),
        Span::raw(" "),
        Span::raw(safe(&sk).into_owned()),
        Span::styled(safe(&changed).into_owned(), styles.muted),
    ]);
    let line = Line::from(spans);
    if selected {
        line.style(styles.selected)
    } else {
        line
    }
}

/// One record: its event, keys and entity, then the attributes changed (old → new) and the
/// unchanged ones.
pub(in crate::ui) fn render_record(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    entry: &StreamEntry,
    cursor: usize,
) {
    let styles = theme::of(state);
    let record = &entry.record;
    let block = Block::bordered().title(format!(
        " {} · sequence {} · old → new ",
        record.kind.name(),
        safe(&record.sequence)
    ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let (pk, sk) = key_texts(state, entry);
    let mut lines = vec![Line::from(vec![
        Span::styled(
            safe(entry.entity.as_deref().unwrap_or("?")).into_owned(),
            styles.entity,
        ),
        Span::raw("  "),
        Span::styled(safe(&pk).into_owned(), styles.key),
        Span::raw(" "),
        Span::raw(safe(&sk).into_owned()),
    ])];
    lines.push(Line::styled(STREAM_WHO, styles.muted));
    let rows = diff_rows(entry);
    if rows.is_empty() {
        lines.push(Line::styled(
            "the stream's view type carries no images: only the keys are known",
            styles.note,
        ));
    }
    let height = usize::from(inner.height.saturating_sub(2));
    for index in window(rows.len(), cursor, height) {
        let line = diff_line(styles, &rows[index]);
        lines.push(if index == cursor {
            line.style(styles.selected)
        } else {
            line
        });
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// While anything is marked, a gutter with the mark of the record's item.
fn mark_gutter(styles: &Styles, state: &State, keys: &Item) -> Vec<Span<'static>> {
    if state.bulk.selection.is_empty() {
        return Vec::new();
    }
    if is_marked(state, keys) {
        vec![Span::styled(format!("{MARK} "), styles.key)]
    } else {
        vec![Span::raw("  ")]
    }
}
