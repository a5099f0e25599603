//! The results of a builder query: progress in the title (pages, Count, ScannedCount, consumed
//! capacity), a warning when the index lacks attributes the query names, then one row per item
//! with PK, SK, entity and the attributes most common among the loaded items.

use std::collections::HashMap;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::list::window;
use super::text::{count, safe};
use crate::app::action::Action;
use crate::app::state::State;
use crate::app::state::inspector::key_text;
use crate::app::state::query_results::{QueryPaging, QueryRun};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};
use crate::keymap::Section;

/// Attribute columns after PK, SK and entity.
const EXTRA_COLUMNS: usize = 3;
/// Items looked at to choose the extra columns (keeps a frame cheap on huge results).
const COLUMN_SAMPLE: usize = 1000;
const KEY_WIDTH: usize = 26;
const ENTITY_WIDTH: usize = 14;
const VALUE_WIDTH: usize = 16;

pub(super) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, run: usize, cursor: usize) {
    let Some(run) = state.query_runs.get(run) else {
        frame.render_widget(
            Paragraph::new("No such query.").block(Block::bordered()),
            area,
        );
        return;
    };
    let block = Block::bordered().title(title(run));
    let Some(description) = state.described() else {
        frame.render_widget(
            Paragraph::new("Waiting for the table description…").block(block),
            area,
        );
        return;
    };
    let key = &description.key;
    let mut lines: Vec<Line<'_>> = Vec::new();
    let hint = |action: &Action| {
        state
            .keymap
            .key_for(Section::QueryResults, action)
            .unwrap_or_default()
    };
    lines.push(Line::styled(
        status_text(run, &hint(&Action::CancelQuery)),
        Style::new().fg(Color::DarkGray),
    ));
    if !run.missing_from_index.is_empty() {
        lines.push(Line::styled(
            format!(
                "⚠ index {} does not project {}: those values are missing here · {} fetches the base items (GetItem)",
                safe(run.request.index.as_deref().unwrap_or_default()),
                safe(&run.missing_from_index.join(", ")),
                hint(&Action::FetchBaseItems),
            ),
            Style::new().fg(Color::Yellow),
        ));
    }
    let extra = common_attributes(&run.items, key);
    let mut header = vec![
        cell(&key.partition.name, KEY_WIDTH),
        cell(
            key.sort.as_ref().map_or("", |sort| sort.name.as_str()),
            KEY_WIDTH,
        ),
        cell("entity", ENTITY_WIDTH),
    ];
    header.extend(extra.iter().map(|name| cell(name, VALUE_WIDTH)));
    lines.push(Line::styled(
        header.join(" "),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    if run.items.is_empty() {
        lines.push(Line::raw(match &run.paging {
            QueryPaging::Fetching(_) => "Querying…",
            QueryPaging::Failed(_) => "",
            _ => "No items matched.",
        }));
    }
    let height = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len());
    let visible = window(run.items.len(), cursor, height);
    for (index, item) in run
        .items
        .iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
    {
        let entity = state
            .entities
            .decode(item, key)
            .map(|entity| entity.name)
            .unwrap_or_default();
        let mut cells = vec![
            value_cell(item.get(&key.partition.name), KEY_WIDTH),
            value_cell(
                key.sort.as_ref().and_then(|sort| item.get(&sort.name)),
                KEY_WIDTH,
            ),
            cell(&entity, ENTITY_WIDTH),
        ];
        cells.extend(
            extra
                .iter()
                .map(|name| value_cell(item.get(name), VALUE_WIDTH)),
        );
        let style = if index == cursor {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        lines.push(Line::from(Span::styled(cells.join(" "), style)));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn title(run: &QueryRun) -> String {
    let target = run.request.index.as_deref().map_or_else(
        || format!("table {}", run.request.table),
        |index| format!("{} · {index}", run.request.table),
    );
    format!(
        " Query · {} · {} items ",
        safe(&target),
        count(run.items.len() as u64)
    )
}

/// Progress: pages, Count, ScannedCount, capacity, and where reading stands.
fn status_text(run: &QueryRun, cancel_key: &str) -> String {
    let progress = &run.progress;
    let state = match &run.paging {
        QueryPaging::Fetching(_) => match run.stop_after {
            Some(stop) => format!("reading until {stop} matches… ({cancel_key} cancels)"),
            None => format!("reading… ({cancel_key} cancels)"),
        },
        QueryPaging::More(_) if run.reached_stop() => {
            format!(
                "stopped after {} matches; more pages exist",
                count(run.items.len() as u64)
            )
        }
        QueryPaging::More(_) => "more pages below (read as you scroll)".to_owned(),
        QueryPaging::Complete => "complete".to_owned(),
        QueryPaging::Cancelled { .. } => format!("cancelled ({cancel_key} resumes)"),
        QueryPaging::Failed(message) => format!("failed: {}", safe(message)),
    };
    format!(
        "{} pages · Count {} · ScannedCount {} · {:.1} RCU · {state}",
        count(progress.pages),
        count(progress.count),
        count(progress.scanned_count),
        progress.consumed_capacity
    )
}

/// The attributes most common among the first loaded items, key attributes excluded; ties in
/// name order so the columns never flicker.
fn common_attributes(items: &[Item], key: &KeySchema) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for item in items.iter().take(COLUMN_SAMPLE) {
        for name in item.keys() {
            if !key.contains(name) {
                *counts.entry(name.as_str()).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<(&str, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    ranked
        .into_iter()
        .take(EXTRA_COLUMNS)
        .map(|(name, _)| name.to_owned())
        .collect()
}

fn value_cell(value: Option<&AttrValue>, width: usize) -> String {
    let text = match value {
        None => String::new(),
        Some(value @ (AttrValue::S(_) | AttrValue::N(_) | AttrValue::B(_))) => key_text(value),
        Some(AttrValue::Bool(flag)) => flag.to_string(),
        Some(AttrValue::Null) => "null".to_owned(),
        Some(other) => crate::domain::ddb_json::to_json(other).to_string(),
    };
    cell(&text, width)
}

/// `text` made safe, cut or padded to `width` characters.
fn cell(text: &str, width: usize) -> String {
    let safe = safe(text);
    let length = safe.chars().count();
    if length > width {
        let mut cut: String = safe.chars().take(width.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        format!("{safe:<width$}")
    }
}
