//! Cursor movement and the view history.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::{State, View};

use crate::app::state::screens::{cursor_stops, row_count};

pub(super) fn move_cursor(state: &mut State, action: &Action) {
    if *state.views.current() == View::Overview {
        scroll_overview(state, action);
        return;
    }
    if let Some(stops) = cursor_stops(state) {
        let page = state.list_height();
        if let Some(cursor) = state.views.current_mut().cursor_mut() {
            *cursor = moved_between_stops(&stops, *cursor, action, page);
        }
        return;
    }
    let count = row_count(state);
    let page = state.list_height();
    let Some(cursor) = state.views.current_mut().cursor_mut() else {
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

/// The overview has no rows to stop on; the cursor keys scroll it. The renderer keeps the
/// offset within the text, so "last" may overshoot.
fn scroll_overview(state: &mut State, action: &Action) {
    let page = state.list_height();
    let scroll = &mut state.table.overview_scroll;
    *scroll = match action {
        Action::CursorDown => scroll.saturating_add(1),
        Action::CursorUp => scroll.saturating_sub(1),
        Action::CursorFirst => 0,
        Action::CursorLast => usize::from(u16::MAX),
        Action::PageDown => scroll.saturating_add(page),
        Action::PageUp => scroll.saturating_sub(page),
        _ => *scroll,
    };
}

/// The cursor moved by `action` on a screen where it stops only on `stops` (ascending rows).
fn moved_between_stops(stops: &[usize], cursor: usize, action: &Action, page: usize) -> usize {
    let (Some(&first), Some(&last)) = (stops.first(), stops.last()) else {
        return 0;
    };
    let after = |row: usize| stops.iter().copied().find(|stop| *stop > row);
    let before = |row: usize| stops.iter().copied().rev().find(|stop| *stop < row);
    match action {
        Action::CursorDown => after(cursor).unwrap_or(last),
        Action::CursorUp => before(cursor).unwrap_or(first),
        Action::CursorFirst => first,
        Action::CursorLast => last,
        Action::PageDown => after((cursor + page).saturating_sub(1)).unwrap_or(last),
        Action::PageUp => before((cursor + 1).saturating_sub(page)).unwrap_or(first),
        _ => cursor,
    }
}

/// Keeps the current view's cursor on an existing row (row 0 of an empty list), and on a
/// screen with cursor stops on one of them (the next, else the last).
pub(super) fn clamp_cursor(state: &mut State) {
    if let Some(stops) = cursor_stops(state) {
        if let Some(cursor) = state.views.current_mut().cursor_mut()
            && !stops.contains(cursor)
        {
            let next = stops.iter().copied().find(|stop| *stop > *cursor);
            *cursor = next.or_else(|| stops.last().copied()).unwrap_or(0);
        }
        return;
    }
    let last = row_count(state).saturating_sub(1);
    if let Some(cursor) = state.views.current_mut().cursor_mut()
        && *cursor > last
    {
        *cursor = last;
    }
}

/// Moves the cursor to `row` (clamped).
pub(super) fn set_cursor(state: &mut State, row: usize) {
    let last = row_count(state).saturating_sub(1);
    if let Some(cursor) = state.views.current_mut().cursor_mut() {
        *cursor = row.min(last);
    }
}

/// `q`/`Esc`: back one view; on the first view, quit.
pub(super) fn back(state: &mut State) -> Vec<Command> {
    if state.views.back() {
        Vec::new()
    } else {
        state.quitting = true;
        vec![Command::Quit]
    }
}

pub(super) fn history_back(state: &mut State) -> Vec<Command> {
    state.views.back();
    Vec::new()
}

pub(super) fn history_forward(state: &mut State) -> Vec<Command> {
    state.views.forward();
    Vec::new()
}
