//! Discovery: a paginated, optionally parallel Scan streaming into the prefix groups. Pausing
//! stops issuing pages (pages in flight still land); cancelling aborts them and keeps what was
//! found; a page for a request that is no longer current is dropped.

use crate::app::action::{Action, Clock};
use crate::app::command::Command;
use crate::app::discovery_request::discovery_scan;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::ScanStatus;
use crate::app::state::stale::{self, time_of_day};
use crate::app::state::{Discovery, Notice, State};
use crate::backend::{BackendError, Page};
use crate::domain::collection::Collections;

use super::saved_schema;

/// How the notice of a failed discovery begins.
const FAILED: &str = "discovery scan failed";

/// Starts discovery from scratch.
pub(in crate::app::update) fn begin(state: &mut State) -> Vec<Command> {
    state.explore.discovery = Discovery::new(state.settings.scan_segments);
    state.explore.discovery.found = state
        .described()
        .map(|description| Collections::new(description.key.clone(), state.entities.clone()));
    state.explore.discovery.status = ScanStatus::Running;
    state.explore.discovery.progress.started_at = state.clock.uptime;
    // The failure of the scan this one replaces is no longer news.
    if matches!(&state.notice, Some(Notice::Error(text)) if text.starts_with(FAILED)) {
        state.notice = None;
    }
    issue_ready_pages(state)
}

/// One Scan page request for every segment that is ready.
fn issue_ready_pages(state: &mut State) -> Vec<Command> {
    let total = u32::try_from(state.explore.discovery.segments.len()).unwrap_or(1);
    let mut commands = Vec::new();
    for index in 0..state.explore.discovery.segments.len() {
        let Some(from) = state.explore.discovery.segments[index].ready().cloned() else {
            continue;
        };
        let segment = u32::try_from(index).unwrap_or(0);
        let Some(mut request) = state
            .described()
            .map(|table| discovery_scan(table, segment, total, Some(state.settings.page_size)))
        else {
            return commands;
        };
        request.start_key.clone_from(&from);
        let id = state.ids.issue();
        state.explore.discovery.segments[index].fetch(id, from);
        commands.push(Command::read(id, ReadFor::Discovery, Read::Scan(request)));
    }
    commands
}

pub(in crate::app::update) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some(index) = state.explore.discovery.segment_awaiting(id) else {
        return Vec::new();
    };
    let page = match result {
        Ok(page) => page,
        Err(error) => {
            let cancelled: Vec<RequestId> = state.explore.discovery.in_flight().collect();
            state.explore.discovery.abandon_in_flight();
            let message = error.to_string();
            state.notice = Some(Notice::Error(
                if stale::fall_back(&mut state.explore.discovery, &message) {
                    format!("{FAILED}: {message}; {}", kept_tree_text(state))
                } else {
                    state.explore.discovery.status = ScanStatus::Failed(message);
                    format!("{FAILED}: {error}")
                },
            ));
            return if cancelled.is_empty() {
                Vec::new()
            } else {
                vec![Command::Cancel(cancelled)]
            };
        }
    };
    if let Some(found) = &mut state.explore.discovery.found {
        found.add_page(&page.items);
    }
    let mut commands = saved_schema::request(state, &page.items);
    let progress = &mut state.explore.discovery.progress;
    progress.items_scanned += page.scanned_count.max(page.items.len() as u64);
    progress.pages += 1;
    if let Some(consumed) = &page.consumed {
        progress.consumed_capacity += consumed.total;
    }
    if state.explore.discovery.sample.is_some() {
        commands.extend(super::sample::landed(state, index, &page));
        return commands;
    }
    state.explore.discovery.segments[index].landed(page.last_evaluated_key);
    if state.explore.discovery.all_done() {
        state.explore.discovery.status = ScanStatus::Complete;
        stale::settle(&mut state.explore.discovery);
    } else if state.explore.discovery.status == ScanStatus::Running {
        commands.extend(issue_ready_pages(state));
    }
    commands
}

pub(in crate::app::update) fn toggle_pause(state: &mut State) -> Vec<Command> {
    match state.explore.discovery.status {
        ScanStatus::Running => {
            state.explore.discovery.status = ScanStatus::Paused;
            state.notice = Some(Notice::Info("scan paused".to_owned()));
            Vec::new()
        }
        ScanStatus::Paused | ScanStatus::Cancelled => {
            state.explore.discovery.status = ScanStatus::Running;
            state.notice = Some(Notice::Info("scan resumed".to_owned()));
            if state.explore.discovery.sample.is_some() {
                return super::sample::issue_pages(state);
            }
            issue_ready_pages(state)
        }
        _ => Vec::new(),
    }
}

pub(in crate::app::update) fn cancel(state: &mut State) -> Vec<Command> {
    if !matches!(
        state.explore.discovery.status,
        ScanStatus::Running | ScanStatus::Paused
    ) {
        return Vec::new();
    }
    let in_flight: Vec<RequestId> = state.explore.discovery.in_flight().collect();
    state.explore.discovery.abandon_in_flight();
    state.explore.discovery.status = ScanStatus::Cancelled;
    // Cancelling a rescan is choosing what it found over the tree it was replacing.
    stale::settle(&mut state.explore.discovery);
    state.notice = Some(Notice::Info(
        "scan cancelled; showing what was found".to_owned(),
    ));
    if in_flight.is_empty() {
        Vec::new()
    } else {
        vec![Command::Cancel(in_flight)]
    }
}

pub(in crate::app::update) fn restart(state: &mut State) -> Vec<Command> {
    if state.described().is_none() {
        return Vec::new();
    }
    let in_flight: Vec<RequestId> = state.explore.discovery.in_flight().collect();
    let mut commands = if in_flight.is_empty() {
        Vec::new()
    } else {
        vec![Command::Cancel(in_flight)]
    };
    // The tree on screen stays aside until the rescan has read the whole table.
    let old = std::mem::replace(&mut state.explore.discovery, Discovery::new(1));
    commands.extend(begin(state));
    let fresh = std::mem::replace(&mut state.explore.discovery, Discovery::new(1));
    state.explore.discovery = stale::refresh(old, fresh, state.clock);
    commands
}

/// `showing the tree as read by 12:03:04 UTC (R rescans)`, after a rescan failed.
fn kept_tree_text(state: &State) -> String {
    let read_at = state
        .explore
        .discovery
        .stale
        .as_ref()
        .map_or(state.clock.unix_seconds, |stale| stale.read_at.unix_seconds);
    format!(
        "showing the tree as read by {} (R rescans)",
        time_of_day(read_at)
    )
}

/// Keys while the large-table question is open.
pub(in crate::app::update) fn confirm_key(state: &mut State, action: &Action) -> Vec<Command> {
    match action {
        Action::Confirm => {
            state.overlay = None;
            begin(state)
        }
        Action::SampleScan => {
            state.overlay = None;
            super::sample::begin(state)
        }
        Action::Back => {
            state.overlay = None;
            state.explore.discovery.status = ScanStatus::Cancelled;
            state.notice = Some(Notice::Info(
                "scan skipped; jump to a partition with its key instead".to_owned(),
            ));
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// Keeps the clock and the scan's elapsed time (paused time excluded) current.
pub(in crate::app::update) fn advance_clock(state: &mut State, clock: Clock) {
    state.clock = clock;
    let running = state.explore.discovery.status == ScanStatus::Running;
    state
        .explore
        .discovery
        .progress
        .advance_to(clock.uptime, running);
}
