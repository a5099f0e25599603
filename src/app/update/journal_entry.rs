//! What the journal records for one successful write, from what the app knows (the request as
//! previewed, the key, before and after images). The worker adds the time and the connection,
//! so `update` stays pure.

use crate::app::command::JournalWrite;
use crate::app::state::State;
use crate::app::state::edit::{EditFlow, Review};
use crate::domain::value::Item;

/// The journal record of `review`'s write.
pub(super) fn record_for(
    state: &State,
    flow: &EditFlow,
    review: &Review,
    before: Option<Item>,
    after: Option<Item>,
) -> JournalWrite {
    // The key written: the old key for a key change, the new item's key for a create.
    let written = flow
        .original
        .as_ref()
        .or(review.planned.original.as_ref())
        .or(before.as_ref())
        .or(review.mine.as_ref())
        .or(after.as_ref());
    let key = state
        .described()
        .and_then(|description| description.key.key_of(written?))
        .unwrap_or_default();
    JournalWrite {
        table: state.table.clone(),
        planned: review.planned.clone(),
        key,
        before,
        after,
    }
}
