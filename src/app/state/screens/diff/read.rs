//! The diff screen's reads, all through the app's read path: the connection's table names, the
//! target's description, then both tables page after page, four scan segments of each at once
//! (or one Query of each for a partition; every page counted, so the screen shows how far each
//! side is), and last the comparison, which the worker runs off the loop's thread with the
//! matching `ddbx diff` uses. Each answer goes to the view that waits
//! for it, wherever it stands in the history.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::view::{DiffScope, DiffView, Reading, Shown, SideRead, Stage};
use crate::app::command::Command;
use crate::app::read::{Read, ReadAnswer, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::screen_view::ScreenView;
use crate::app::state::screens::unit::{Unclaimed, view_of, view_of_mut};
use crate::app::state::{Loadable, Notice, State, View};
use crate::backend::{BackendError, ExpressionParams, Page, QueryRequest, ScanRequest};
use crate::connect::Place;
use crate::domain::diff::TwoSides;
use crate::domain::request::Select;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;
use crate::domain::why::without_projection;

/// Differences kept with their items for the screen (the counts cover every item).
pub const KEPT_DIFFERENCES: usize = 1000;

/// Scan segments read at once on each side, as `ddbx diff` reads by default.
pub const SEGMENTS: u32 = 4;

/// Opens the screen on the connection's other tables, to choose the target from.
pub(super) fn open(state: &mut State) -> Vec<Command> {
    if state.described().is_none() {
        state.notice = Some(Notice::Error(
            "the table is not described yet: compare it once its description is read".to_owned(),
        ));
        return Vec::new();
    }
    let id = state.ids.issue();
    let view = DiffView {
        source: state.table.name.clone(),
        place: None,
        scope: scope_of(state),
        ignore: BTreeSet::new(),
        stage: Stage::Choosing(Loadable::Loading(id)),
        cursor: 0,
    };
    state.views.open(View::Screen(ScreenView::new(view)));
    vec![Command::read(id, ReadFor::Screen, Read::ListTables)]
}

/// The other side's place typed: its tables listed, to choose from.
pub(super) fn choose_in(state: &mut State, place: Option<Place>) -> Vec<Command> {
    let id = state.ids.issue();
    let cancelled = cancel(state).unwrap_or_default();
    let Some(view) = current(state) else {
        return Vec::new();
    };
    view.place = place;
    view.stage = Stage::Choosing(Loadable::Loading(id));
    view.cursor = 0;
    let read = elsewhere(view.place.as_ref(), Read::ListTables);
    let mut commands = cancelled;
    commands.push(Command::read(id, ReadFor::Screen, read));
    commands
}

/// `read` sent to the other side's place, when it is not the session's connection.
fn elsewhere(place: Option<&Place>, read: Read) -> Read {
    match place {
        Some(place) => Read::Elsewhere {
            place: Box::new(place.clone()),
            read: Box::new(read),
        },
        None => read,
    }
}

/// The partition of the inspected item, when the screen opens from the inspector; the query of
/// the results, from a query's results; else the whole table.
fn scope_of(state: &State) -> DiffScope {
    if let View::QueryResults { run, .. } = state.views.current()
        && let Some(run) = state.queries.runs.get(*run)
    {
        // The items are compared whole: the projection is a way of showing them.
        let mut request = without_projection(&run.request);
        request.select = Select::Default;
        (request.limit, request.start_key) = (None, None);
        return DiffScope::Query(Box::new(request));
    }
    let View::Inspector(inspector) = state.views.current() else {
        return DiffScope::Table;
    };
    let partition = state.described().and_then(|table| {
        let name = table.key.partition.name.clone();
        let value = inspector.item.get(&name)?.clone();
        Some(DiffScope::Partition { name, value })
    });
    partition.unwrap_or(DiffScope::Table)
}

/// Starts comparing the source with `target`: its description first.
pub(super) fn start(state: &mut State, target: String) -> Vec<Command> {
    let id = state.ids.issue();
    let Some(view) = current(state) else {
        return Vec::new();
    };
    view.stage = Stage::Reading(Box::new(Reading {
        target: target.clone(),
        target_table: Loadable::Loading(id),
        sides: [SideRead::default(), SideRead::default()],
    }));
    view.cursor = 0;
    let read = elsewhere(view.place.as_ref(), Read::Describe { table: target });
    vec![Command::read(id, ReadFor::Screen, read)]
}

/// `Esc` while reading or comparing: the reads in flight are abandoned, nothing is compared.
pub(super) fn cancel(state: &mut State) -> Option<Vec<Command>> {
    let view = current(state)?;
    let ids = view.in_flight();
    if ids.is_empty() || matches!(view.stage, Stage::Choosing(_)) {
        return None;
    }
    let target = view.target().unwrap_or_default().to_owned();
    view.stage = Stage::Stopped {
        target,
        why: "cancelled: the reads were abandoned and nothing was compared (R starts again)"
            .to_owned(),
    };
    Some(vec![Command::Cancel(ids)])
}

fn current(state: &mut State) -> Option<&mut DiffView> {
    view_of_mut::<DiffView>(state.views.current_mut())
}

/// A read answered: taken by the view that waits for it.
pub(super) fn answered(
    state: &mut State,
    id: RequestId,
    result: Result<ReadAnswer, BackendError>,
) -> Result<Vec<Command>, Unclaimed> {
    let waiting = state
        .views
        .views_mut()
        .any(|view| view_of::<DiffView>(view).is_some_and(|view| view.awaits(id)));
    if !waiting {
        return Err(result);
    }
    let next = (0..2 * SEGMENTS).map(|_| state.ids.issue()).collect();
    let (source_table, decoder) = (state.described().cloned(), state.entities.clone());
    let limit = state.settings.page_size;
    let Some(view) = state
        .views
        .views_mut()
        .find_map(|view| view_of_mut::<DiffView>(view).filter(|view| view.awaits(id)))
    else {
        return Ok(Vec::new());
    };
    let answered = Answered {
        id,
        next,
        source_table,
        decoder,
        limit,
        scope: view.scope.clone(),
        ignore: view.ignore.clone(),
        place: view.place.clone(),
    };
    let target = view.target().unwrap_or_default().to_owned();
    let stage = std::mem::replace(&mut view.stage, Stage::Choosing(Loadable::NotRequested));
    let (stage, commands) = match stage {
        Stage::Choosing(_) => {
            let names = result.and_then(ReadAnswer::into_table_names);
            let names = match names {
                // On another place, a table of the open one's name is the likeliest target.
                Ok(names) if view.place.is_some() => Loadable::Loaded(names),
                Ok(names) => others(names, &view.source),
                Err(error) => Loadable::Failed(error.to_string()),
            };
            (Stage::Choosing(names), Vec::new())
        }
        Stage::Comparing { sides, .. } => (compared(target, sides, result), Vec::new()),
        Stage::Reading(reading) => answered.reading(reading, result),
        other => (other, Vec::new()),
    };
    view.stage = stage;
    Ok(commands)
}

/// The report of the comparison, or why there is none.
fn compared(
    target: String,
    sides: Box<TwoSides>,
    result: Result<ReadAnswer, BackendError>,
) -> Stage {
    match result.and_then(ReadAnswer::into_diff) {
        Ok(report) => Stage::Report(Box::new(Shown {
            target,
            report: *report,
            sides,
            open: None,
        })),
        Err(error) => Stage::Stopped {
            target,
            why: format!("the comparison failed: {error}"),
        },
    }
}

/// The table names offered: every table but the open one.
fn others(names: Vec<String>, source: &str) -> Loadable<Vec<String>> {
    Loadable::Loaded(names.into_iter().filter(|name| name != source).collect())
}

/// What follows an answer while both sides are read.
enum Next {
    Reads(Vec<Command>),
    Compare(Box<TwoSides>),
}

/// An answer, with the ids its follow-up reads may take.
struct Answered {
    id: RequestId,
    next: Vec<RequestId>,
    source_table: Option<TableDescription>,
    decoder: crate::domain::entity::EntityDecoder,
    /// Items a page, as the app's other reads page.
    limit: u32,
    scope: DiffScope,
    ignore: BTreeSet<String>,
    /// The target's place (`None`: the session's connection).
    place: Option<Place>,
}

impl Answered {
    /// The stage after an answer during the reads, and the reads that follow it.
    fn reading(
        self,
        mut reading: Box<Reading>,
        result: Result<ReadAnswer, BackendError>,
    ) -> (Stage, Vec<Command>) {
        let target = reading.target.clone();
        let compare = self.next.first().copied().unwrap_or(self.id);
        match self.take(&mut reading, result) {
            Ok(Next::Reads(commands)) => (Stage::Reading(reading), commands),
            Ok(Next::Compare(sides)) => comparing(compare, target, sides),
            Err(why) => (Stage::Stopped { target, why }, Vec::new()),
        }
    }

    fn take(
        self,
        reading: &mut Reading,
        result: Result<ReadAnswer, BackendError>,
    ) -> Result<Next, String> {
        let Some(source_table) = self.source_table else {
            return Err("the open table is not described".to_owned());
        };
        if reading.target_table.awaits(self.id) {
            let target = result
                .and_then(ReadAnswer::into_description)
                .map_err(|error| format!("{} could not be described: {error}", reading.target))?;
            check_keys(&source_table, &target)?;
            // A description counts the whole table, which a partition's read is not measured by.
            if self.scope == DiffScope::Table {
                reading.sides[0].expected = source_table.item_count;
                reading.sides[1].expected = target.item_count;
            }
            let tables = [source_table.name.clone(), target.name.clone()];
            reading.target_table = Loadable::Loaded(target);
            let mut ids = self.next.iter().copied();
            let mut commands = Vec::new();
            for (side, (read, table)) in reading.sides.iter_mut().zip(tables).enumerate() {
                for segment in 0..segments(&self.scope) {
                    let id = ids.next().unwrap_or(self.id);
                    read.waiting.push((id, segment));
                    let page = PageOf {
                        table: table.clone(),
                        place: self.place.as_ref().filter(|_| side == 1),
                        segment,
                        limit: self.limit,
                    };
                    commands.push(page.read(id, &self.scope, None));
                }
            }
            return Ok(Next::Reads(commands));
        }
        let Some((side, segment)) = (0..2).find_map(|side| {
            let segment = reading.sides[side].waits(self.id)?;
            Some((side, segment))
        }) else {
            return Ok(Next::Reads(Vec::new()));
        };
        reading.sides[side].waiting.retain(|(id, _)| *id != self.id);
        let page = result
            .and_then(ReadAnswer::into_page)
            .map_err(|error| format!("reading {} failed: {error}", side_name(reading, side)))?;
        let table = match (side, &reading.target_table) {
            (1, Loadable::Loaded(target)) => target.name.clone(),
            _ => source_table.name.clone(),
        };
        let read = &mut reading.sides[side];
        let of = PageOf {
            table,
            place: self.place.as_ref().filter(|_| side == 1),
            segment,
            limit: self.limit,
        };
        let commands = take_page(read, &of, &self.scope, page, self.next[0]);
        if reading.sides.iter().all(|side| side.done) {
            let Loadable::Loaded(target_table) = &reading.target_table else {
                return Err("the target was not described".to_owned());
            };
            let words = self.scope.words();
            return Ok(Next::Compare(Box::new(TwoSides {
                source_table,
                target_table: (**target_table).clone(),
                source: Arc::new(std::mem::take(&mut reading.sides[0].items)),
                target: Arc::new(std::mem::take(&mut reading.sides[1].items)),
                decoder: self.decoder,
                keep: KEPT_DIFFERENCES,
                ignore: self.ignore,
                scopes: [words.clone(), words],
            })));
        }
        Ok(Next::Reads(commands))
    }
}

fn side_name(reading: &Reading, side: usize) -> String {
    if side == 1 {
        reading.target.clone()
    } else {
        "the open table".to_owned()
    }
}

/// The stage that waits for the worker's comparison of `sides`, and the read that asks for it.
pub(super) fn comparing(
    id: RequestId,
    target: String,
    sides: Box<TwoSides>,
) -> (Stage, Vec<Command>) {
    let items = [sides.source.len(), sides.target.len()];
    let read = Command::read(id, ReadFor::Screen, Read::Diff(sides.clone()));
    let stage = Stage::Comparing {
        id,
        target,
        items,
        sides,
    };
    (stage, vec![read])
}

/// Reads a side makes at once: a Scan segment each, or the one Query of a partition.
const fn segments(scope: &DiffScope) -> u32 {
    match scope {
        DiffScope::Table => SEGMENTS,
        DiffScope::Partition { .. } | DiffScope::Query(_) => 1,
    }
}

/// A page of one side: its table and place, the scan segment it is of, and its size.
struct PageOf<'a> {
    table: String,
    /// The target's place, for a page of the target on another place.
    place: Option<&'a Place>,
    segment: u32,
    limit: u32,
}

impl PageOf<'_> {
    /// The read of this page, from `start` (`None`: the first page).
    fn read(&self, id: RequestId, scope: &DiffScope, start: Option<Item>) -> Command {
        let read = match scope {
            DiffScope::Table => {
                let mut request = ScanRequest::new(self.table.clone());
                request.start_key = start;
                request.segment = Some((self.segment, SEGMENTS));
                request.limit = Some(self.limit);
                Read::Scan(request)
            }
            DiffScope::Partition { name, value } => {
                let mut params = ExpressionParams::default();
                params.names.insert("#pk".to_owned(), name.clone());
                params.values.insert(":pk".to_owned(), value.clone());
                let mut request = QueryRequest::new(self.table.clone(), "#pk = :pk", params);
                request.start_key = start;
                request.limit = Some(self.limit);
                Read::Query(request)
            }
            DiffScope::Query(query) => {
                let mut request = (**query).clone();
                request.table.clone_from(&self.table);
                request.start_key = start;
                request.limit = Some(self.limit);
                Read::Query(request)
            }
        };
        Command::read(id, ReadFor::Screen, elsewhere(self.place, read))
    }
}

/// Keeps a page of one side; the read of the same segment's next page, if there is one.
fn take_page(
    read: &mut SideRead,
    of: &PageOf,
    scope: &DiffScope,
    page: Page,
    next: RequestId,
) -> Vec<Command> {
    read.items.extend(page.items);
    let Some(start) = page.last_evaluated_key else {
        read.done = read.waiting.is_empty();
        return Vec::new();
    };
    read.waiting.push((next, of.segment));
    vec![of.read(next, scope, Some(start))]
}

/// Items are matched by key: both tables must name their key attributes alike.
fn check_keys(source: &TableDescription, target: &TableDescription) -> Result<(), String> {
    let names = |table: &TableDescription| table.key.names().map(str::to_owned).collect::<Vec<_>>();
    if names(source) == names(target) {
        return Ok(());
    }
    Err(format!(
        "the keys differ: {} has {}, {} has {}; items are matched by key, so compare them with \
         ddbx diff --rename OLD=NEW; nothing was read",
        source.name,
        names(source).join(", "),
        target.name,
        names(target).join(", ")
    ))
}
