//! DescribeTable's answer: store it, then start discovery (or ask first for a large table).

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::{Loadable, Overlay, ScanStatus, State, View};
use crate::backend::BackendError;
use crate::domain::schema::TableDescription;
use crate::domain::table_settings::TableExtras;

use crate::app::update::explore::scan;

/// Describes the open table (discovery follows); a preloaded description is taken as
/// DescribeTable's answer.
pub(in crate::app::update) fn request(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    state.table.description = Loadable::Loading(id);
    match state.table.preloaded_description.take() {
        Some(description) => described(state, id, Ok(description)),
        None => vec![Command::read(
            id,
            ReadFor::Description,
            Read::Describe {
                table: state.table.name.clone(),
            },
        )],
    }
}

pub(in crate::app::update) fn described(
    state: &mut State,
    id: RequestId,
    result: Result<Box<TableDescription>, BackendError>,
) -> Vec<Command> {
    if !state.table.description.awaits(id) {
        return Vec::new();
    }
    // The table is loaded once it is described: the progress line gives way to what the load
    // left to say (a schema inferred, lines skipped), the last and weightiest shown.
    if let Some(progress) = state.table.loading.take()
        && let Some(last) = progress.take_notices().pop()
    {
        state.notice = Some(crate::app::state::Notice::Error(last));
    }
    match result {
        Ok(description) => {
            let size = description.size_bytes.unwrap_or(0);
            let item_count = description.item_count;
            state.table.description = Loadable::Loaded(description);
            // A partition the user jumped to while the table was being described.
            let mut commands = crate::app::update::explore::collections::load_current(state);
            if *state.views.current() == View::Overview {
                commands.extend(request_extras(state));
            }
            if size > state.settings.large_table_bytes {
                state.explore.discovery.status = ScanStatus::AwaitingConfirmation;
                state.overlay = Some(Overlay::ConfirmScan {
                    size_bytes: size,
                    item_count,
                });
            } else {
                commands.extend(scan::begin(state));
            }
            commands
        }
        Err(error) => {
            state.table.description = Loadable::Failed(error.to_string());
            Vec::new()
        }
    }
}

/// The overview's values that need a call each, asked once per table when the overview is
/// first shown (an incident overview should not cost four calls on every start).
pub(in crate::app::update) fn request_extras(state: &mut State) -> Vec<Command> {
    let Some(description) = state.table.description.loaded() else {
        return Vec::new();
    };
    if !matches!(state.table.extras, Loadable::NotRequested) {
        return Vec::new();
    }
    let read = Read::Extras(description.clone());
    let id = state.ids.issue();
    state.table.extras = Loadable::Loading(id);
    vec![Command::read(id, ReadFor::Overview, read)]
}

pub(in crate::app::update) fn extras_answered(
    state: &mut State,
    id: RequestId,
    result: Result<Box<TableExtras>, BackendError>,
) {
    if !state.table.extras.awaits(id) {
        return;
    }
    state.table.extras = match result {
        Ok(extras) => Loadable::Loaded(extras),
        Err(error) => Loadable::Failed(error.to_string()),
    };
}
