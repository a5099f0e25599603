//! The results of a builder query: progress (pages, Count, ScannedCount, consumed capacity), a
//! warning when the index does not hold whole items, then the results grid (PK, SK,
//! entity and the attributes most common per entity type; sortable, hideable, resizable).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::action::Action;
use crate::app::state::Paging;
use crate::app::state::State;
use crate::app::state::bulk::is_marked;
use crate::app::state::query::run::QueryRun;
use crate::domain::figures::count;
use crate::domain::query_spec::partial_items;
use crate::domain::value::Item;
use crate::keymap::Section;
use crate::ui::theme;
use crate::ui::widgets::results_screen;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    run: usize,
    cursor: usize,
) {
    let styles = theme::of(state);
    let Some(run) = state.queries.runs.get(run) else {
        frame.render_widget(
            Paragraph::new("No such query.").block(Block::bordered()),
            area,
        );
        return;
    };
    let hint = |action: &Action| {
        state
            .keymap
            .key_for(Section::QueryResults, action)
            .unwrap_or_default()
    };
    let mut lines: Vec<Line<'_>> = vec![Line::styled(
        status_text(run, &hint(&Action::CancelQuery)),
        styles.muted,
    )];
    if let Some(stale) = &run.stale {
        lines.push(Line::styled(
            safe(&stale.text()).into_owned(),
            styles.warning,
        ));
    }
    let index = safe(run.request.index.as_deref().unwrap_or_default()).into_owned();
    if !run.read_from_table.is_empty() {
        lines.push(Line::styled(
            format!(
                "· index {index} does not project {}: DynamoDB reads them from the table for each result, a read of the whole item each",
                safe(&run.read_from_table.join(", ")),
            ),
            styles.muted,
        ));
    }
    let partial = run.request.projection.is_none() && run.base_fetch.fetched == 0;
    if let Some(holds) = partial
        .then(|| state.described())
        .flatten()
        .and_then(|description| partial_items(description, run.request.index.as_deref()))
    {
        lines.push(Line::styled(
            format!(
                "⚠ index {index} projects {}: other attributes are not in these results · {} fetches the base items (GetItem)",
                safe(&holds),
                hint(&Action::FetchBaseItems),
            ),
            styles.warning,
        ));
    }
    let empty = results_screen::placeholder(&run.paging, "Querying…", "No items matched.");
    let marked = |item: &Item| is_marked(state, item);
    let rows = results_screen::Rows::of(
        &run.items,
        &run.order,
        run.columns.as_ref(),
        cursor,
        run.column,
    )
    .marked(!state.bulk.selection.is_empty(), &marked);
    results_screen::render(frame, area, styles, title(run), lines, rows, empty);
}

fn title(run: &QueryRun) -> String {
    let target = run.request.index.as_deref().map_or_else(
        || format!("table {}", run.request.table),
        |index| format!("{} · {index}", run.request.table),
    );
    format!(
        " Query · {} · {} ",
        safe(&target),
        crate::domain::figures::counted(run.items.len() as u64, "item", "items")
    )
}

/// Progress: pages, Count, ScannedCount, capacity, and where reading stands.
fn status_text(run: &QueryRun, cancel_key: &str) -> String {
    let progress = &run.progress;
    let state = match &run.paging {
        Paging::Fetching { .. } => match run.stop_after {
            Some(stop) => format!(
                "reading until {}… ({cancel_key} cancels)",
                crate::domain::figures::counted(stop, "match", "matches")
            ),
            None => format!("reading… ({cancel_key} cancels)"),
        },
        Paging::Ready(_) if run.reached_stop() => {
            format!(
                "stopped after {}; more pages exist",
                crate::domain::figures::counted(run.items.len() as u64, "match", "matches")
            )
        }
        Paging::Ready(_) => "more pages below (read as you scroll)".to_owned(),
        Paging::Complete => "complete".to_owned(),
        Paging::Cancelled { .. } => format!("cancelled ({cancel_key} resumes)"),
        Paging::Failed(message) => format!("failed: {}", safe(message)),
    };
    let pages = if progress.pages == 1 { "page" } else { "pages" };
    format!(
        "{} {pages} · Count {} · ScannedCount {} · {:.1} RCU · {state}",
        count(progress.pages),
        count(progress.count),
        count(progress.scanned_count),
        progress.consumed_capacity
    )
}
