//! Querying an index from the GSI browser: opens the query builder (owned by the `query` area)
//! with the index as the target.

use crate::app::command::Command;
use crate::app::state::{Notice, State};

/// Opens the query builder on `index` (the table when `None`).
pub(super) fn open(state: &mut State, index: Option<String>) -> Vec<Command> {
    let _ = index;
    state.notice = Some(Notice::Info(
        "the query builder is not available in this build".to_owned(),
    ));
    Vec::new()
}
