//! Measuring: one read ([`Read::Capacity`]) takes the sample and runs every pattern's calls;
//! the report goes to the view that waits for it, wherever it stands in the history. The rates
//! are typed in a prompt and only change the months, never the reads.

use super::view::CapacityView;
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenView;
use crate::app::state::screens::unit::{Unclaimed, prompt, view_of, view_of_mut};
use crate::app::state::{Loadable, Notice, State, View};
use crate::backend::BackendError;
use crate::capacity::CapacityRequest;
use crate::domain::capacity::decimal::Exact;

/// The rates a month is priced at until others are typed.
const DEFAULT_READS_PER_SECOND: Exact = Exact::integer(100);
const DEFAULT_WRITES_PER_SECOND: Exact = Exact::integer(10);

/// The read of the table's patterns (or, without a model, its query history's shapes).
fn request(state: &State) -> Option<Read> {
    let table = state.described()?;
    let mut request = CapacityRequest::new(table.name.clone(), state.entities.clone());
    request.history = state
        .queries
        .history
        .entries
        .iter()
        .map(|entry| entry.request.clone())
        .collect();
    Some(Read::Capacity(Box::new(request)))
}

/// Opens the screen and measures.
pub(super) fn open(state: &mut State) -> Vec<Command> {
    let Some(read) = request(state) else {
        state.notice = Some(Notice::Error(
            "the table is not described yet: capacity needs its keys and indexes".to_owned(),
        ));
        return Vec::new();
    };
    let id = state.ids.issue();
    state.views.open(View::Screen(ScreenView::new(CapacityView {
        report: Loadable::Loading(id),
        reads_per_second: DEFAULT_READS_PER_SECOND,
        writes_per_second: DEFAULT_WRITES_PER_SECOND,
        cursor: 0,
    })));
    vec![Command::read(id, ReadFor::Screen, read)]
}

/// `R`: measures again (a new sample, new calls).
pub(super) fn again(state: &mut State) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(read) = request(state) else {
        return Vec::new();
    };
    let Some(view) = view_of_mut::<CapacityView>(state.views.current_mut()) else {
        return Vec::new();
    };
    view.report = Loadable::Loading(id);
    view.cursor = 0;
    vec![Command::read(id, ReadFor::Screen, read)]
}

/// The report is in, for the view that waits for it.
pub(super) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Result<Vec<Command>, Unclaimed> {
    let Some(view) = state
        .views
        .views_mut()
        .find_map(|view| view_of_mut::<CapacityView>(view).filter(|view| view.report.awaits(id)))
    else {
        return Err(result);
    };
    view.report = match result.and_then(ReadAnswer::into_capacity) {
        Ok(report) => Loadable::Loaded(report),
        Err(error) => Loadable::Failed(error.to_string()),
    };
    Ok(Vec::new())
}

/// `r`: the prompt holding the rates, `reads/s writes/s`.
pub(super) fn open_rates(state: &mut State) -> Vec<Command> {
    let Some(view) = view_of::<CapacityView>(state.views.current()) else {
        return Vec::new();
    };
    let text = format!("{} {}", view.reads_per_second, view.writes_per_second);
    state.overlay = Some(prompt::<CapacityView>(&text));
    Vec::new()
}

/// The rates typed: two non-negative decimals, reads a second then writes a second. Bad text
/// is said and changes nothing.
pub(super) fn rates_typed(state: &mut State, text: &str) -> Vec<Command> {
    let parsed = parse_rates(text);
    let Some(view) = view_of_mut::<CapacityView>(state.views.current_mut()) else {
        return Vec::new();
    };
    match parsed {
        Ok((reads, writes)) => {
            view.reads_per_second = reads;
            view.writes_per_second = writes;
        }
        Err(message) => state.notice = Some(Notice::Error(message)),
    }
    Vec::new()
}

fn parse_rates(text: &str) -> Result<(Exact, Exact), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [reads, writes] = words.as_slice() else {
        return Err(format!(
            "type two rates, reads a second then writes a second (e.g. `100 10`), not {text:?}"
        ));
    };
    Ok((Exact::parse(reads)?, Exact::parse(writes)?))
}
