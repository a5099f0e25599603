//! Cursor movement and the view history.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::{State, View};

use crate::app::state::rows::row_count;

/// The cursor of the current view, if it has one.
pub(super) fn cursor_mut(view: &mut View) -> Option<&mut usize> {
    match view {
        View::Overview => None,
        View::Prefixes { cursor }
        | View::Partitions { cursor, .. }
        | View::Partition { cursor, .. }
        | View::QueryResults { cursor, .. }
        | View::Insights { cursor } => Some(cursor),
        View::Inspector(inspector) => Some(&mut inspector.cursor),
        View::Indexes { cursor }
        | View::IndexGroups { cursor, .. }
        | View::IndexItems { cursor, .. }
        | View::IndexCoverage { cursor, .. } => Some(cursor),
    }
}

/// The cursor of the current view (0 when it has none).
#[must_use]
pub fn cursor(view: &View) -> usize {
    match view {
        View::Overview => 0,
        View::Prefixes { cursor }
        | View::Partitions { cursor, .. }
        | View::Partition { cursor, .. }
        | View::QueryResults { cursor, .. }
        | View::Insights { cursor } => *cursor,
        View::Inspector(inspector) => inspector.cursor,
        View::Indexes { cursor }
        | View::IndexGroups { cursor, .. }
        | View::IndexItems { cursor, .. }
        | View::IndexCoverage { cursor, .. } => *cursor,
    }
}

pub(super) fn move_cursor(state: &mut State, action: &Action) {
    let count = row_count(state);
    let page = state.list_height();
    let Some(cursor) = cursor_mut(state.history.current_mut()) else {
        return;
    };
    let last = count.saturating_sub(1);
    *cursor = match action {
        Action::CursorDown => (*cursor + 1).min(last),
        Action::CursorUp => cursor.saturating_sub(1),
        Action::CursorFirst => 0,
        Action::CursorLast => last,
        Action::PageDown => (*cursor + page).min(last),
        Action::PageUp => cursor.saturating_sub(page),
        _ => *cursor,
    };
}

/// Keeps the current view's cursor on an existing row (row 0 of an empty list).
pub(super) fn clamp_cursor(state: &mut State) {
    let last = row_count(state).saturating_sub(1);
    if let Some(cursor) = cursor_mut(state.history.current_mut())
        && *cursor > last
    {
        *cursor = last;
    }
}

/// Moves the cursor to `row` (clamped).
pub(super) fn set_cursor(state: &mut State, row: usize) {
    let last = row_count(state).saturating_sub(1);
    if let Some(cursor) = cursor_mut(state.history.current_mut()) {
        *cursor = row.min(last);
    }
}

/// `q`/`Esc`: back one view; on the first view, quit.
pub(super) fn back(state: &mut State) -> Vec<Command> {
    if state.history.back() {
        Vec::new()
    } else {
        state.quitting = true;
        vec![Command::Quit]
    }
}

pub(super) fn history_back(state: &mut State) -> Vec<Command> {
    state.history.back();
    Vec::new()
}

pub(super) fn history_forward(state: &mut State) -> Vec<Command> {
    state.history.forward();
    Vec::new()
}
