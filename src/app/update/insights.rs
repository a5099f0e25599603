//! The insights screen: opening it starts a Scan of whole items (only its first pages, said so,
//! on a table too large to scan without asking); each page feeds the census, and the report is
//! computed whenever the scan stops. `R` reads the whole table; `p`/`x` pause and cancel.

use std::time::Duration;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::indexes::streamed_scan::SAMPLE_PAGES;
use crate::app::state::indexes::streamed_scan::{Landed, StreamedScan};
use crate::app::state::insights::InsightsRun;
use crate::app::state::stale::{self, time_of_day};
use crate::app::state::{Notice, State, View};
use crate::backend::{BackendError, Page, ScanRequest};
use crate::domain::figures::counted;
use crate::domain::insights::{Coverage, InsightScan};

use super::explore::collections::open_partition;

fn page_read((id, request): (RequestId, ScanRequest)) -> Command {
    Command::read(id, ReadFor::Insights, Read::Scan(request))
}

/// Opens the screen, starting a run unless one exists.
pub(super) fn show(state: &mut State) -> Vec<Command> {
    if !matches!(state.views.current(), View::Insights { .. }) {
        state.views.open(View::Insights { cursor: 0 });
    }
    if state.insights.is_some() {
        return Vec::new();
    }
    start(state, false)
}

/// Starts a run: the whole table when `whole` or when the table is small, else a sample.
fn start(state: &mut State, whole: bool) -> Vec<Command> {
    let Some(description) = state.described().cloned() else {
        state.notice = Some(Notice::Info(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
        return Vec::new();
    };
    let mut commands = cancel(state);
    let large = description
        .size_bytes
        .is_some_and(|size| size > state.settings.large_table_bytes);
    let sample = !whole && large;
    let mut request = ScanRequest::new(description.name.clone());
    request.limit = Some(state.settings.page_size);
    let mut scan = StreamedScan::start(request, sample.then_some(SAMPLE_PAGES), state.clock.uptime);
    commands.extend(scan.next_page(&mut state.ids).map(page_read));
    state.notice = Some(Notice::Info(if sample {
        format!("insights from a sample: the first {SAMPLE_PAGES} pages (R reads the whole table)")
    } else {
        "insights: reading the whole table".to_owned()
    }));
    let fresh = InsightsRun {
        scan,
        table_items: description.item_count,
        census: InsightScan::new(description.clone(), state.entities.clone()),
        report: None,
        kept: None,
        stale: None,
    };
    // The findings on screen stay aside until the new run has read what it set out to.
    state.insights = Some(match state.insights.take() {
        Some(old) => stale::refresh(old, fresh, state.clock),
        None => fresh,
    });
    commands
}

fn cancel(state: &mut State) -> Vec<Command> {
    let abandoned = state.insights.as_mut().and_then(|run| run.scan.cancel());
    refresh_report(state);
    abandoned
        .map(|id| vec![Command::Cancel(vec![id])])
        .unwrap_or_default()
}

fn refresh_report(state: &mut State) {
    let patterns = state
        .entities
        .model()
        .map(|model| model.access_patterns.clone())
        .unwrap_or_default();
    let history: Vec<_> = state
        .queries
        .history
        .entries
        .iter()
        .map(|entry| entry.request.clone())
        .collect();
    if let Some(run) = &mut state.insights {
        run.refresh_report(&patterns, &history);
    }
}

/// A page of the insights scan.
pub(super) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some(run) = &mut state.insights else {
        return Vec::new();
    };
    match run.scan.land(id, result) {
        Landed::NotMine => Vec::new(),
        Landed::Failed(message) => {
            if stale::fall_back(run, &message) {
                let read_at = run
                    .stale
                    .as_ref()
                    .map_or(0, |stale| stale.read_at.unix_seconds);
                state.notice = Some(Notice::Error(format!(
                    "insights scan failed: {message}; showing the findings as read by {} (R reads again)",
                    time_of_day(read_at)
                )));
                return Vec::new();
            }
            refresh_report(state);
            state.notice = Some(Notice::Error(format!("insights scan failed: {message}")));
            Vec::new()
        }
        Landed::Page(page) => {
            for item in &page.items {
                run.census.add(item);
            }
            let next = run.scan.next_page(&mut state.ids);
            if run.scan.status == crate::app::state::ScanStatus::Complete {
                stale::settle(run);
            }
            if next.is_none() {
                refresh_report(state);
                state.notice = Some(Notice::Info(ready_text(state)));
            }
            next.map(page_read).into_iter().collect()
        }
    }
}

/// `insights: 3 findings from the whole table`, once the scan stopped.
fn ready_text(state: &State) -> String {
    let Some(report) = state.insights.as_ref().and_then(|run| run.report.as_ref()) else {
        return "insights: nothing read".to_owned();
    };
    let read = match report.coverage {
        Coverage::Complete => "the whole table".to_owned(),
        Coverage::Sampled { .. } => {
            format!("{} read so far", counted(report.items, "item", "items"))
        }
    };
    format!(
        "insights: {} from {read}",
        counted(report.findings.len() as u64, "finding", "findings")
    )
}

/// The clock reads `now`.
pub(super) fn advance_to(state: &mut State, now: Duration) {
    if let Some(run) = &mut state.insights {
        run.scan.advance_to(now);
    }
}

/// The screen's own actions; `None` hands the action to the common view actions.
pub(super) fn action(state: &mut State, action: &Action) -> Option<Vec<Command>> {
    Some(match action {
        Action::RestartScan => start(state, true),
        Action::CancelScan => cancel(state),
        Action::TogglePauseScan => {
            let next = state
                .insights
                .as_mut()
                .and_then(|run| run.scan.toggle_pause(&mut state.ids));
            if next.is_none() {
                refresh_report(state);
            }
            next.map(page_read).into_iter().collect()
        }
        Action::Open => open(state),
        _ => return None,
    })
}

/// Opens the partition of the item under the cursor (a finding opens its first item's, the
/// sizes of the table or of an entity their largest collection).
fn open(state: &mut State) -> Vec<Command> {
    let row = state.views.current().cursor();
    let Some(run) = &state.insights else {
        return Vec::new();
    };
    let Some(partition_name) = state
        .described()
        .map(|table| table.key.partition.name.clone())
    else {
        return Vec::new();
    };
    let pk = run
        .rows()
        .get(row)
        .and_then(|&row| run.item_of(row))
        .and_then(|item| item.get(&partition_name).cloned());
    match pk {
        Some(pk) => open_partition(state, pk),
        None => {
            state.notice = Some(Notice::Info("this row names no item to open".to_owned()));
            Vec::new()
        }
    }
}
