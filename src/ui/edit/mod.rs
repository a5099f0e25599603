//! The edit screens drawn over the current view: the editor, the write preview and the 3-way
//! conflict view, plus the two questions (discard changes? type the table name). Values from
//! the table go through [`safe`] (the editor's text is made safe when it is loaded).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::edit::{EditFlow, EditStage, Editor, format_label};
use crate::app::state::text_field::TextField;
use crate::keymap::Section;
use crate::ui::theme;
use crate::ui::widgets::text::safe;
use crate::ui::widgets::text_field;

pub(in crate::ui) mod conflict;
pub(in crate::ui) mod hints;
pub(in crate::ui) mod review;

use conflict::render as render_conflict;
use hints::{hints, key, key_label};
use review::render as render_review;

/// Draws the edit flow's current stage.
pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, flow: &EditFlow) {
    frame.render_widget(Clear, area);
    match &flow.stage {
        EditStage::Editing => {
            if let Some(editor) = &flow.editor {
                render_editor(frame, area, state, flow, editor);
            }
        }
        EditStage::Review(review) | EditStage::Sending { review, .. } => {
            render_review(frame, area, state, flow, review);
        }
        EditStage::Conflict(conflict) => render_conflict(frame, area, state, flow, conflict),
    }
}

fn render_editor(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    flow: &EditFlow,
    editor: &Editor,
) {
    let styles = theme::of(state);
    let target = key_label(state, flow.original.as_ref().or(Some(&editor.baseline)));
    let dirty = if editor.is_dirty() {
        " · modified"
    } else {
        ""
    };
    let block = Block::bordered().title(format!(
        " {} {target} · {}{dirty} ",
        title_case(flow.purpose.label()),
        format_label(editor.format)
    ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    // An error gets two lines so its explanation is not cut short.
    let status_height = if editor.parsed.is_err() { 2 } else { 1 };
    let [text_area, status_area, hint_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(status_height),
        Constraint::Length(1),
    ])
    .areas(inner);
    frame.render_widget(&editor.textarea, text_area);
    let numbers = editor.textarea.line_number_width().min(text_area.width);
    let gutter = Rect::new(text_area.x, text_area.y, numbers, text_area.height);
    frame.buffer_mut().set_style(gutter, styles.muted);
    let status = match &editor.parsed {
        Ok(item) => Line::styled(
            format!(
                "✓ valid · {} · {}",
                crate::domain::figures::counted(item.len() as u64, "attribute", "attributes"),
                crate::domain::figures::counted(
                    crate::domain::value::item_size(item) as u64,
                    "byte",
                    "bytes"
                )
            ),
            styles.added,
        ),
        Err(error) => Line::styled(
            format!(
                "✗ line {}, column {}: {}",
                error.line,
                error.column,
                safe(&error.message)
            ),
            styles.error_strong,
        ),
    };
    frame.render_widget(
        Paragraph::new(status).wrap(ratatui::widgets::Wrap { trim: false }),
        status_area,
    );
    let other = match editor.format {
        crate::domain::edit::EditFormat::DdbJson => "typed JSON",
        crate::domain::edit::EditFormat::TypedJson => "DynamoDB JSON",
    };
    let section = Section::Editor;
    frame.render_widget(
        Paragraph::new(hints(
            styles,
            &[
                (key(state, section, &Action::SaveEdit), "preview"),
                (key(state, section, &Action::SwitchEditFormat), other),
                (key(state, section, &Action::ExternalEditor), "$EDITOR"),
                (key(state, section, &Action::Back), "leave"),
            ],
        )),
        hint_area,
    );
}

fn title_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "Discard unsaved changes?"
pub(in crate::ui) fn confirm_discard(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let yes = key(state, Section::Confirm, &Action::Confirm);
    let no = key(state, Section::Confirm, &Action::Back);
    let popup = crate::ui::widgets::overlay::centered(area, 48, 5);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(vec![
            Line::raw("The text has unsaved changes."),
            Line::raw(""),
            Line::raw(format!("{yes}: discard them   {no}: keep editing")),
        ])
        .block(Block::bordered().title(" Leave the editor? ")),
        popup,
    );
}

/// Typing the table name before the first write of the session to real AWS.
pub(in crate::ui) fn type_table_name(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    typed: &TextField,
) {
    let styles = theme::of(state);
    let lines = vec![
        Line::raw(format!(
            "This writes to real AWS ({}). Type the table name to confirm:",
            safe(
                state
                    .session
                    .connection
                    .region
                    .as_deref()
                    .unwrap_or("default region")
            )
        )),
        Line::from(text_field::spans(
            styles,
            typed,
            Some(usize::from(area.width.saturating_sub(2))),
        )),
    ];
    let [_, bottom] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(4.min(area.height))]).areas(area);
    frame.render_widget(Clear, bottom);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(" First write of this session to AWS ")
                .border_style(styles.warning),
        ),
        bottom,
    );
}
