//! The palette overlay: a filter line, then access patterns and past queries (best match
//! first); for a chosen pattern, one line per parameter with the one being typed marked.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::app::state::State;
use crate::app::state::palette::{Choice, ChoiceTarget, Palette, PaletteStage, choices};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;
use crate::ui::widgets::text_field;
use crate::ui::widgets::wrap::{cut_line, wrap_lines};

fn popup_width(area: Rect) -> u16 {
    area.width.saturating_sub(4).min(100)
}

/// The columns inside the popup's border.
fn inner_width(area: Rect) -> usize {
    usize::from(popup_width(area).saturating_sub(2))
}

fn popup_area(area: Rect, height: u16) -> Rect {
    let width = popup_width(area);
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// One palette entry: its label, then its detail dimmed; reversed when selected.
fn choice_line(styles: &Styles, choice: &Choice, selected: bool) -> Line<'static> {
    let label_style = match choice.target {
        ChoiceTarget::Pattern(_) => styles.key,
        ChoiceTarget::History(_) => Style::new(),
    };
    let mut spans = vec![
        Span::raw(if selected { "▶ " } else { "  " }),
        Span::styled(safe(&choice.label).into_owned(), label_style),
        Span::styled(format!("  {}", safe(&choice.detail)), styles.muted),
    ];
    if selected {
        for span in &mut spans {
            span.style = span.style.add_modifier(Modifier::REVERSED);
        }
    }
    Line::from(spans)
}

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, palette: &Palette) {
    let styles = theme::of(state);
    let patterns = state
        .entities
        .model()
        .map_or(&[][..], |model| model.access_patterns.as_slice());
    let mut lines: Vec<Line<'_>> = Vec::new();
    let title = match &palette.stage {
        PaletteStage::Choose => {
            let room = inner_width(area).saturating_sub(2);
            let mut filter = vec![Span::styled("> ", styles.key)];
            filter.extend(text_field::spans(styles, &palette.filter, Some(room)));
            lines.push(Line::from(filter));
            let rows = choices(patterns, &state.queries.history, palette.filter.text());
            let width = inner_width(area);
            // The selected entry is shown whole, on as many rows as it needs; the others are
            // cut with `…` to one row each.
            let selected_rows = rows.get(palette.cursor).map_or(Vec::new(), |choice| {
                wrap_lines(vec![choice_line(styles, choice, true)], width)
            });
            let room = usize::from(area.height.saturating_sub(5))
                .saturating_sub(selected_rows.len().saturating_sub(1))
                .max(1);
            // Keep the cursor row visible on a short screen.
            let first = palette.cursor.saturating_sub(room.saturating_sub(1));
            let mut selected_rows = Some(selected_rows);
            for (position, choice) in rows.iter().enumerate().skip(first).take(room) {
                if position == palette.cursor {
                    lines.extend(selected_rows.take().unwrap_or_default());
                } else {
                    lines.push(cut_line(choice_line(styles, choice, false), width));
                }
            }
            if rows.is_empty() {
                let hint = if patterns.is_empty() && state.queries.history.entries.is_empty() {
                    "no access patterns (add [[access_pattern]] to a --model file) and no queries run yet"
                } else {
                    "nothing matches"
                };
                lines.push(Line::styled(hint, styles.muted));
            }
            " Palette: access patterns and history (type to filter, Enter runs) ".to_owned()
        }
        PaletteStage::Parameters {
            pattern,
            names,
            values,
            current,
        } => {
            let name = patterns
                .get(*pattern)
                .map_or("access pattern", |pattern| pattern.name.as_str());
            for (position, (parameter, value)) in names.iter().zip(values).enumerate() {
                let label = format!("{}: ", safe(parameter));
                let room = inner_width(area).saturating_sub(label.chars().count());
                let mut spans = vec![Span::styled(label, styles.key)];
                if position == *current {
                    spans.extend(text_field::spans(styles, value, Some(room)));
                } else {
                    spans.push(Span::raw(safe(value.text()).into_owned()));
                }
                lines.push(Line::from(spans));
            }
            format!(
                " {}: Enter for the next parameter, runs after the last ",
                safe(name)
            )
        }
    };
    if let Some(error) = &palette.error {
        lines.push(Line::styled(safe(error).into_owned(), styles.error));
    }
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let popup = popup_area(area, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        popup,
    );
}
