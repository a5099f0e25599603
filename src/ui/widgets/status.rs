//! The status line: spinner while busy, the latest notice, and key hints generated from the
//! keymap of the current screen.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::app::action::Action;
use crate::app::state::{Notice, State, View};
use crate::ui::theme;
use crate::ui::widgets::text::safe;
use crate::ui::widgets::wrap::cut_line;

const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// Hints shown when there is room, most useful first.
const HINTS: [(Action, &str); 6] = [
    (Action::ToggleHelp, "help"),
    (Action::Open, "open"),
    (Action::Back, "back"),
    (Action::JumpToPartition, "jump"),
    (Action::ToggleJson, "json"),
    (Action::CopyItemJson, "copy"),
];

/// Error notices too long for the status line get up to this many wrapped lines above it.
const MAX_MESSAGE_LINES: usize = 3;

/// Rows the long-error area needs (0 when the notice fits the status line).
pub(in crate::ui) fn message_height(state: &State, width: u16) -> u16 {
    match &state.notice {
        Some(Notice::Error(message)) => {
            let length = safe(message).chars().count();
            if length + 2 <= usize::from(width) / 2 {
                0
            } else {
                // Wrapped at words, as it is drawn: a long path moves whole to the next row.
                let lines = message_paragraph(message).line_count(width.max(1));
                u16::try_from(lines.min(MAX_MESSAGE_LINES)).unwrap_or(1)
            }
        }
        _ => 0,
    }
}

/// The long error, wrapped, when it does not fit the status line.
pub(in crate::ui) fn render_message(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    if area.height == 0 {
        return;
    }
    if let Some(Notice::Error(message)) = &state.notice {
        frame.render_widget(message_paragraph(message).style(styles.error), area);
    }
}

fn message_paragraph(message: &str) -> Paragraph<'static> {
    Paragraph::new(safe(message).into_owned()).wrap(ratatui::widgets::Wrap { trim: false })
}

/// The stream view's follower reads on while another screen is shown (the spinner turns for
/// it): says so, with the key that shows it where there is one.
fn stream_behind(state: &State) -> Option<String> {
    let following = state
        .stream
        .as_ref()
        .is_some_and(crate::app::state::stream::StreamView::is_following);
    let on_stream = matches!(
        state.views.current(),
        View::Stream { .. } | View::StreamRecord { .. }
    );
    if !following || on_stream {
        return None;
    }
    let key = state.keymap.key_for(state.section(), &Action::ShowStream);
    Some(match key {
        Some(key) => format!("[stream followed: {key} shows it] "),
        None => "[stream followed] ".to_owned(),
    })
}

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let long_error = message_height(state, area.width) > 0;
    let mut spans = Vec::new();
    if state.is_busy() {
        let frame_index =
            usize::try_from(state.clock.uptime.as_millis() / 100).unwrap_or(0) % SPINNER.len();
        spans.push(Span::styled(
            format!("{} ", SPINNER[frame_index]),
            styles.key,
        ));
    }
    if let Some(progress) = &state.table.loading {
        spans.push(Span::styled(format!("{} ", progress.line()), styles.active));
    }
    if let Some(following) = stream_behind(state) {
        spans.push(Span::styled(following, styles.active));
    }
    // The selection's size, always in sight while anything is marked.
    let marked = state.bulk.selection.len();
    if marked > 0 || state.bulk.marking_all.is_some() {
        let more = if state.bulk.marking_all.is_some() {
            "+"
        } else {
            ""
        };
        spans.push(Span::styled(
            format!("[{marked}{more} marked] "),
            styles.active,
        ));
    }
    match &state.notice {
        Some(Notice::Info(message)) => spans.push(Span::raw(format!("{} ", safe(message)))),
        Some(Notice::Error(message)) if !long_error => {
            spans.push(Span::styled(format!("{} ", safe(message)), styles.error));
        }
        _ => {}
    }
    let used: usize = spans.iter().map(Span::width).sum();
    let section = state.section();
    let mut hints = Vec::new();
    for (action, label) in HINTS {
        if let Some(keys) = state.keymap.key_for(section, &action) {
            hints.push(format!("{keys} {label}"));
        }
    }
    let mut hint_text = String::new();
    for hint in hints {
        let candidate = if hint_text.is_empty() {
            hint.clone()
        } else {
            format!("{hint_text} · {hint}")
        };
        if used + candidate.chars().count() + 1 > usize::from(area.width) {
            break;
        }
        hint_text = candidate;
    }
    let padding = usize::from(area.width).saturating_sub(used + hint_text.chars().count());
    spans.push(Span::raw(" ".repeat(padding)));
    spans.push(Span::styled(hint_text, styles.muted));
    // A notice longer than the line ends in `…` rather than stopping mid-word at the edge.
    let line = cut_line(Line::from(spans), usize::from(area.width));
    frame.render_widget(Paragraph::new(line), area);
}
