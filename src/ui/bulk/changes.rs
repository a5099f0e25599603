//! Each item of a bulk dry run with what its write changes, old → new, as the single-item
//! preview shows them: the requests say how, these lines say what becomes of each item.

use ratatui::text::{Line, Span};

use crate::app::state::inspect::inspector::key_text;
use crate::ui::edit::review::change_lines;
use crate::ui::theme::Styles;
use crate::ui::widgets::text::safe;
use crate::write::run_plan::RunPlan;

/// Items listed with their changes; the rest are counted.
const ITEMS_LISTED: usize = 50;

/// `each item, old → new:` then, per write, its key and its changes.
pub(super) fn item_change_lines(styles: &Styles, plan: &RunPlan, lines: &mut Vec<Line<'static>>) {
    if plan.writes.is_empty() {
        return;
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("each item, old → new:", styles.key));
    for write in plan.writes.iter().take(ITEMS_LISTED) {
        let key = write
            .write
            .key
            .values()
            .map(key_text)
            .collect::<Vec<_>>()
            .join(" / ");
        let planned = &write.write.planned;
        let what = if planned.diff.changes.is_empty() {
            format!(" ({})", write.operation())
        } else {
            String::new()
        };
        lines.push(Line::from(vec![
            Span::raw("  "),
            Span::styled(safe(&key).into_owned(), styles.heading),
            Span::raw(what),
        ]));
        lines.extend(
            change_lines(styles, &planned.diff)
                .into_iter()
                .map(|mut line| {
                    line.spans.insert(0, Span::raw("  "));
                    line
                }),
        );
    }
    let more = plan.writes.len().saturating_sub(ITEMS_LISTED);
    if more > 0 {
        lines.push(Line::styled(format!("  … and {more} more"), styles.muted));
    }
}
