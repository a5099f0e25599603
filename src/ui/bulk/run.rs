//! A bulk run's progress (bar, items/s, capacity, ETA, pause) and its summary (written,
//! conflicted and failed items, each openable).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::bulk::flow::{Ending, Purpose};
use crate::app::state::bulk::{BulkRun, BulkSummary};
use crate::domain::ddb_json::item_to_json;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key};
use crate::ui::theme;
use crate::ui::widgets::text::safe;

use crate::ui::widgets::boxed::scrolled_box;
use crate::ui::widgets::wrap::wrap_lines;

const BAR_WIDTH: usize = 40;

fn bar(done: usize, total: usize) -> String {
    let filled = (done * BAR_WIDTH).checked_div(total).unwrap_or(BAR_WIDTH);
    format!("[{}{}]", "█".repeat(filled), "░".repeat(BAR_WIDTH - filled))
}

pub(in crate::ui::bulk) fn render_progress(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    run: &BulkRun,
) {
    let styles = theme::of(state);
    let (per_second, units_per_second, eta) = run.rates(state.clock.uptime);
    let status = if run.cancelled {
        "cancelling: the group in flight finishes"
    } else if run.paused {
        "paused"
    } else {
        "sending"
    };
    let lines = vec![
        Line::raw(format!(
            "run {} to {}",
            run.batch.as_deref().map_or("(starting)".into(), safe),
            safe(&run.dry_run.table)
        )),
        Line::raw(""),
        Line::styled(
            format!(
                "{} {}/{}",
                bar(run.done(), run.total),
                run.done(),
                run.total
            ),
            styles.active,
        ),
        Line::raw(format!(
            "{per_second:.0} items/s · {units_per_second:.0} write units/s · ETA {}",
            eta.map_or_else(|| "?".to_owned(), |seconds| format!("{seconds:.0}s"))
        )),
        Line::raw(format!(
            "written {} · conflicted {} · failed {} · throttled and retried {}",
            run.count(Ending::Written),
            run.count(Ending::Conflicted),
            run.count(Ending::Failed),
            run.throttled_retries
        )),
        Line::raw(""),
        Line::styled(status, styles.note),
    ];
    let section = Section::Bulk;
    let hint = hints(
        styles,
        &[
            (
                key(state, section, &Action::PauseBulk),
                if run.paused { "resume" } else { "pause" },
            ),
            (key(state, section, &Action::CancelBulk), "cancel"),
        ],
    );
    scrolled_box(
        frame,
        area,
        (" Bulk run ".to_owned(), lines),
        run.scroll,
        hint,
        &scroll_keys(state),
    );
}

/// The keys that scroll the progress and the summary, for their bottom border.
pub(in crate::ui::bulk) fn scroll_keys(state: &State) -> String {
    let section = Section::Bulk;
    format!(
        "{}/{} {}/{} scroll",
        key(state, section, &Action::CursorDown),
        key(state, section, &Action::CursorUp),
        key(state, section, &Action::PageDown),
        key(state, section, &Action::PageUp)
    )
}

pub(in crate::ui::bulk) fn render_summary(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    summary: &BulkSummary,
    waiting: bool,
) {
    let styles = theme::of(state);
    let mut lines = vec![
        Line::raw(format!(
            "run {} to {} in {:.1}s (journaled as one batch)",
            safe(&summary.batch),
            safe(&summary.table),
            summary.seconds
        )),
        Line::raw(format!(
            "written {} · conflicted {} (changed since read, skipped) · failed {}{}",
            summary.count(Ending::Written),
            summary.count(Ending::Conflicted),
            summary.count(Ending::Failed),
            if summary.not_sent > 0 {
                format!(" · not sent (cancelled) {}", summary.not_sent)
            } else {
                String::new()
            }
        )),
    ];
    for warning in &summary.journal_warnings {
        lines.push(Line::styled(safe(warning).into_owned(), styles.warning));
    }
    lines.push(Line::raw(""));
    // Lines are wrapped here, as the box would, to know where the cursor's row ends: the pane
    // scrolls to keep it in sight.
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines = wrap_lines(lines, width);
    let mut cursor_end = lines.len();
    for (index, ended) in summary.ended.iter().enumerate() {
        let label = match ended.ending {
            Ending::Written => "written   ",
            Ending::Conflicted => "conflicted",
            Ending::Failed => "failed    ",
        };
        let style = match ended.ending {
            Ending::Written => styles.done,
            Ending::Conflicted => styles.warning,
            Ending::Failed => styles.error,
        };
        let marker = if index == summary.cursor {
            "▶ "
        } else {
            "  "
        };
        let reason = ended
            .reason
            .as_deref()
            .map(|reason| format!(" — {}", safe(reason)))
            .unwrap_or_default();
        let row = Line::styled(
            format!(
                "{marker}{label} {}{reason}",
                safe(&item_to_json(&ended.key).to_string())
            ),
            if index == summary.cursor {
                styles.active
            } else {
                style
            },
        );
        lines.extend(wrap_lines(vec![row], width));
        if index == summary.cursor {
            cursor_end = lines.len();
        }
    }
    // The box's body is its height less the borders and the hint line.
    let body = usize::from(area.height.saturating_sub(3)).max(1);
    let scroll = cursor_end.saturating_sub(body);
    let section = Section::Bulk;
    let mut parts = vec![(key(state, section, &Action::Confirm), "open item")];
    if matches!(summary.purpose, Purpose::Action) {
        parts.push((key(state, section, &Action::UndoBatch), "undo run"));
    }
    parts.push((key(state, section, &Action::Back), "close"));
    let hint = if waiting {
        Line::styled("reading the journal…", styles.active)
    } else {
        hints(styles, &parts)
    };
    scrolled_box(
        frame,
        area,
        (" Bulk run summary ".to_owned(), lines),
        scroll,
        hint,
        &scroll_keys(state),
    );
}
