//! A screen unit whose view reads its rows page after page through the read path (one Query at
//! a time, each answer asking for the next): how an answer finds the view that waits for it,
//! wherever it stands in the view history, and asks for the next page.

use super::unit::{Answer, Unclaimed, view_of, view_of_mut};
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::State;
use crate::app::state::screen_view::ScreenState;
use crate::backend::{Page, QueryRequest};
use crate::domain::prefix_condition::partition_prefix_condition;
use crate::domain::value::Item;

/// A view that reads its rows page after page.
pub trait PagedView: ScreenState + Clone {
    /// True while the view waits for request `id`.
    fn awaits(&self, id: RequestId) -> bool;

    /// A page could not be read: the view shows why.
    fn failed(&mut self, error: String);

    /// Keeps a page; where the next read starts (`Some(None)`: from the start of the next thing
    /// to read), or `None` when the view has all it reads. `next_id` is the next request's.
    fn take_page(&mut self, page: Page, next_id: RequestId) -> Option<Option<Item>>;

    /// The read of the page starting at `start`; `None` when none can be made.
    fn page_request(state: &State, view: &Self, start: Option<Item>) -> Option<Read>;
}

/// A page answered: taken by the `V` view that waits for `id` (else handed back), and the next
/// page asked for when there is one.
pub fn answered<V: PagedView>(
    state: &mut State,
    id: RequestId,
    result: Answer,
) -> Result<Vec<Command>, Unclaimed> {
    let waiting = state
        .views
        .views_mut()
        .any(|view| view_of::<V>(view).is_some_and(|view| view.awaits(id)));
    if !waiting {
        return Err(result);
    }
    let next_id = state.ids.issue();
    let Some(view) = state
        .views
        .views_mut()
        .find_map(|view| view_of_mut::<V>(view).filter(|view| view.awaits(id)))
    else {
        return Ok(Vec::new());
    };
    let page = match result.and_then(ReadAnswer::into_page) {
        Ok(page) => page,
        Err(error) => {
            view.failed(error.to_string());
            return Ok(Vec::new());
        }
    };
    let Some(start) = view.take_page(page, next_id) else {
        return Ok(Vec::new());
    };
    let view = view.clone();
    Ok(V::page_request(state, &view, start)
        .map(|read| vec![Command::read(next_id, ReadFor::Screen, read)])
        .unwrap_or_default())
}

/// A page of the strongly consistent Query of `key`'s partition for the sort keys (named
/// `sort_name`) that begin with `prefix`, from `start`: so a row just written is read.
#[must_use]
pub fn prefix_page(
    state: &State,
    key: &Item,
    sort_name: &str,
    prefix: &str,
    start: Option<Item>,
) -> Option<QueryRequest> {
    let table = state.described()?;
    let partition_name = &table.key.partition.name;
    let partition = key.get(partition_name)?;
    let (condition, params) =
        partition_prefix_condition(partition_name, partition, sort_name, prefix);
    let mut request = QueryRequest::new(table.name.clone(), condition, params);
    request.consistent_read = true;
    request.start_key = start;
    request.limit = Some(state.settings.page_size);
    Some(request)
}

/// `Enter` on a paged screen: the item of the row under the cursor of the `V` view shown, if
/// that row stands for one, in the inspector.
pub fn inspect_under_cursor<V: PagedView>(
    state: &mut State,
    item_at: impl Fn(&State, &V, usize) -> Option<Item>,
) {
    let Some(view) = view_of::<V>(state.views.current()) else {
        return;
    };
    if let Some(item) = item_at(state, view, view.cursor()) {
        state.inspect(item);
    }
}
