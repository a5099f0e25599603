//! A PartiQL DELETE of one item by its full key: the item is read, then the editor's delete
//! preview opens on it (conditioned on the item as read, journaled, undoable). Nothing is sent
//! until that preview is confirmed.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::partiql::StatementForm;
use crate::app::state::{Overlay, State};
use crate::app::update::edit::write::review_delete;
use crate::backend::{BackendError, ExpressionParams, GetOutput, GetRequest};
use crate::domain::value::Item;

/// Reads the item with `key`; the form stays open until it arrives.
pub(in crate::app::update) fn read_item(
    state: &mut State,
    form: StatementForm,
    key: Item,
) -> Vec<Command> {
    let id = state.ids.issue();
    state.partiql.pending_delete = Some(id);
    state.overlay = Some(Overlay::Partiql(Box::new(form)));
    let request = GetRequest {
        table: state.table.name.clone(),
        key,
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: true,
    };
    vec![Command::read(
        id,
        ReadFor::StatementItem,
        Read::Get(request),
    )]
}

/// The item arrived: its delete preview, or why there is nothing to delete.
pub(in crate::app::update) fn item(
    state: &mut State,
    id: RequestId,
    result: Result<GetOutput, BackendError>,
) -> Vec<Command> {
    if state.partiql.pending_delete != Some(id) {
        return Vec::new();
    }
    state.partiql.pending_delete = None;
    let error = match result {
        Ok(GetOutput {
            item: Some(item), ..
        }) => {
            if let Some(Overlay::Partiql(form)) = state.overlay.take() {
                state.partiql.last = Some(*form);
            }
            return review_delete(state, item);
        }
        Ok(GetOutput { item: None, .. }) => {
            "no item has that key: nothing to delete, nothing was sent".to_owned()
        }
        Err(error) => format!("reading the item failed: {error}"),
    };
    if let Some(Overlay::Partiql(form)) = &mut state.overlay {
        form.error = Some(error);
    }
    Vec::new()
}
