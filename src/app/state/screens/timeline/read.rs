//! Reading the timeline: for each audit-trail prefix (`AUDIT#`, `EVENT#`, …), a Query of the
//! item's partition for the sort keys that begin with it, newest first, page after page up to a
//! limit, strongly consistent so an entry just written is listed. One read job at a time; the
//! answer goes to the view that waits for it, wherever it stands in the history.

use super::view::TimelineView;
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenView;
use crate::app::state::screens::paged::{self, PagedView};
use crate::app::state::screens::unit::{Unclaimed, view_of_mut};
use crate::app::state::{Loadable, Notice, State, View};
use crate::backend::{BackendError, Page};
use crate::domain::audit_trail::{gather, trail_prefixes};
use crate::domain::value::Item;

/// Queries sent before stopping and saying so: every prefix once, and a few pages more.
const MAX_QUERIES: u32 = 40;

/// Opens the timeline of the inspected item's partition.
pub(super) fn open(state: &mut State) -> Vec<Command> {
    let View::Inspector(inspector) = state.views.current() else {
        return Vec::new();
    };
    let item = inspector.item.clone();
    let found = state.described().and_then(|table| {
        let key = table.key.key_of(&item)?;
        Some((key, table.key.sort.as_ref()?.name.clone()))
    });
    let Some((key, sort_name)) = found else {
        state.notice = Some(Notice::Error(
            "the table has no sort key, so a partition holds no audit trail beside its item"
                .to_owned(),
        ));
        return Vec::new();
    };
    let view = TimelineView {
        key,
        sort_name,
        prefixes: trail_prefixes(
            &state
                .entities
                .model()
                .map(crate::domain::model::Model::timeline_prefixes)
                .unwrap_or_default(),
        ),
        reading: 0,
        items_read: Vec::new(),
        queries: 0,
        cut_short: false,
        entries: Loadable::NotRequested,
        cursor: 0,
    };
    state.views.open(View::Screen(ScreenView::new(view)));
    again(state)
}

/// `R`: reads the timeline again from the first prefix.
pub(super) fn again(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(view) = view_of_mut::<TimelineView>(state.views.current_mut()) else {
        return Vec::new();
    };
    view.reading = 0;
    view.items_read.clear();
    view.queries = 0;
    view.cut_short = false;
    view.entries = Loadable::Loading(id);
    view.cursor = 0;
    let view = view.clone();
    page_request(state, &view, None)
        .map(|read| vec![Command::read(id, ReadFor::Screen, read)])
        .unwrap_or_default()
}

fn page_request(state: &State, view: &TimelineView, start: Option<Item>) -> Option<Read> {
    let prefix = view.prefixes.get(view.reading)?;
    let mut request = paged::prefix_page(state, &view.key, &view.sort_name, prefix, start)?;
    // Newest first.
    request.forward = false;
    Some(Read::Query(request))
}

/// A page is in: kept, and the next page (or prefix) asked for, or the timeline made.
pub(super) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Result<Vec<Command>, Unclaimed> {
    paged::answered::<TimelineView>(state, id, result)
}

impl PagedView for TimelineView {
    fn awaits(&self, id: RequestId) -> bool {
        self.entries.awaits(id)
    }

    fn failed(&mut self, error: String) {
        self.entries = Loadable::Failed(error);
    }

    fn take_page(&mut self, page: Page, next_id: RequestId) -> Option<Option<Item>> {
        take_page(self, page, next_id)
    }

    fn page_request(state: &State, view: &Self, start: Option<Item>) -> Option<Read> {
        page_request(state, view, start)
    }
}

/// Keeps a page; where the next read starts (`Some(None)`: the next prefix from its start), or
/// `None` when the timeline is made.
fn take_page(view: &mut TimelineView, page: Page, next_id: RequestId) -> Option<Option<Item>> {
    view.items_read.extend(page.items);
    view.queries += 1;
    let next = match page.last_evaluated_key {
        Some(start) => Some(Some(start)),
        None if view.reading + 1 < view.prefixes.len() => {
            view.reading += 1;
            Some(None)
        }
        None => None,
    };
    match next {
        Some(start) if view.queries < MAX_QUERIES => {
            view.entries = Loadable::Loading(next_id);
            Some(start)
        }
        more => {
            view.cut_short = more.is_some();
            let items = std::mem::take(&mut view.items_read);
            view.entries = Loadable::Loaded(gather(&view.sort_name, items, &view.prefixes));
            None
        }
    }
}
