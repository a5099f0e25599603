//! The item history: `H` in the inspector reads the inspected item's changes from every shard of
//! the table's stream (from the trim horizon, within a budget of calls) together with ddbx's
//! journal entries for its key, as one read; `R` reads it again. The answer goes to the view
//! that asked, wherever it stands in the view history.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::item_history::ItemHistoryView;
use crate::app::state::loadable::Loadable;
use crate::app::state::{Notice, State, View};
use crate::backend::BackendError;
use crate::domain::value::Item;
use crate::item_history::{DEFAULT_MAX_REQUESTS, HistoryRequest, ItemHistory};

/// Opens the history of the inspected item.
pub(super) fn show(state: &mut State) -> Vec<Command> {
    let View::Inspector(inspector) = state.views.current() else {
        return Vec::new();
    };
    let item = inspector.item.clone();
    let Some(key) = state.described().and_then(|table| table.key.key_of(&item)) else {
        state.notice = Some(Notice::Error(
            "this item has no full primary key of the table, so it has no history to find"
                .to_owned(),
        ));
        return Vec::new();
    };
    let Some((read, has_stream)) = request(state, key.clone()) else {
        return Vec::new();
    };
    let id = state.ids.issue();
    state
        .views
        .open(View::ItemHistory(Box::new(ItemHistoryView::new(
            key, has_stream, id,
        ))));
    vec![Command::read(id, ReadFor::ItemHistory, read)]
}

/// `R`: reads the shown history again.
pub(super) fn refresh(state: &mut State) -> Vec<Command> {
    let View::ItemHistory(view) = state.views.current() else {
        return Vec::new();
    };
    let key = view.key.clone();
    let Some((read, _)) = request(state, key) else {
        return Vec::new();
    };
    let id = state.ids.issue();
    if let View::ItemHistory(view) = state.views.current_mut() {
        view.history = Loadable::Loading(id);
        view.cursor = 0;
    }
    vec![Command::read(id, ReadFor::ItemHistory, read)]
}

fn request(state: &State, key: Item) -> Option<(Read, bool)> {
    let table = state.described()?;
    let stream_arn = table
        .stream
        .as_ref()
        .filter(|stream| stream.enabled)
        .and_then(|stream| stream.latest_arn.clone());
    let has_stream = stream_arn.is_some();
    let request = HistoryRequest {
        table: table.name.clone(),
        key,
        key_schema: table.key.clone(),
        stream_arn,
        journal: state.session.journal_path.clone(),
        max_requests: DEFAULT_MAX_REQUESTS,
    };
    Some((Read::ItemHistory(Box::new(request)), has_stream))
}

/// The reading is in: it goes to the view that waits for `id`, if it is still anywhere in the
/// view history.
pub(super) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<Box<ItemHistory>, BackendError>,
) {
    let Some(view) = state.views.views_mut().find_map(|view| match view {
        View::ItemHistory(view) if view.history.awaits(id) => Some(view),
        _ => None,
    }) else {
        return;
    };
    view.history = match result {
        Ok(history) => Loadable::Loaded(history),
        Err(error) => Loadable::Failed(error.to_string()),
    };
}
