//! DescribeTable's answer: store it, then start discovery (or ask first for a large table).

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::{Loadable, Overlay, ScanStatus, State};
use crate::backend::BackendError;
use crate::domain::schema::TableDescription;

use crate::app::update::explore::scan;

/// Describes the open table (discovery follows); a preloaded description is taken as
/// DescribeTable's answer.
pub(in crate::app::update) fn request(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    state.description = Loadable::Loading(id);
    match state.preloaded_description.take() {
        Some(description) => described(state, id, Ok(description)),
        None => vec![Command::read(
            id,
            ReadFor::Description,
            Read::Describe {
                table: state.table.clone(),
            },
        )],
    }
}

pub(in crate::app::update) fn described(
    state: &mut State,
    id: RequestId,
    result: Result<Box<TableDescription>, BackendError>,
) -> Vec<Command> {
    if !state.description.awaits(id) {
        return Vec::new();
    }
    match result {
        Ok(description) => {
            let size = description.size_bytes.unwrap_or(0);
            let item_count = description.item_count;
            state.description = Loadable::Loaded(description);
            // A partition the user jumped to while the table was being described.
            let mut commands = crate::app::update::explore::collections::load_current(state);
            if size > state.settings.large_table_bytes {
                state.discovery.status = ScanStatus::AwaitingConfirmation;
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
            state.description = Loadable::Failed(error.to_string());
            Vec::new()
        }
    }
}
