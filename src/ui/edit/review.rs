//! The write preview: what changes (attribute by attribute, old → new) and the exact request
//! that will be sent. Nothing is sent until the user confirms here.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::edit::reverted::reverted_lines;
use crate::app::state::edit::{EditFlow, EditPurpose, Review, mode_label};
use crate::domain::ddb_json;
use crate::domain::edit::ItemDiff;
use crate::domain::value::AttrValue;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key, key_label};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::boxed::scrolled_box;
use crate::ui::widgets::text::safe;

/// Values longer than this are cut in the diff (the request below shows them in full).
const VALUE_CHARS: usize = 160;

/// A value as one line of DynamoDB JSON, escaped, cut when long.
pub(in crate::ui) fn compact(value: Option<&AttrValue>) -> String {
    let Some(value) = value else {
        return "(absent)".to_owned();
    };
    let text = serde_json::to_string(&ddb_json::to_json(value)).unwrap_or_default();
    let safe = safe(&text);
    if safe.chars().count() <= VALUE_CHARS {
        return safe.into_owned();
    }
    let cut: String = safe.chars().take(VALUE_CHARS).collect();
    format!("{cut}… ({} bytes)", text.len())
}

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    flow: &EditFlow,
    review: &Review,
) {
    let styles = theme::of(state);
    let target = key_label(state, flow.original.as_ref().or(review.mine.as_ref()));
    let title = format!(
        " Preview {}: {target} — nothing is sent until you confirm ",
        flow.purpose.label()
    );
    let section = Section::Preview;
    let hint = if flow.sending().is_some() {
        Line::styled("sending…", styles.active)
    } else {
        let mut parts = vec![(key(state, section, &Action::Confirm), "send")];
        if matches!(flow.purpose, EditPurpose::Edit | EditPurpose::Delete) {
            parts.push((
                key(state, section, &Action::CycleConditionMode),
                "condition",
            ));
        }
        if !review.out_of_sync.is_empty() {
            parts.push((
                key(state, section, &Action::UpdateDerivedKeys),
                "update keys",
            ));
        }
        if flow.editor.is_some() {
            parts.push((key(state, section, &Action::KeepEditing), "edit"));
        }
        parts.push((key(state, section, &Action::Back), "back"));
        hints(styles, &parts)
    };
    let scroll_keys = format!(
        "{}/{} scroll",
        key(state, section, &Action::CursorDown),
        key(state, section, &Action::CursorUp)
    );
    let body = lines(
        styles,
        flow,
        review,
        &key(state, section, &Action::UpdateDerivedKeys),
    );
    scrolled_box(
        frame,
        area,
        (title, body),
        review.scroll,
        hint,
        &scroll_keys,
    );
}

fn heading(styles: &Styles, text: &str) -> Line<'static> {
    Line::styled(text.to_owned(), styles.warning_strong)
}

fn lines(
    styles: &Styles,
    flow: &EditFlow,
    review: &Review,
    update_keys: &str,
) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(vec![
        Span::styled("Write: ", styles.heading),
        Span::raw(safe(&review.planned.summary).into_owned()),
    ])];
    if let Some(entry) = flow.undoing.as_deref() {
        lines.extend(
            reverted_lines(entry)
                .into_iter()
                .map(|line| Line::styled(safe(&line).into_owned(), styles.key)),
        );
    }
    if matches!(flow.purpose, EditPurpose::Edit | EditPurpose::Delete) {
        lines.push(Line::raw(format!(
            "Condition mode: {}",
            mode_label(flow.mode)
        )));
    }
    lines.push(Line::raw(""));
    lines.push(heading(
        styles,
        &format!("Changes ({})", review.planned.diff.changes.len()),
    ));
    lines.extend(change_lines(styles, &review.planned.diff));
    out_of_sync_lines(styles, review, update_keys, &mut lines);
    lines.push(Line::raw(""));
    lines.push(heading(styles, "Request"));
    lines.extend(
        review
            .request_text
            .lines()
            .map(|line| Line::raw(format!("  {}", safe(line)))),
    );
    lines
}

/// Each change of `diff`, attribute by attribute, old → new: the preview's lines, also the
/// staged screen's.
pub(in crate::ui) fn change_lines(styles: &Styles, diff: &ItemDiff) -> Vec<Line<'static>> {
    diff.changes
        .iter()
        .map(|change| {
            let (marker, style) = match (&change.old, &change.new) {
                (None, Some(_)) => ("+", styles.added),
                (Some(_), None) => ("-", styles.removed),
                _ => ("~", styles.changed),
            };
            Line::from(vec![
                Span::styled(format!(" {marker} "), style),
                Span::styled(safe(&change.path).into_owned(), styles.heading),
                Span::raw(": "),
                Span::styled(compact(change.old.as_ref()), styles.error),
                Span::raw(" → "),
                Span::styled(
                    change
                        .new
                        .as_ref()
                        .map_or_else(|| "(removed)".to_owned(), |new| compact(Some(new))),
                    styles.added,
                ),
            ])
        })
        .collect()
}

/// Keys the write leaves holding the old value of a part it changed, with what their key
/// template (a library's, or one read from the data) would give; the request itself does not
/// change them until `update_keys` adds them to it.
fn out_of_sync_lines(
    styles: &Styles,
    review: &Review,
    update_keys: &str,
    lines: &mut Vec<Line<'static>>,
) {
    if review.out_of_sync.is_empty() {
        return;
    }
    lines.push(Line::raw(""));
    lines.push(heading(
        styles,
        &format!(
            "Out of sync ({}): not changed by this write",
            review.out_of_sync.len()
        ),
    ));
    for stale in &review.out_of_sync {
        lines.push(Line::from(vec![
            Span::styled(" ! ", styles.warning),
            Span::styled(safe(&stale.attribute).into_owned(), styles.heading),
            Span::raw(format!(" (from {}): ", safe(&stale.because))),
            Span::styled(safe(&stale.holds).into_owned(), styles.error),
            Span::raw(" — the key template would give "),
            Span::styled(safe(&stale.would_write).into_owned(), styles.added),
        ]));
    }
    // The fix is one key away, named with what it sets, so the index is not left stale.
    let updates = review
        .out_of_sync
        .iter()
        .map(|stale| format!("{} to {}", safe(&stale.attribute), safe(&stale.would_write)))
        .collect::<Vec<_>>()
        .join(", ");
    lines.push(Line::from(vec![
        Span::raw("   "),
        Span::styled(update_keys.to_owned(), styles.key),
        Span::raw(format!(
            ": also update {updates} in this same conditioned write"
        )),
    ]));
}
