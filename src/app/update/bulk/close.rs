//! Giving the bulk flow up from any of its stages.

use crate::app::command::Command;
use crate::app::state::State;

/// Gives the flow up, cancelling the read it waits for: an answer to it would be ignored
/// anyway, and the backend is spared the rest of the work.
pub(in crate::app::update) fn close(state: &mut State) -> Vec<Command> {
    let awaited = state.bulk.flow.take().and_then(|flow| flow.awaited_read());
    awaited
        .map(|id| vec![Command::Cancel(vec![id])])
        .unwrap_or_default()
}
