//! The Scans behind the index screens: browsing an index (a streamed Scan of the index) and the
//! coverage run (the table's keys, plus a Select=COUNT of every index when complete). Pages are
//! issued one at a time per scan; pause, resume and cancel work like discovery's.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::grid::columns::ColumnContext;
use crate::app::state::indexes::browse::IndexBrowse;
use crate::app::state::indexes::coverage::{Coverage, CoverageMode};
use crate::app::state::indexes::streamed_scan::SAMPLE_PAGES;
use crate::app::state::indexes::streamed_scan::{Landed, StreamedScan};
use crate::app::state::stale::{self, time_of_day};
use crate::app::state::{Notice, ScanStatus, State};
use crate::backend::{BackendError, Page, ScanRequest, Select};
use crate::domain::entity::TYPE_ATTRIBUTES;
use crate::domain::schema::TableDescription;

/// The command reading one page of an index screen's scan.
fn page_read((id, request): (RequestId, ScanRequest)) -> Command {
    Command::read(id, ReadFor::IndexScan, Read::Scan(request))
}

/// Starts browsing `index` unless a browse is already there (a failed one starts over).
pub(in crate::app::update) fn start_browse(state: &mut State, index: &str) -> Vec<Command> {
    let reusable = state
        .indexes
        .browses
        .get(index)
        .is_some_and(|browse| !matches!(browse.scan.status, ScanStatus::Failed(_)));
    if reusable {
        return Vec::new();
    }
    restart_browse(state, index)
}

/// Starts browsing `index` from scratch.
pub(in crate::app::update) fn restart_browse(state: &mut State, index: &str) -> Vec<Command> {
    let mut commands = Vec::new();
    if let Some(id) = state
        .indexes
        .browses
        .get_mut(index)
        .and_then(|browse| browse.scan.cancel())
    {
        commands.push(Command::Cancel(vec![id]));
    }
    let mut request = ScanRequest::new(state.table.name.clone());
    request.index = Some(index.to_owned());
    request.limit = Some(state.settings.page_size);
    let mut scan = StreamedScan::start(request, None, state.clock.uptime);
    commands.extend(scan.next_page(&mut state.ids).map(page_read));
    let fresh = IndexBrowse::new(index, scan);
    // The browse on screen stays aside until the rescan has read the whole index.
    let browse = match state.indexes.browses.remove(index) {
        Some(old) => stale::refresh(old, fresh, state.clock),
        None => fresh,
    };
    state.indexes.browses.insert(index.to_owned(), browse);
    commands
}

/// The coverage table scan: keys, index keys and type attributes only (what membership and
/// entity decoding read), so the scan moves keys rather than whole items.
fn coverage_request(description: &TableDescription, page_size: u32) -> ScanRequest {
    let mut request = ScanRequest::new(description.name.clone());
    let mut names: Vec<&str> = Vec::new();
    let index_keys = description
        .indexes
        .iter()
        .flat_map(|index| index.key.names());
    for name in description
        .key
        .names()
        .chain(index_keys)
        .chain(TYPE_ATTRIBUTES)
    {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut placeholders = Vec::new();
    for (position, name) in names.into_iter().enumerate() {
        let placeholder = format!("#c{position}");
        request
            .params
            .names
            .insert(placeholder.clone(), name.to_owned());
        placeholders.push(placeholder);
    }
    request.projection = Some(placeholders.join(", "));
    request.limit = Some(page_size);
    request
}

/// Starts a coverage run (replacing any earlier one).
pub(in crate::app::update) fn start_coverage(
    state: &mut State,
    mode: CoverageMode,
) -> Vec<Command> {
    let Some(description) = state.described().cloned() else {
        state.notice = Some(Notice::Info(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
        return Vec::new();
    };
    if description.indexes.is_empty() {
        state.notice = Some(Notice::Info(
            "this table has no secondary indexes".to_owned(),
        ));
        return Vec::new();
    }
    let mut commands = cancel_coverage(state);
    let now = state.clock.uptime;
    let limit = (mode == CoverageMode::Sample).then_some(SAMPLE_PAGES);
    let table = StreamedScan::start(
        coverage_request(&description, state.settings.page_size),
        limit,
        now,
    );
    let mut coverage = Coverage::new(mode, table, &description);
    if mode == CoverageMode::Full {
        for index in &mut coverage.indexes {
            let mut request = ScanRequest::new(description.name.clone());
            request.index = Some(index.index.clone());
            request.select = Select::Count;
            index.counted = Some(StreamedScan::start(request, None, now));
        }
    }
    for scan in coverage.scans_mut() {
        commands.extend(scan.next_page(&mut state.ids).map(page_read));
    }
    state.notice = Some(Notice::Info(match mode {
        CoverageMode::Sample => {
            format!("sampling coverage: the first {SAMPLE_PAGES} pages of the table")
        }
        CoverageMode::Full => "counting coverage: the whole table and every index".to_owned(),
    }));
    state.indexes.coverage = Some(coverage);
    commands
}

/// Cancels a running coverage run, keeping its figures.
fn cancel_coverage(state: &mut State) -> Vec<Command> {
    let ids: Vec<RequestId> = state
        .indexes
        .coverage
        .iter_mut()
        .flat_map(Coverage::scans_mut)
        .filter_map(StreamedScan::cancel)
        .collect();
    if ids.is_empty() {
        Vec::new()
    } else {
        vec![Command::Cancel(ids)]
    }
}

/// A page of one of the index screens' scans.
pub(in crate::app::update) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let browse = state
        .indexes
        .browses
        .iter()
        .find(|(_, browse)| browse.scan.in_flight() == Some(id))
        .map(|(name, _)| name.clone());
    if let Some(name) = browse {
        return browse_page(state, &name, id, result);
    }
    coverage_page(state, id, result)
}

fn browse_page(
    state: &mut State,
    name: &str,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some(description) = state.described().cloned() else {
        return Vec::new();
    };
    let Some(browse) = state.indexes.browses.get_mut(name) else {
        return Vec::new();
    };
    match browse.scan.land(id, result) {
        Landed::NotMine => Vec::new(),
        Landed::Failed(message) => {
            let kept = stale::fall_back(browse, &message);
            state.notice = Some(Notice::Error(
                match browse.stale.as_ref().filter(|_| kept) {
                    Some(stale) => format!(
                        "scan of {name} failed: {message}; showing the index as read by {} (R rescans)",
                        time_of_day(stale.read_at.unix_seconds)
                    ),
                    None => format!("scan of {name} failed: {message}"),
                },
            ));
            Vec::new()
        }
        Landed::Page(page) => {
            if browse.scan.status == ScanStatus::Complete {
                stale::settle(browse);
            }
            if let Some(index) = description.index(name) {
                browse.add_page(page.items, &index.key, &description.key, &state.entities);
            }
            for group in &mut browse.groups {
                if group.columns.is_some() {
                    group.refresh_columns(ColumnContext {
                        description: &description,
                        entities: &state.entities,
                        remembered: state.column_choices.of_table(&state.table.name),
                    });
                }
            }
            browse
                .scan
                .next_page(&mut state.ids)
                .map(page_read)
                .into_iter()
                .collect()
        }
    }
}

fn coverage_page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some(description) = state.described().cloned() else {
        return Vec::new();
    };
    let Some(coverage) = &mut state.indexes.coverage else {
        return Vec::new();
    };
    let is_table = coverage.table.in_flight() == Some(id);
    let Some(scan) = coverage
        .scans_mut()
        .find(|scan| scan.in_flight() == Some(id))
    else {
        return Vec::new();
    };
    match scan.land(id, result) {
        Landed::NotMine => Vec::new(),
        Landed::Failed(message) => {
            let commands = cancel_coverage(state);
            state.notice = Some(Notice::Error(format!("coverage scan failed: {message}")));
            commands
        }
        Landed::Page(page) => {
            let next = scan.next_page(&mut state.ids);
            if is_table {
                coverage.add_page(&page.items, &description, &state.entities);
            }
            if coverage.scans().all(|scan| !scan.is_running()) {
                state.notice = Some(Notice::Info(if coverage.is_complete() {
                    "coverage counted: complete".to_owned()
                } else {
                    format!("coverage sampled from {} table items", coverage.table_items)
                }));
            }
            next.map(page_read).into_iter().collect()
        }
    }
}

/// Pauses or resumes the scans of the current screen: the index browse on an index's screens,
/// the coverage run on the others.
pub(in crate::app::update) fn toggle_pause(state: &mut State, index: Option<&str>) -> Vec<Command> {
    let ids = &mut state.ids;
    match index {
        Some(name) => state
            .indexes
            .browses
            .get_mut(name)
            .and_then(|browse| browse.scan.toggle_pause(ids))
            .map(page_read)
            .into_iter()
            .collect(),
        None => state
            .indexes
            .coverage
            .iter_mut()
            .flat_map(Coverage::scans_mut)
            .filter_map(|scan| scan.toggle_pause(ids))
            .map(page_read)
            .collect(),
    }
}

/// Cancels the scans of the current screen (see [`toggle_pause`]), keeping what was read.
pub(in crate::app::update) fn cancel(state: &mut State, index: Option<&str>) -> Vec<Command> {
    let ids: Vec<RequestId> = match index {
        Some(name) => state
            .indexes
            .browses
            .get_mut(name)
            .and_then(|browse| browse.scan.cancel())
            .into_iter()
            .collect(),
        None => return cancel_coverage(state),
    };
    if ids.is_empty() {
        Vec::new()
    } else {
        vec![Command::Cancel(ids)]
    }
}
