//! Overlays drawn over the current view: help (generated from the keymap of the screen below),
//! the prompt, and the large-table question.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::app::action::Action;
use crate::app::state::{Prompt, PromptKind, State, View};
use crate::domain::figures::bytes;
use crate::keymap::Section;
use crate::ui::theme;
use crate::ui::widgets::overflow::window;
use crate::ui::widgets::text::safe;
use crate::ui::widgets::text_field;

/// The narrowest a help column gets (keys and a description): below it, the help scrolls
/// instead of cutting descriptions to a few letters.
const HELP_COLUMN: usize = 38;

pub(in crate::ui) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// The help's title: the screen it is about, and the keymap section its keys come from when
/// that section is named otherwise (a partition's keys are the collections').
fn help_title(state: &State, section: Section) -> String {
    let screen = match (&state.overlay, state.views.current()) {
        (None, View::Partition { .. }) => Some("partition"),
        (None, View::Partitions { .. }) => Some("partitions"),
        _ => None,
    };
    match screen {
        Some(screen) => format!(" Help: {screen} (keys of [{section}]; ? or F1 closes) "),
        None => format!(" Help: {section} (? or F1 closes) "),
    }
}

/// The keys of the screen under the help, from the keymap section that screen uses.
pub(in crate::ui) fn help(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let section = state.screen_mode().section();
    // One line per action: all keys bound to it, then its description.
    let mut rows: Vec<(String, String)> = Vec::new();
    for binding in state.keymap.effective(section) {
        let keys = binding.keys_text();
        match rows.iter_mut().find(|(_, desc)| *desc == binding.desc) {
            Some((existing, _)) => {
                existing.push_str(", ");
                existing.push_str(&keys);
            }
            None => rows.push((keys, binding.desc.clone())),
        }
    }
    // Entries flow into as many columns as the height needs, as long as a column keeps room
    // for its descriptions; what is left over scrolls, and the border says how much.
    let inner_height = usize::from(area.height.saturating_sub(2)).max(1);
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let columns = rows
        .len()
        .div_ceil(inner_height)
        .clamp(1, (width / HELP_COLUMN).max(1));
    let column_width = (width / columns).max(1);
    let height = rows.len().div_ceil(columns);
    let lines = help_lines(styles, &rows, columns, column_width);
    let shown = window(lines, state.help_scroll, inner_height);
    let mut block = Block::bordered().title(help_title(state, section));
    if let Some(note) = shown.note(&help_scroll_keys(state)) {
        block = block.title_bottom(note);
    }
    let popup_width = if columns == 1 { 64 } else { area.width };
    let popup = centered(
        area,
        popup_width,
        u16::try_from(height.min(inner_height) + 2).unwrap_or(u16::MAX),
    );
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(shown.shown).block(block), popup);
}

/// The keys that scroll the help, for its border.
fn help_scroll_keys(state: &State) -> String {
    let keys = [Action::CursorDown, Action::CursorUp].map(|action| {
        state
            .keymap
            .key_for(Section::Help, &action)
            .unwrap_or_else(|| "(unbound)".to_owned())
    });
    format!("{}/{} scroll", keys[0], keys[1])
}

/// The help's rows flowed down `columns` columns of `column_width`, each entry cut to its
/// column.
fn help_lines(
    styles: &theme::Styles,
    rows: &[(String, String)],
    columns: usize,
    column_width: usize,
) -> Vec<Line<'static>> {
    let height = rows.len().div_ceil(columns);
    // Each column is as wide in keys as its own longest: a column of one-letter keys leaves
    // its descriptions the room a neighbour's `<Enter>, l, <Right>` would take.
    let key_widths: Vec<usize> = rows
        .chunks(height.max(1))
        .map(|column| {
            column
                .iter()
                .map(|(keys, _)| keys.chars().count())
                .max()
                .unwrap_or(0)
                .min(column_width / 2)
        })
        .collect();
    (0..height)
        .map(|line| {
            let mut spans = Vec::new();
            for (column, key_width) in key_widths.iter().copied().enumerate() {
                let Some((keys, desc)) = rows.get(column * height + line) else {
                    continue;
                };
                let keys: String = format!("{keys:<key_width$} ")
                    .chars()
                    .take(column_width)
                    .collect();
                let rest = column_width.saturating_sub(keys.chars().count());
                // The last cell of a column is a space, so columns never run together.
                let mut desc: String = desc.chars().take(rest.saturating_sub(1)).collect();
                let pad = rest.saturating_sub(desc.chars().count());
                desc.push_str(&" ".repeat(pad));
                spans.push(Span::styled(keys, styles.key));
                spans.push(Span::raw(desc));
            }
            Line::from(spans)
        })
        .collect()
}

pub(in crate::ui) fn prompt(frame: &mut Frame<'_>, area: Rect, state: &State, prompt: &Prompt) {
    let styles = theme::of(state);
    let title = match prompt.kind {
        PromptKind::JumpToPartition => " Jump to partition (Tab completes) ",
        PromptKind::Search => " Search ",
        PromptKind::StreamFilter => " Filter: pk= prefix= entity= event=INSERT,MODIFY,REMOVE ",
        PromptKind::StreamStart => {
            " Start from: latest | oldest | time (15m, 2h, 2026-12-04T10:00:00Z) "
        }
        PromptKind::Why => " Why is this item (not) in the results? Its key: PK, a space, SK ",
        PromptKind::Screen(name) => {
            crate::app::state::screens::unit(name).map_or(" ", |unit| unit.prompt_title)
        }
        PromptKind::Adjust => " Adjust where it stands: PATH +N or -N [>= MIN] [<= MAX] ",
    };
    let room = usize::from(area.width.saturating_sub(2));
    let mut lines = vec![Line::from(text_field::spans(
        styles,
        &prompt.text,
        Some(room),
    ))];
    let typed = prompt.text.text();
    if prompt.kind == PromptKind::JumpToPartition
        && !typed.is_empty()
        && let Some(found) = &state.explore.discovery.found
    {
        for (candidate, items) in found.complete_partition(typed).take(5) {
            lines.push(Line::styled(
                format!(
                    "{}  ({})",
                    safe(candidate),
                    crate::domain::figures::counted(items, "item", "items")
                ),
                styles.muted,
            ));
        }
    }
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let [_, bottom] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(height.min(area.height)),
    ])
    .areas(area);
    frame.render_widget(Clear, bottom);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        bottom,
    );
}

pub(in crate::ui) fn confirm_scan(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    size_bytes: u64,
    item_count: Option<u64>,
) {
    let styles = theme::of(state);
    let key = |section, action: &Action| {
        state
            .keymap
            .key_for(section, action)
            .unwrap_or_else(|| "(unbound)".to_owned())
    };
    let yes = key(Section::Confirm, &Action::Confirm);
    let no = key(Section::Confirm, &Action::Back);
    let jump = key(Section::Collections, &Action::JumpToPartition);
    let sample = key(Section::Confirm, &Action::SampleScan);
    let plan = crate::domain::sample::plan::SamplePlan::new(
        crate::app::state::explore::sample::SAMPLE_SEGMENTS,
        crate::app::state::explore::sample::SAMPLE_BUDGET,
    );
    let items = item_count.map_or_else(String::new, |n| {
        format!(
            ", about {}",
            crate::domain::figures::counted(n, "item", "items")
        )
    });
    let text = vec![
        Line::styled("Large table", styles.warning_strong),
        Line::raw(""),
        Line::raw(format!(
            "DescribeTable reports {}{items}. Discovering collections scans the whole table and consumes read capacity.",
            bytes(size_bytes)
        )),
        Line::raw(""),
        Line::raw(format!(
            "{yes}: scan anyway   {no}: skip (jump to a partition with {jump})"
        )),
        Line::raw(format!(
            "{sample}: sample instead: {}; counts become estimates",
            plan.budget_text()
        )),
    ];
    scan_question(frame, centered(area, 56, 12), text);
}

/// The question asked before a scan reads a whole large table, wrapped in its popup.
pub fn scan_question(frame: &mut Frame, popup: Rect, text: Vec<Line<'_>>) {
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" Scan? ")),
        popup,
    );
}
