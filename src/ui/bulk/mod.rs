//! The bulk flow drawn over the view: the form, the dry run (counts per entity and action, the
//! first requests as they will be sent, estimated write capacity, local refusals and why), the
//! table name typed on real AWS, the run's progress bar, and the summary.

mod changes;
mod reading;
mod run;

use crate::ui::widgets::boxed::{boxed, scrolled_box};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::bulk::flow::{DryRun, FormField, Purpose};
use crate::app::state::bulk::scope::ScopeChoice;
use crate::app::state::bulk::{BulkFlow, BulkForm, BulkStage};
use crate::app::state::text_field::TextField;
use crate::domain::edit::request_preview;
use crate::domain::figures::counted;
use crate::keymap::Section;
use crate::ui::edit::hints::{hints, key};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;
use crate::ui::widgets::text_field::spans;
use crate::write::run_plan::RunPlan;

/// The dry run shows this many requests exactly as they will be sent, and this many refusals.
const FIRST_REQUESTS: usize = 3;
const LISTED_REFUSALS: usize = 20;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, flow: &BulkFlow) {
    frame.render_widget(Clear, area);
    match &flow.stage {
        BulkStage::Form(form) => render_form(frame, area, state, form, flow.waiting.is_some()),
        BulkStage::Reading(form, progress) => {
            reading::render(frame, area, state, form, progress);
        }
        BulkStage::DryRun(dry_run) => {
            render_dry_run(frame, area, state, dry_run, flow.waiting.is_some())
        }
        BulkStage::TypeTableName(typed, dry_run) => {
            render_dry_run(frame, area, state, dry_run, false);
            render_type_table(frame, area, state, typed, &dry_run.table);
        }
        BulkStage::Running(bulk_run) => run::render_progress(frame, area, state, bulk_run),
        BulkStage::Summary(summary) => {
            run::render_summary(frame, area, state, summary, flow.waiting.is_some())
        }
    }
}

fn render_form(frame: &mut Frame<'_>, area: Rect, state: &State, form: &BulkForm, waiting: bool) {
    let styles = theme::of(state);
    let marked = state.bulk.selection.len();
    let mut lines = vec![
        Line::raw(format!(
            "On {}. Nothing is sent before a dry run and your confirmation.",
            safe(&form.chosen().label(marked))
        )),
        Line::raw(""),
    ];
    for (index, field) in form.fields().iter().enumerate() {
        let focused = index == form.focus.min(form.fields().len() - 1);
        let label = Span::styled(
            format!("{:>8}: ", field_label(*field)),
            if focused { styles.key } else { styles.muted },
        );
        let mut line = vec![label];
        match field {
            FormField::Kind => line.push(choice(styles, form.kind.label(), focused)),
            FormField::Format => line.push(choice(styles, form.format.label(), focused)),
            FormField::File => line.extend(text(styles, &form.file, focused)),
            FormField::Path => line.extend(text(styles, &form.path, focused)),
            FormField::Value => line.extend(text(styles, &form.value, focused)),
            FormField::Target => line.extend(text(styles, &form.target, focused)),
            FormField::Scope => {
                line.push(choice(styles, &safe(&form.chosen().label(marked)), focused))
            }
        }
        lines.push(Line::from(line));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(field_help(form.focused()), styles.muted));
    if let Some(error) = &form.error {
        lines.push(Line::styled(safe(error).into_owned(), styles.error));
    }
    let section = Section::BulkForm;
    let hint = if waiting {
        Line::styled("working…", styles.active)
    } else {
        hints(
            styles,
            &[
                (
                    key(state, section, &Action::Submit),
                    if form.kind == crate::app::state::bulk::BulkKind::Export {
                        "export"
                    } else {
                        "dry run"
                    },
                ),
                (key(state, section, &Action::NextField), "next field"),
                (key(state, section, &Action::CursorRight), "choose"),
                (key(state, section, &Action::Back), "close"),
            ],
        )
    };
    boxed(
        frame,
        area,
        match form.chosen() {
            ScopeChoice::Marked => " Bulk action on the marked items ",
            ScopeChoice::Read { .. } => " Bulk action on a scope ",
        }
        .to_owned(),
        lines,
        0,
        hint,
    );
}

fn field_label(field: FormField) -> &'static str {
    match field {
        FormField::Kind => "action",
        FormField::Format => "format",
        FormField::File => "file",
        FormField::Path => "path",
        FormField::Value => "value",
        FormField::Target => "to table",
        FormField::Scope => "on",
    }
}

fn field_help(field: FormField) -> &'static str {
    match field {
        FormField::Kind | FormField::Format => "Left/Right or Space choose",
        FormField::Scope => {
            "Left/Right choose; a scope is read whole (every page) before its dry run"
        }
        FormField::File => "a new file (never overwritten), created private to you",
        FormField::Path => "an attribute path: status, address.city, lines[0].qty, `odd.name`",
        FormField::Value => {
            "typed JSON as in the editor: 12, \"12\", true, {\"$ss\": [\"a\"]}; other text is a string"
        }
        FormField::Target => {
            "a table on this connection with the same key attributes (creates only)"
        }
    }
}

fn choice(styles: &Styles, label: &str, focused: bool) -> Span<'static> {
    Span::styled(
        format!("‹ {label} ›"),
        if focused { styles.active } else { styles.value },
    )
}

fn text(styles: &Styles, field: &TextField, focused: bool) -> Vec<Span<'static>> {
    if focused {
        spans(styles, field, Some(60))
    } else {
        vec![Span::raw(safe(field.text()).into_owned())]
    }
}

fn render_dry_run(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    dry_run: &DryRun,
    waiting: bool,
) {
    let styles = theme::of(state);
    let plan = &dry_run.plan;
    let mut lines = vec![
        Line::raw(format!(
            "{} on {}",
            safe(&dry_run.plan_text),
            safe(&dry_run.table)
        )),
        Line::raw(format!(
            "{} read · {} · {} unchanged · {} refused · ~{} write capacity units",
            dry_run.read,
            counted(plan.writes.len() as u64, "write", "writes"),
            plan.unchanged,
            plan.refused.len(),
            dry_run.write_units()
        )),
        Line::raw(""),
        Line::styled("per entity and action:", styles.key),
    ];
    for (entity, operations) in plan.by_entity() {
        let counts: Vec<String> = operations
            .iter()
            .map(|(operation, count)| format!("{count} {operation}"))
            .collect();
        lines.push(Line::raw(format!(
            "  {}: {}",
            safe(entity),
            counts.join(", ")
        )));
    }
    if plan.writes.is_empty() {
        lines.push(Line::styled("  nothing to send", styles.muted));
    }
    derived_lines(styles, plan, &mut lines);
    refusal_lines(styles, plan, &mut lines);
    changes::item_change_lines(styles, plan, &mut lines);
    request_lines(styles, plan, &mut lines);
    let title = match &dry_run.purpose {
        Purpose::Action => " Dry run — nothing is sent until you confirm ".to_owned(),
        Purpose::Undo { batch } => format!(
            " Dry run of the undo of {} — nothing sent yet ",
            safe(batch)
        ),
    };
    let hint = if waiting {
        Line::styled("working…", styles.active)
    } else {
        dry_run_hints(styles, state, dry_run)
    };
    scrolled_box(
        frame,
        area,
        (title, lines),
        dry_run.scroll,
        hint,
        &run::scroll_keys(state),
    );
}

/// The writes refused before sending, the first few with why.
fn refusal_lines(styles: &Styles, plan: &RunPlan, lines: &mut Vec<Line<'static>>) {
    if plan.refused.is_empty() {
        return;
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("refused locally (never sent): {}", plan.refused.len()),
        styles.error,
    ));
    for refusal in plan.refused.iter().take(LISTED_REFUSALS) {
        lines.push(Line::raw(format!(
            "  {} — {}",
            safe(&refusal.at.to_string()),
            safe(&refusal.reason)
        )));
    }
}

/// The first requests, exactly as they will be sent.
fn request_lines(styles: &Styles, plan: &RunPlan, lines: &mut Vec<Line<'static>>) {
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "first requests, as they will be sent:",
        styles.key,
    ));
    for write in plan.writes.iter().take(FIRST_REQUESTS) {
        lines.push(Line::styled(
            format!("  {}", safe(&write.write.planned.summary)),
            styles.note,
        ));
        for line in request_preview(&write.write.planned.plan).lines() {
            lines.push(Line::raw(format!("    {}", safe(line))));
        }
    }
}

/// The dry run's keys: send, resume a cut-off run, update derived keys, scroll, close.
fn dry_run_hints(styles: &Styles, state: &State, dry_run: &DryRun) -> Line<'static> {
    let section = Section::Bulk;
    let mut parts = vec![(key(state, section, &Action::Confirm), "send")];
    if dry_run.purpose == Purpose::Action {
        parts.push((
            key(state, section, &Action::ResumeBatch),
            "resume cut-off run",
        ));
    }
    if dry_run
        .plan
        .derived
        .keys
        .iter()
        .any(|derived| !derived.updated)
    {
        parts.push((
            key(state, section, &Action::UpdateDerivedKeys),
            "update derived keys",
        ));
    }
    parts.push((key(state, section, &Action::CursorDown), "scroll"));
    parts.push((key(state, section, &Action::Back), "close (nothing sent)"));
    hints(styles, &parts)
}

/// The keys the writes leave out of sync (or update): the warning the headless plan gives.
fn derived_lines(styles: &Styles, plan: &RunPlan, lines: &mut Vec<Line<'static>>) {
    if plan.derived.is_empty() {
        return;
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("derived keys:", styles.key));
    for sentence in plan.derived.sentences(Some(plan.writes.len()), "") {
        let style = if sentence.starts_with("warning") {
            styles.warning
        } else {
            styles.note
        };
        lines.push(Line::styled(format!("  {}", safe(&sentence)), style));
    }
}

fn render_type_table(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    typed: &TextField,
    table: &str,
) {
    let styles = theme::of(state);
    let area = crate::ui::widgets::overlay::centered(area, 64, 6);
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(" Real AWS: type the table name to send ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut field = vec![Span::raw("> ")];
    field.extend(spans(styles, typed, Some(56)));
    frame.render_widget(
        Paragraph::new(vec![
            Line::raw(format!("The run writes to {} on AWS.", safe(table))),
            Line::from(field),
            Line::styled("Enter sends · Esc back (nothing sent)", styles.muted),
        ]),
        inner,
    );
}
