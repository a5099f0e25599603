//! The staged changes: each with what it is, its key, its condition and its diff (the
//! preview's lines), the ones a cancelled commit failed on marked with the reason; or, once
//! `c` assembled them, the exact `TransactWriteItems` that confirming sends.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::screens::staged::{CommitPurpose, CommitReview, StagedItem, StagedView};
use crate::domain::edit::transaction::StagedPart;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key, key_label};
use crate::ui::edit::review::change_lines;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::boxed::boxed;
use crate::ui::widgets::text::safe;

const SECTION: Section = Section::Screen("staged");

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, view: &StagedView) {
    if let Some(review) = &state.edits.staged.review {
        render_review(frame, area, state, review);
        return;
    }
    let styles = theme::of(state);
    let items = &state.edits.staged.items;
    let title = format!(
        " Staged changes ({}) — committed together as one TransactWriteItems ",
        items.len()
    );
    let (lines, cursor_line) = list_lines(state, styles, view.cursor);
    let height = usize::from(area.height.saturating_sub(3)).max(1);
    let scroll = cursor_line.saturating_sub(height.saturating_sub(2));
    let hint = if items.is_empty() {
        hints(
            styles,
            &[(key(state, Section::Global, &Action::Back), "back")],
        )
    } else {
        hints(
            styles,
            &[
                (key(state, SECTION, &Action::Confirm), "commit"),
                (key(state, SECTION, &Action::DeleteItem), "unstage"),
                (key(state, SECTION, &Action::Open), "open"),
                (key(state, SECTION, &Action::Undo), "undo last write"),
            ],
        )
    };
    boxed(frame, area, title, lines, scroll, hint);
}

/// The lines of every staged change, and the line of the one under the cursor.
fn list_lines(state: &State, styles: &Styles, cursor: usize) -> (Vec<Line<'static>>, usize) {
    if state.edits.staged.items.is_empty() {
        let stage = key(state, Section::Preview, &Action::StageWrite);
        let check = key(state, Section::Inspector, &Action::StageCheck);
        let text = format!(
            "Nothing is staged. {stage} on a write's preview stages it instead of sending it; {check} on an item stages a check that it is unchanged."
        );
        return (vec![Line::styled(text, styles.note)], 0);
    }
    let mut lines = Vec::new();
    let mut cursor_line = 0;
    for (index, item) in state.edits.staged.items.iter().enumerate() {
        if index == cursor {
            cursor_line = lines.len();
        }
        lines.push(heading(state, styles, index, item, index == cursor));
        lines.push(Line::styled(
            format!("    {}", safe(item.summary())),
            styles.muted,
        ));
        if let StagedPart::Write(planned) = &item.part {
            lines.extend(change_lines(styles, &planned.diff));
        }
        if let Some(failure) = &item.failed {
            let now = if failure.current.is_some() {
                " · Enter shows it against the item now"
            } else {
                ""
            };
            lines.push(Line::styled(
                format!(
                    "    ✗ the last commit was cancelled here: {}{}{now}",
                    safe(&failure.code),
                    failure
                        .message
                        .as_deref()
                        .map(|message| format!(" ({})", safe(message)))
                        .unwrap_or_default()
                ),
                styles.error,
            ));
        }
    }
    (lines, cursor_line)
}

fn heading(
    state: &State,
    styles: &Styles,
    index: usize,
    item: &StagedItem,
    selected: bool,
) -> Line<'static> {
    let label = key_label(state, Some(&item.key));
    let marker = if item.failed.is_some() { "✗" } else { "±" };
    let line = Line::from(vec![
        Span::styled(format!("{marker} {:>2} ", index + 1), styles.key),
        Span::styled(format!("{:<10} ", item.kind.label()), styles.entity),
        Span::styled(label, styles.heading),
    ]);
    if selected {
        line.style(styles.selected)
    } else {
        line
    }
}

fn render_review(frame: &mut Frame<'_>, area: Rect, state: &State, review: &CommitReview) {
    let styles = theme::of(state);
    let actions = review.assembled.request.actions.len();
    let what = match &review.purpose {
        CommitPurpose::Commit => "Commit the staged changes".to_owned(),
        CommitPurpose::Undo { batch } => format!("Undo run {batch}"),
    };
    let title =
        format!(" {what}: {actions} action(s), all or none — nothing is sent until you confirm ");
    let hint = if state.edits.staged.sending.is_some() {
        Line::styled("sending…", styles.active)
    } else {
        hints(
            styles,
            &[
                (key(state, SECTION, &Action::Confirm), "send"),
                (key(state, SECTION, &Action::Back), "back"),
            ],
        )
    };
    let mut lines = Vec::new();
    for part in &review.parts {
        let StagedPart::Write(planned) = &part.part else {
            continue;
        };
        lines.push(Line::styled(
            format!("staged {}: {}", part.line, safe(&planned.summary)),
            styles.heading,
        ));
        lines.extend(change_lines(styles, &planned.diff));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Request".to_owned(), styles.warning_strong));
    lines.push(Line::styled(
        "  ClientRequestToken: the journal's run id, named as it is sent".to_owned(),
        styles.muted,
    ));
    lines.extend(
        review
            .request_text
            .lines()
            .map(|line| Line::raw(format!("  {}", safe(line)))),
    );
    boxed(frame, area, title, lines, review.scroll, hint);
}
