//! A screen unit whose view reads its rows page after page through the read path (one Query at
//! a time, each answer asking for the next): how an answer finds the view that waits for it,
//! wherever it stands in the view history, and asks for the next page.

use super::unit::{Answer, Unclaimed, view_of, view_of_mut};
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::State;
use crate::app::state::screen_view::ScreenState;
use crate::backend::Page;
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
        .history
        .views_mut()
        .any(|view| view_of::<V>(view).is_some_and(|view| view.awaits(id)));
    if !waiting {
        return Err(result);
    }
    let next_id = state.ids.issue();
    let Some(view) = state
        .history
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
