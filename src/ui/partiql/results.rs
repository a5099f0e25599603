//! A statement's results: what ddbx said it would do, the totals (pages, consumed capacity)
//! and where reading stands, then the same results grid as a query's.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use crate::app::action::Action;
use crate::app::state::Paging;
use crate::app::state::State;
use crate::app::state::partiql::StatementRun;
use crate::domain::figures::count;
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
    let Some(run) = state.partiql.runs.get(run) else {
        frame.render_widget(
            Paragraph::new("No such statement.").block(Block::bordered()),
            area,
        );
        return;
    };
    let cancel = state
        .keymap
        .key_for(Section::QueryResults, &Action::CancelQuery)
        .unwrap_or_default();
    let lines = vec![
        Line::styled(safe(&run.plan).into_owned(), styles.muted),
        Line::styled(status_text(run, &cancel), styles.muted),
    ];
    let title = format!(
        " PartiQL · {} · {} ",
        safe(&state.table.name),
        crate::domain::figures::counted(run.items.len() as u64, "item", "items")
    );
    let empty = results_screen::placeholder(
        &run.paging,
        "Running the statement…",
        "The statement returned no items.",
    );
    let rows = results_screen::Rows::of(
        &run.items,
        &run.order,
        run.columns.as_ref(),
        cursor,
        run.column,
    );
    results_screen::render(frame, area, styles, title, lines, rows, empty);
}

/// Pages, consumed capacity and where reading stands.
fn status_text(run: &StatementRun, cancel_key: &str) -> String {
    let progress = &run.progress;
    let state = match &run.paging {
        Paging::Fetching { .. } => format!("reading… ({cancel_key} cancels)"),
        Paging::Ready(_) => "more pages (NextToken) below, read as you scroll".to_owned(),
        Paging::Complete => "complete".to_owned(),
        Paging::Cancelled { .. } => format!("cancelled ({cancel_key} resumes)"),
        Paging::Failed(message) => format!("failed: {}", safe(message)),
    };
    let pages = if progress.pages == 1 { "page" } else { "pages" };
    // No page answered (a run that failed at once) reports no capacity either: never `0.0 RCU`.
    let capacity = if progress.pages == progress.unreported_pages {
        "capacity not reported".to_owned()
    } else if progress.unreported_pages > 0 {
        format!(
            "{:.1} RCU ({} not reported)",
            progress.consumed_capacity,
            count(progress.unreported_pages)
        )
    } else {
        format!("{:.1} RCU", progress.consumed_capacity)
    };
    format!("{} {pages} · {capacity} · {state}", count(progress.pages))
}
