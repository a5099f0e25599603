//! The results view of a builder query: pages read lazily as the cursor nears the end, or
//! until N items matched; progress totals; cancel; open a row; fetch base items of an index.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::Paging;
use crate::app::state::grid::columns::ColumnContext;
use crate::app::state::query::run::QueryRun;
use crate::app::state::stale::{self, time_of_day};
use crate::app::state::{Notice, State, View};
use crate::app::update::grid::{column_key, remember};
use crate::app::update::results_paging::{self, CancelStep};
use crate::backend::{BackendError, GetOutput, GetRequest, Page, QueryRequest};
use crate::domain::query_spec::read_from_table_of;
use crate::domain::value::Item;

/// Fetch the next page when the cursor is this close to the last loaded row.
const PREFETCH_ROWS: usize = 50;
/// Base items fetched at most per `fetch_base_items`.
const MAX_BASE_FETCH: usize = 1000;

/// Runs `request` in the results view (lazy pages; `stop_after`: read until N matches or the end).
pub fn run_query(
    state: &mut State,
    request: QueryRequest,
    stop_after: Option<u64>,
) -> Vec<Command> {
    start(state, request, stop_after)
}

/// Starts a run of `request` and shows its results.
pub(in crate::app::update) fn start(
    state: &mut State,
    mut request: QueryRequest,
    stop_after: Option<u64>,
) -> Vec<Command> {
    request.start_key = None;
    let read_from_table = state
        .described()
        .map(|description| read_from_table_of(description, &request))
        .unwrap_or_default();
    let id = state.ids.issue();
    let mut run = QueryRun::new(request.clone(), stop_after, id);
    run.read_from_table = read_from_table;
    state.queries.runs.push(run);
    let index = state.queries.runs.len() - 1;
    state.views.open(View::QueryResults {
        run: index,
        cursor: 0,
    });
    state.notice = None;
    // Every query run from the UI goes into the table's history, for the palette.
    let mut commands = crate::app::update::query::history::record(state, &request);
    commands.insert(
        0,
        Command::read(id, ReadFor::QueryRun, Read::Query(request)),
    );
    commands
}

/// `refresh` on the results: run `index` read again from its first page, in place, keeping its
/// form and its columns (a page still in flight is dropped as stale).
pub(in crate::app::update) fn rerun(state: &mut State, index: usize) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(run) = state.queries.runs.get_mut(index) else {
        return Vec::new();
    };
    let mut fresh = QueryRun::new(run.request.clone(), run.stop_after, id);
    fresh.read_from_table.clone_from(&run.read_from_table);
    fresh.form.clone_from(&run.form);
    fresh.columns.clone_from(&run.columns);
    fresh.column = run.column;
    let request = fresh.request.clone();
    // The results on screen stay aside until the first page of the new run lands.
    let old = std::mem::replace(run, QueryRun::new(request.clone(), None, id));
    *run = stale::refresh(old, fresh, state.clock);
    if let View::QueryResults { cursor, .. } = state.views.current_mut() {
        *cursor = 0;
    }
    state.notice = None;
    vec![Command::read(id, ReadFor::QueryRun, Read::Query(request))]
}

/// The run and index whose page `id` is in flight.
fn run_fetching(state: &mut State, id: RequestId) -> Option<(usize, &mut QueryRun)> {
    state
        .queries
        .runs
        .iter_mut()
        .enumerate()
        .find(|(_, run)| run.paging.awaits(id))
}

/// A page arrived: add it, then read on while the run wants more.
pub(in crate::app::update) fn page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some((index, run)) = run_fetching(state, id) else {
        // Stale: cancelled, or the run was replaced.
        return Vec::new();
    };
    match result {
        Ok(page) => {
            run.progress.pages += 1;
            run.progress.count += page.count;
            run.progress.scanned_count += page.scanned_count;
            if let Some(consumed) = &page.consumed {
                run.progress.consumed_capacity += consumed.total;
            }
            run.items.extend(page.items);
            run.paging.landed(page.last_evaluated_key);
            stale::settle(run);
            refresh_columns(state, index);
            continue_reading(state, index)
        }
        Err(error) => {
            let message = error.to_string();
            let text = if stale::fall_back(run, &message) {
                format!(
                    "query failed: {message}; showing the results as read by {} (R runs it again)",
                    time_of_day(
                        run.stale
                            .as_ref()
                            .map_or(0, |stale| stale.read_at.unix_seconds)
                    )
                )
            } else {
                run.paging = Paging::Failed(message);
                format!("query failed: {error}")
            };
            state.notice = Some(Notice::Error(text));
            Vec::new()
        }
    }
}

/// Brings run `index`'s columns and display order up to date with its items.
fn refresh_columns(state: &mut State, index: usize) {
    let Some(description) = state.table.description.loaded().cloned() else {
        return;
    };
    let entities = state.entities.clone();
    if let Some(run) = state.queries.runs.get_mut(index) {
        run.refresh_columns(ColumnContext {
            description: &description,
            entities: &entities,
            remembered: state.column_choices.of_table(&state.table.name),
        });
    }
}

/// Requests the next page of run `index` if it wants one: until `stop_after` matched, or
/// while the loaded rows do not reach past the cursor by a screen (lazy reading, which also
/// reads past empty pages of a selective filter).
fn continue_reading(state: &mut State, index: usize) -> Vec<Command> {
    let cursor = match state.views.current() {
        View::QueryResults { run, cursor } if *run == index => Some(*cursor),
        _ => None,
    };
    let margin = PREFETCH_ROWS.max(state.list_height());
    let Some(run) = state.queries.runs.get(index) else {
        return Vec::new();
    };
    let Some(Some(start_key)) = run.paging.ready() else {
        return Vec::new();
    };
    let wants_more = match run.stop_after {
        Some(_) => !run.reached_stop(),
        None => cursor.is_some_and(|cursor| cursor + margin >= run.items.len()),
    };
    if !wants_more {
        return Vec::new();
    }
    let start_key = start_key.clone();
    fetch(state, index, Some(start_key))
}

/// Reads run `index`'s next page whatever the cursor (marking every match reads them all).
pub(in crate::app::update) fn next_page(state: &mut State, index: usize) -> Vec<Command> {
    let Some(run) = state.queries.runs.get(index) else {
        return Vec::new();
    };
    let Some(Some(start_key)) = run.paging.ready() else {
        return Vec::new();
    };
    let start_key = start_key.clone();
    fetch(state, index, Some(start_key))
}

/// After the cursor moved: read on if the current results view is near its end.
pub(in crate::app::update) fn fetch_more_if_near_end(state: &mut State) -> Vec<Command> {
    match state.views.current() {
        View::QueryResults { run, .. } => {
            let run = *run;
            continue_reading(state, run)
        }
        _ => Vec::new(),
    }
}

/// `Enter` on a row: the item inspector.
pub(in crate::app::update) fn open_row(state: &mut State) -> Vec<Command> {
    let View::QueryResults { run, cursor } = state.views.current() else {
        return Vec::new();
    };
    let item = state
        .queries
        .runs
        .get(*run)
        .and_then(|run| run.item_at(*cursor));
    if let Some(item) = item {
        state.inspect(item);
    }
    Vec::new()
}

/// Cancel, edit or fetch base items on the current results.
pub(in crate::app::update) fn action(state: &mut State, action: &Action) -> Vec<Command> {
    let View::QueryResults { run, .. } = state.views.current() else {
        return Vec::new();
    };
    let index = *run;
    match action {
        Action::CancelQuery => cancel_or_resume(state, index),
        Action::FetchBaseItems => fetch_base_items(state, index),
        Action::NextColumn
        | Action::PrevColumn
        | Action::SortColumn
        | Action::HideColumn
        | Action::ResetColumns
        | Action::WidenColumn
        | Action::NarrowColumn => column_action(state, index, action),
        _ => Vec::new(),
    }
}

/// Column keys on the results grid: select, sort, hide, show all, resize.
fn column_action(state: &mut State, index: usize, action: &Action) -> Vec<Command> {
    let Some(run) = state.queries.runs.get_mut(index) else {
        return Vec::new();
    };
    let Some(columns) = &mut run.columns else {
        return Vec::new();
    };
    let outcome = column_key(columns, &mut run.column, action);
    if outcome.reorder {
        run.reorder();
    }
    remember(state, outcome.remember)
}

/// Cancels the page in flight (its late answer is dropped by id); on a cancelled run, resumes.
fn cancel_or_resume(state: &mut State, index: usize) -> Vec<Command> {
    let Some(run) = state.queries.runs.get_mut(index) else {
        return Vec::new();
    };
    match results_paging::cancel_or_resume(&mut run.paging, "query", &mut state.notice) {
        CancelStep::Done(commands) => commands,
        CancelStep::Resume(resume) => fetch(state, index, resume),
    }
}

/// Asks for the page of run `index` that starts at `start_key`.
fn fetch(state: &mut State, index: usize, start_key: Option<Item>) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(run) = state.queries.runs.get_mut(index) else {
        return Vec::new();
    };
    let mut request = run.request.clone();
    request.start_key.clone_from(&start_key);
    run.paging.fetch(id, start_key);
    vec![Command::read(id, ReadFor::QueryRun, Read::Query(request))]
}

/// GetItem for every loaded row of an index query, so the rows show the whole base item.
fn fetch_base_items(state: &mut State, index: usize) -> Vec<Command> {
    let Some(key) = state.described().map(|description| description.key.clone()) else {
        return Vec::new();
    };
    let Some(run) = state.queries.runs.get(index) else {
        return Vec::new();
    };
    if run.request.index.is_none() {
        state.notice = Some(Notice::Info(
            "these rows come from the table and are whole items already".to_owned(),
        ));
        return Vec::new();
    }
    let keys: Vec<(usize, Item)> = run
        .items
        .iter()
        .enumerate()
        .take(MAX_BASE_FETCH)
        .filter_map(|(row, item)| key.key_of(&item).map(|key| (row, key)))
        .collect();
    let table = run.request.table.clone();
    let mut commands = Vec::with_capacity(keys.len());
    let mut in_flight = Vec::with_capacity(keys.len());
    for (row, key) in keys {
        let id = state.ids.issue();
        in_flight.push((id, row));
        let request = GetRequest {
            table: table.clone(),
            key,
            projection: None,
            params: crate::backend::ExpressionParams::default(),
            consistent_read: false,
        };
        commands.push(Command::read(
            id,
            ReadFor::QueryBaseItem,
            Read::Get(request),
        ));
    }
    if let Some(run) = state.queries.runs.get_mut(index) {
        run.base_fetch.in_flight = in_flight;
        run.base_fetch.fetched = 0;
        run.base_fetch.missing = 0;
    }
    state.notice = Some(Notice::Info(format!(
        "fetching {} base items with GetItem",
        commands.len()
    )));
    commands
}

/// A base item arrived: it replaces the index row it was read for.
pub(in crate::app::update) fn base_item(
    state: &mut State,
    id: RequestId,
    result: Result<GetOutput, BackendError>,
) -> Vec<Command> {
    let Some(index) = state
        .queries
        .runs
        .iter()
        .position(|run| run.base_fetch.in_flight.iter().any(|(each, _)| *each == id))
    else {
        return Vec::new();
    };
    let run = &mut state.queries.runs[index];
    let fetch = &mut run.base_fetch;
    let position = fetch.in_flight.iter().position(|(each, _)| *each == id);
    let Some((_, row)) = position.map(|position| fetch.in_flight.remove(position)) else {
        return Vec::new();
    };
    match result {
        Ok(GetOutput {
            item: Some(item), ..
        }) => {
            run.items.replace(row, &item);
            run.base_fetch.fetched += 1;
        }
        Ok(GetOutput { item: None, .. }) => run.base_fetch.missing += 1,
        Err(error) => {
            state.notice = Some(Notice::Error(format!("GetItem failed: {error}")));
            return Vec::new();
        }
    }
    if run.base_fetch.in_flight.is_empty() {
        let (fetched, missing) = (run.base_fetch.fetched, run.base_fetch.missing);
        let gone = if missing > 0 {
            format!(" ({missing} no longer exist)")
        } else {
            String::new()
        };
        state.notice = Some(Notice::Info(format!("fetched {fetched} base items{gone}")));
        // The base items bring the attributes the index lacked: new columns.
        refresh_columns(state, index);
    }
    Vec::new()
}
