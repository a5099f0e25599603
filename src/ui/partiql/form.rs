//! The statement screen: the statement (wrapped, so a pasted one is read whole) and its
//! parameters, then what it will do as typed — a key query, a full table scan and why, or why
//! it is not sent — and the question asked before a large table is scanned.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::partiql::write::{delete_key, inserted_item};
use crate::app::state::partiql::{Prepared, StatementField, StatementForm, prepare};
use crate::domain::figures::bytes;
use crate::domain::partiql::Access;
use crate::keymap::Section;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::overlay::{centered, scan_question};
use crate::ui::widgets::text::{fitted_title, safe};
use crate::ui::widgets::text_field;

const WIDTH: u16 = 100;

fn key(state: &State, section: Section, action: &Action) -> String {
    state
        .keymap
        .key_for(section, action)
        .unwrap_or_else(|| "(unbound)".to_owned())
}

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    form: &StatementForm,
) {
    let styles = theme::of(state);
    let field_line = |label: &'static str, which: StatementField| {
        let field = match which {
            StatementField::Statement => &form.statement,
            StatementField::Parameters => &form.parameters,
        };
        let label_style = if form.focus == which {
            styles.key
        } else {
            styles.muted
        };
        let mut spans = vec![Span::styled(label, label_style)];
        if form.recalled && which == StatementField::Statement {
            spans.push(Span::styled(
                safe(field.text()).into_owned(),
                styles.selected,
            ));
        } else if form.focus == which {
            spans.extend(text_field::spans(styles, field, None));
        } else {
            spans.push(Span::raw(safe(field.text()).into_owned()));
        }
        Line::from(spans)
    };
    let mut lines = vec![
        field_line("Statement   ", StatementField::Statement),
        field_line("Parameters  ", StatementField::Parameters),
        Line::styled(
            "            for the ?s, in DynamoDB JSON: [{\"S\": \"USER#1\"}, {\"N\": \"7\"}]",
            styles.muted,
        ),
    ];
    if form.recalled {
        lines.push(Line::styled(
            format!(
                "            the last statement: typing replaces it, {} or {} edits it",
                key(state, Section::Partiql, &Action::CursorLeft),
                key(state, Section::Partiql, &Action::LineEnd)
            ),
            styles.muted,
        ));
    }
    lines.push(Line::raw(""));
    lines.extend(verdict(styles, state, form));
    let title = [
        format!("PartiQL on {}", safe(&state.table.name)),
        format!("{} runs", key(state, Section::Partiql, &Action::Submit)),
        format!(
            "{} next field",
            key(state, Section::Partiql, &Action::NextField)
        ),
        format!("{} closes", key(state, Section::Partiql, &Action::Back)),
    ];
    let width = WIDTH.min(area.width);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        // Word wrapping breaks before the edge: a wrapped line may need one row more.
        .map(|line| line.width().div_ceil(inner).max(1) + usize::from(line.width() > inner))
        .sum();
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height);
    let popup = centered(area, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(fitted_title(&title, usize::from(popup.width)))),
        popup,
    );
}

/// What submitting would do now, or why it would not be sent.
fn verdict(styles: &Styles, state: &State, form: &StatementForm) -> Vec<Line<'static>> {
    if let Some(error) = &form.error {
        return vec![Line::styled(format!("✗ {}", safe(error)), styles.error)];
    }
    if let Some(key) = delete_key(state, form) {
        return match key {
            Ok(key) => {
                let named = key
                    .iter()
                    .map(|(name, value)| format!("{} = {}", safe(name), safe(&key_text(value))))
                    .collect::<Vec<_>>()
                    .join(", ");
                vec![Line::styled(
                    format!(
                        "✓ delete of the item {named}: read first, then shown as the editor's delete \
                         preview (conditioned on the item as read, journaled)"
                    ),
                    styles.done,
                )]
            }
            Err(reason) => vec![Line::styled(format!("· {}", safe(&reason)), styles.muted)],
        };
    }
    if let Some(item) = inserted_item(state, form) {
        return vec![match item {
            Ok(_) => Line::styled(
                "✓ a new item: shown as the editor's put preview (refused if the key exists, journaled)",
                styles.done,
            ),
            Err(reason) => Line::styled(format!("· {}", safe(&reason)), styles.muted),
        }];
    }
    match prepare(state, form) {
        Ok(prepared) => plan_lines(styles, &prepared),
        Err(reason) => vec![Line::styled(format!("· {}", safe(&reason)), styles.muted)],
    }
}

fn plan_lines(styles: &Styles, prepared: &Prepared) -> Vec<Line<'static>> {
    let summary = safe(&prepared.plan.summary()).into_owned();
    match (&prepared.plan.access, prepared.large_scan) {
        (Access::KeyQuery { .. }, _) => vec![Line::styled(format!("✓ {summary}"), styles.done)],
        (Access::FullScan { .. }, None) => {
            vec![Line::styled(format!("⚠ {summary}"), styles.warning)]
        }
        (Access::FullScan { .. }, Some(size)) => vec![
            Line::styled(format!("⚠ {summary}"), styles.warning_strong),
            Line::styled(
                format!(
                    "  the table holds {}: you will be asked before it is read",
                    bytes(size)
                ),
                styles.warning,
            ),
        ],
    }
}

/// "Scan this large table?" before a statement reads it all.
pub(in crate::ui) fn confirm_scan(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    prepared: &Prepared,
) {
    let styles = theme::of(state);
    let yes = key(state, Section::Confirm, &Action::Confirm);
    let no = key(state, Section::Confirm, &Action::Back);
    let size = prepared.large_scan.unwrap_or(0);
    let text = vec![
        Line::styled("Full table scan of a large table", styles.warning_strong),
        Line::raw(""),
        Line::raw(safe(&prepared.plan.summary()).into_owned()),
        Line::raw(format!(
            "DescribeTable reports {}; reading it all consumes read capacity for every item.",
            bytes(size)
        )),
        Line::raw(""),
        Line::raw(format!(
            "{yes}: run it anyway   {no}: back to the statement"
        )),
    ];
    scan_question(frame, centered(area, 60, 11), text);
}
