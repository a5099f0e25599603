//! Sampled discovery: the first page of segments in the plan's spread order, a few in flight,
//! until the budget stops it; the estimates are refreshed as each page lands.

use crate::app::command::Command;
use crate::app::discovery_request::discovery_scan;
use crate::app::read::{Read, ReadFor};
use crate::app::state::explore::sample::{SAMPLE_SEGMENTS, SampleRun};
use crate::app::state::{Discovery, Notice, ScanStatus, State};
use crate::backend::Page;
use crate::domain::collection::Collections;
use crate::domain::sample::plan::PAGES_IN_FLIGHT;

/// Starts a sample in place of the whole scan.
pub(in crate::app::update) fn begin(state: &mut State) -> Vec<Command> {
    state.explore.discovery = Discovery::new(SAMPLE_SEGMENTS);
    state.explore.discovery.found = state
        .described()
        .map(|description| Collections::new(description.key.clone(), state.entities.clone()));
    let run = SampleRun::new();
    state.notice = Some(Notice::Info(format!(
        "sampling {}; counts are estimates",
        run.plan.budget_text()
    )));
    state.explore.discovery.sample = Some(run);
    state.explore.discovery.status = ScanStatus::Running;
    state.explore.discovery.progress.started_at = state.clock.uptime;
    issue_pages(state)
}

/// Requests the next segments' first pages while the plan allows.
pub(in crate::app::update) fn issue_pages(state: &mut State) -> Vec<Command> {
    let elapsed = state.explore.discovery.progress.elapsed;
    let mut commands = Vec::new();
    let Some(table) = state.described().cloned() else {
        return commands;
    };
    while let Some(run) = &mut state.explore.discovery.sample {
        if run.plan.in_flight() >= PAGES_IN_FLIGHT {
            break;
        }
        let Ok(segment) = run.plan.next_segment(elapsed) else {
            break;
        };
        let request = discovery_scan(&table, segment, run.plan.total_segments, None);
        let id = state.ids.issue();
        if let Some(paging) = state.explore.discovery.segments.get_mut(segment as usize) {
            paging.fetch(id, None);
        }
        commands.push(Command::read(id, ReadFor::Discovery, Read::Scan(request)));
    }
    commands
}

/// A sampled segment's first page landed (already counted into the collections): its segment
/// is done whatever follows it, the estimates grow, and the next segments go out.
pub(in crate::app::update) fn landed(state: &mut State, index: usize, page: &Page) -> Vec<Command> {
    let reported = state.described().and_then(|table| table.item_count);
    let Some(run) = &mut state.explore.discovery.sample else {
        return Vec::new();
    };
    let cost = page
        .consumed
        .as_ref()
        .map_or(0.0, |consumed| consumed.total);
    run.plan.answered(cost, page.last_evaluated_key.is_none());
    if let Some(found) = &state.explore.discovery.found {
        run.refresh(found, page.last_evaluated_key.is_some(), reported);
    }
    let finished = run.plan.finished(state.explore.discovery.progress.elapsed);
    state.explore.discovery.segments[index].landed(None);
    if finished {
        state.explore.discovery.status = ScanStatus::Complete;
        let stop = run
            .plan
            .stopped_by(state.explore.discovery.progress.elapsed)
            .map_or("", |stop| stop.text());
        state.notice = Some(Notice::Info(format!(
            "sample complete ({stop}); R scans the whole table"
        )));
        Vec::new()
    } else if state.explore.discovery.status == ScanStatus::Running {
        issue_pages(state)
    } else {
        Vec::new()
    }
}
