//! The query history: every query run from the terminal UI is recorded for its table, in
//! memory for the palette and, when a history file is set, appended to it by the worker.

use crate::app::command::Command;
use crate::app::state::State;
use crate::backend::QueryRequest;

/// Called by `query` whenever a query is executed from the TUI; returns the command that appends
/// it to the history file (or nothing when history is disabled).
pub fn record(state: &mut State, request: &QueryRequest) -> Vec<Command> {
    let at = state.clock.unix_seconds;
    let line = state.query_history.push(at, request).to_line();
    match &state.query_history.file {
        Some(path) => vec![Command::AppendHistory {
            path: path.clone(),
            line,
        }],
        None => Vec::new(),
    }
}
