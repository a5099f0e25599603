//! The account id for the header: asked for once at startup, shown when it arrives. A failed
//! lookup is kept (for debugging state) but never shown: the header just has no account then.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::{Loadable, State};
use crate::backend::BackendError;

/// Starts the lookup.
pub(in crate::app::update) fn request(state: &mut State) -> Command {
    let id = state.ids.issue();
    state.session.account = Loadable::Loading(id);
    Command::read(id, ReadFor::Account, Read::Account)
}

/// Stores the answer to the current lookup; anything else is stale and dropped.
pub(in crate::app::update) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<Option<String>, BackendError>,
) {
    if !state.session.account.awaits(id) {
        return;
    }
    state.session.account = match result {
        Ok(account) => Loadable::Loaded(account),
        Err(error) => Loadable::Failed(error.to_string()),
    };
}
