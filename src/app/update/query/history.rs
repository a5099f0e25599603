//! The query history: every query run from the terminal UI is recorded for its table, in
//! memory for the palette and, when a history file is set, appended to it by the worker.

use crate::app::command::Command;
use crate::app::state::query::history::QueryHistory;
use crate::app::state::{Notice, State};
use crate::backend::QueryRequest;

/// Called by `query` whenever a query is executed from the TUI; returns the command that appends
/// it to the history file (or nothing when history is disabled).
pub fn record(state: &mut State, request: &QueryRequest) -> Vec<Command> {
    let at = state.clock.unix_seconds;
    let line = state.queries.history.push(at, request).to_line();
    match &state.queries.history.file {
        Some(path) => vec![Command::AppendHistory {
            path: path.clone(),
            line,
        }],
        None => Vec::new(),
    }
}

/// A table was opened: its history is the one kept this session, or else its file's (asked
/// for), or else an empty one in memory.
pub fn open_table(state: &mut State) -> Vec<Command> {
    if let Some(kept) = state.queries.other_tables.remove(&state.table.name) {
        state.queries.history = kept;
        return Vec::new();
    }
    state.queries.history = QueryHistory::default();
    match &state.queries.history_home {
        Some(home) if !state.table.name.is_empty() => vec![Command::LoadQueryHistory {
            table: state.table.name.clone(),
            path: crate::storage::query_history::file_in(home, &state.table.name),
        }],
        _ => Vec::new(),
    }
}

/// The table's history file was read. Queries run while it was read come after its entries
/// (and, the file unknown then, were kept in memory only).
pub fn loaded(state: &mut State, table: &str, mut history: QueryHistory, warning: Option<String>) {
    if table != state.table.name {
        state
            .queries
            .other_tables
            .entry(table.to_owned())
            .or_insert(history);
        return;
    }
    for entry in std::mem::take(&mut state.queries.history.entries) {
        history.push(entry.unix_seconds, &entry.request);
    }
    state.queries.history = history;
    if let Some(warning) = warning {
        state.notice = Some(Notice::Error(warning));
    }
}
