//! `refresh` on the inspector: the item read again (strongly consistent, so a write just made
//! elsewhere is seen), then shown in every view of it.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::{Notice, State, View};
use crate::app::update::edit::show_written::show_written;
use crate::backend::{BackendError, ExpressionParams, GetOutput, GetRequest};

/// Reads the inspected item again.
pub(in crate::app::update) fn start(state: &mut State) -> Vec<Command> {
    let (View::Inspector(inspector), Some(description)) =
        (state.views.current(), state.described())
    else {
        return Vec::new();
    };
    let Some(key) = description.key.key_of(&inspector.item) else {
        return Vec::new();
    };
    let request = GetRequest {
        table: state.table.name.clone(),
        key: key.clone(),
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    };
    let id = state.ids.issue();
    state.item_reread = Some((id, key));
    state.notice = Some(Notice::Info("reading the item again…".to_owned()));
    vec![Command::read(
        id,
        ReadFor::InspectedItem,
        Read::Get(request),
    )]
}

/// The item as stored now: shown wherever it is; gone, it is said so.
pub(in crate::app::update) fn item(
    state: &mut State,
    id: RequestId,
    result: Result<GetOutput, BackendError>,
) -> Vec<Command> {
    let Some((awaited, key)) = state.item_reread.take() else {
        return Vec::new();
    };
    if awaited != id {
        state.item_reread = Some((awaited, key));
        return Vec::new();
    }
    let Some(schema) = state.described().map(|description| description.key.clone()) else {
        return Vec::new();
    };
    match result {
        Ok(output) => {
            state.notice = Some(Notice::Info(if output.item.is_some() {
                "read again: this is the item as stored now".to_owned()
            } else {
                "the item no longer exists".to_owned()
            }));
            show_written(state, &schema, &key, output.item.as_ref());
        }
        Err(error) => {
            state.notice = Some(Notice::Error(format!("could not read the item: {error}")));
        }
    }
    Vec::new()
}
