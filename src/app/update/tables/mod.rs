//! The table picker: list the account's tables, describe them one at a time, filter as the user
//! types, and open the chosen table in place of the current one without restarting.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::{Loadable, State};
use crate::backend::BackendError;
use crate::domain::schema::TableDescription;

/// Opens the picker (from any view, or at startup without a table) and lists the tables again,
/// so a table created since the last look shows up; descriptions already read are kept.
pub(in crate::app::update) fn open(state: &mut State) -> Vec<Command> {
    state.picker.open = true;
    state.picker.filter.clear();
    cursor_on_open_table(state);
    if matches!(state.picker.names, Loadable::Loading(_)) {
        return Vec::new();
    }
    let id = state.ids.issue();
    state.picker.names = Loadable::Loading(id);
    vec![Command::read(id, ReadFor::TableList, Read::ListTables)]
}

/// A key while the picker is on screen: typed text filters, Enter opens, Esc goes back to the
/// open table (or quits when none is open yet).
pub(in crate::app::update) fn key(state: &mut State, action: Action) -> Vec<Command> {
    let picker = &mut state.picker;
    match action {
        Action::Input(c) => {
            picker.filter.push(c);
            picker.cursor = 0;
        }
        Action::DeleteChar => {
            picker.filter.pop();
            picker.cursor = 0;
        }
        Action::CursorDown => {
            let last = picker.rows().len().saturating_sub(1);
            picker.cursor = (picker.cursor + 1).min(last);
        }
        Action::CursorUp => picker.cursor = picker.cursor.saturating_sub(1),
        Action::Back if state.table.name.is_empty() => {
            state.quitting = true;
            return vec![Command::Quit];
        }
        Action::Back => picker.open = false,
        Action::Submit | Action::Open => return choose(state),
        Action::Quit => {
            state.quitting = true;
            return vec![Command::Quit];
        }
        _ => {}
    }
    Vec::new()
}

/// ListTables' answer: keep it, then describe the first table.
pub(in crate::app::update) fn listed(
    state: &mut State,
    id: RequestId,
    result: Result<Vec<String>, BackendError>,
) -> Vec<Command> {
    if !state.picker.names.awaits(id) {
        return Vec::new();
    }
    state.picker.names = match result {
        Ok(names) => Loadable::Loaded(names),
        Err(error) => Loadable::Failed(error.to_string()),
    };
    if state.picker.filter.is_empty() {
        cursor_on_open_table(state);
    } else {
        let last = state.picker.rows().len().saturating_sub(1);
        state.picker.cursor = state.picker.cursor.min(last);
    }
    describe_next(state)
}

/// Puts the cursor on the open table's row (the first row when it is not listed).
fn cursor_on_open_table(state: &mut State) {
    let current = state.table.name.as_str();
    state.picker.cursor = state
        .picker
        .rows()
        .iter()
        .position(|row| row.name == current)
        .unwrap_or(0);
}

/// One table's description: keep it (or the service's error, shown on its row), then the next.
pub(in crate::app::update) fn described(
    state: &mut State,
    id: RequestId,
    result: Result<Box<TableDescription>, BackendError>,
) -> Vec<Command> {
    let Some(name) = state.picker.awaiting(id).map(str::to_owned) else {
        return Vec::new();
    };
    let entry = match result {
        Ok(description) => Loadable::Loaded(description),
        Err(error) => Loadable::Failed(error.to_string()),
    };
    state.picker.described.insert(name, entry);
    describe_next(state)
}

fn describe_next(state: &mut State) -> Vec<Command> {
    let Some(table) = state.picker.next_to_describe().map(str::to_owned) else {
        return Vec::new();
    };
    let id = state.ids.issue();
    state
        .picker
        .described
        .insert(table.clone(), Loadable::Loading(id));
    vec![Command::read(
        id,
        ReadFor::TableSummary,
        Read::Describe { table },
    )]
}

fn choose(state: &mut State) -> Vec<Command> {
    let Some(chosen) = state.picker.selected().map(str::to_owned) else {
        return Vec::new();
    };
    if chosen == state.table.name {
        state.picker.open = false;
        return Vec::new();
    }
    switch_to(state, &chosen)
}

/// Replaces everything that belongs to the open table with a fresh start on `table`. What
/// belongs to the session stays: the session (connection, account, journal, version attribute),
/// keymap and settings, the entity model, the request ids (so answers still in flight for the
/// old table are recognised as stale) and the picker itself. Writes must be confirmed again for
/// the new table.
fn switch_to(state: &mut State, table: &str) -> Vec<Command> {
    let mut commands = cancel_reads(state);
    let mut next = State::new(
        table,
        state.session.connection.clone(),
        state.keymap.clone(),
        state.settings.clone(),
    );
    next.session = state.session.clone();
    next.entities = state.entities.clone();
    next.clock = state.clock;
    next.ids = state.ids.clone();
    next.viewport = state.viewport;
    next.picker = std::mem::take(&mut state.picker);
    // The history follows the table: this one's is kept for switching back.
    next.queries.history_home = state.queries.history_home.take();
    next.queries.other_tables = std::mem::take(&mut state.queries.other_tables);
    next.column_choices = std::mem::take(&mut state.column_choices);
    if !state.table.name.is_empty() {
        let history = std::mem::take(&mut state.queries.history);
        next.queries
            .other_tables
            .insert(state.table.name.clone(), history);
    }
    next.picker.open = false;
    next.table.preloaded_description = next
        .picker
        .described
        .get(table)
        .and_then(Loadable::loaded)
        .cloned();
    *state = next;
    commands.extend(super::query::history::open_table(state));
    commands.extend(super::explore::describe::request(state));
    commands
}

/// The old table's scan and partition pages still in flight: their answers would be dropped as
/// stale anyway, cancelling them stops the worker reading on.
fn cancel_reads(state: &State) -> Vec<Command> {
    let mut ids: Vec<RequestId> = state.explore.discovery.in_flight().collect();
    ids.extend(
        state
            .explore
            .partitions
            .values()
            .filter_map(|partition| partition.paging.in_flight()),
    );
    if ids.is_empty() {
        Vec::new()
    } else {
        vec![Command::Cancel(ids)]
    }
}
