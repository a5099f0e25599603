//! Reading an item's versions: one Query of its partition for the sort keys that begin with the
//! version stem, page after page up to a limit, strongly consistent so a version just written
//! is listed. The answer goes to the view that waits for it, wherever it stands in the history.

use super::view::VersionsView;
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenView;
use crate::app::state::screens::paged::{self, PagedView};
use crate::app::state::screens::unit::{Unclaimed, view_of_mut};
use crate::app::state::{Loadable, Notice, State, View};
use crate::backend::{BackendError, Page};
use crate::domain::value::{AttrValue, Item};
use crate::domain::versions::{VersionKey, Versions};

/// Pages read before stopping and saying so: a thousand versions of one item at the default
/// page size is far past what the pattern is used for.
const MAX_PAGES: u32 = 20;

/// Opens the versions of the inspected item.
pub(super) fn open(state: &mut State) -> Vec<Command> {
    let View::Inspector(inspector) = state.views.current() else {
        return Vec::new();
    };
    let item = inspector.item.clone();
    let found = state.described().and_then(|table| {
        let key = table.key.key_of(&item)?;
        let sort_name = table.key.sort.as_ref()?.name.clone();
        let version = item
            .get(&sort_name)
            .and_then(AttrValue::as_s)
            .and_then(VersionKey::parse)?;
        Some((key, sort_name, version))
    });
    let Some((key, sort_name, version)) = found else {
        state.notice = Some(Notice::Error(
            "this item's sort key names no version (v0, v1_…, …#v3), so it has no versions to list"
                .to_owned(),
        ));
        return Vec::new();
    };
    let id = state.ids.issue();
    let view = VersionsView {
        key,
        version,
        sort_name,
        pages_read: Vec::new(),
        pages: 0,
        cut_short: false,
        versions: Loadable::Loading(id),
        cursor: 0,
    };
    let Some(read) = page_request(state, &view, None) else {
        return Vec::new();
    };
    state.views.open(View::Screen(ScreenView::new(view)));
    vec![Command::read(id, ReadFor::Screen, read)]
}

/// `R`: reads the versions again from the first page.
pub(super) fn again(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(view) = view_of_mut::<VersionsView>(state.views.current_mut()) else {
        return Vec::new();
    };
    view.pages_read.clear();
    view.pages = 0;
    view.cut_short = false;
    view.versions = Loadable::Loading(id);
    view.cursor = 0;
    let view = view.clone();
    page_request(state, &view, None)
        .map(|read| vec![Command::read(id, ReadFor::Screen, read)])
        .unwrap_or_default()
}

fn page_request(state: &State, view: &VersionsView, start: Option<Item>) -> Option<Read> {
    // The rest after the number is checked on each item read, as a key cannot be filtered.
    let stem = &view.version.stem;
    paged::prefix_page(state, &view.key, &view.sort_name, stem, start).map(Read::Query)
}

/// A page is in: kept, and the next one asked for, or the versions made from every page.
pub(super) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Result<Vec<Command>, Unclaimed> {
    paged::answered::<VersionsView>(state, id, result)
}

impl PagedView for VersionsView {
    fn awaits(&self, id: RequestId) -> bool {
        self.versions.awaits(id)
    }

    fn failed(&mut self, error: String) {
        self.versions = Loadable::Failed(error);
    }

    fn take_page(&mut self, page: Page, next_id: RequestId) -> Option<Option<Item>> {
        take_page(self, page, next_id).map(Some)
    }

    fn page_request(state: &State, view: &Self, start: Option<Item>) -> Option<Read> {
        page_request(state, view, start)
    }
}

/// Keeps a page; the start of the next page to read, if there is one to read.
fn take_page(view: &mut VersionsView, page: Page, next_id: RequestId) -> Option<Item> {
    view.pages_read.extend(page.items);
    view.pages += 1;
    match page.last_evaluated_key {
        Some(start) if view.pages < MAX_PAGES => {
            view.versions = Loadable::Loading(next_id);
            Some(start)
        }
        more => {
            view.cut_short = more.is_some();
            let items = std::mem::take(&mut view.pages_read);
            view.versions = Loadable::Loaded(Box::new(Versions::gather(
                view.version.clone(),
                &view.sort_name,
                items,
            )));
            None
        }
    }
}
