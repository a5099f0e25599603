//! The GSI browser and the sparse-index inspector: the index list (table first), an index's
//! partitions, one index partition's items in the results grid, and the coverage screen. Index
//! items can be partial projections, so an item can be opened as the index holds it or fetched
//! whole from the table (GetItem).

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::grid::columns::ColumnContext;
use crate::app::state::indexes::browse::IndexGroup;
use crate::app::state::indexes::coverage::CoverageMode;
use crate::app::state::indexes::coverage_lines::coverage_lines;
use crate::app::state::inspect::inspector::PartialItem;
use crate::app::state::{Inspector, Notice, State, View};
use crate::app::update::grid::{column_key, remember};
use crate::backend::{BackendError, ExpressionParams, GetOutput, GetRequest};
use crate::domain::index_projection::projection_text;
use crate::domain::schema::Projection;
use crate::domain::value::Item;

mod query;
pub(in crate::app::update) mod scans;

/// `show_indexes`: the index list (not stacked on itself).
pub(in crate::app::update) fn show(state: &mut State) -> Vec<Command> {
    if !matches!(state.views.current(), View::Indexes { .. }) {
        state.views.open(View::Indexes { cursor: 0 });
    }
    Vec::new()
}

/// The index named by the current screen, or by the row under the cursor of the index list
/// (`None` on the table's row).
fn current_index(state: &State) -> Option<String> {
    match state.views.current() {
        View::Indexes { cursor } => cursor
            .checked_sub(1)
            .and_then(|position| state.described()?.indexes.get(position))
            .map(|index| index.name.clone()),
        View::IndexGroups { index, .. }
        | View::IndexItems { index, .. }
        | View::IndexCoverage { index, .. } => Some(index.clone()),
        _ => None,
    }
}

/// An action on an index screen; `None` leaves it to the common handlers (cursor, back, …).
pub(in crate::app::update) fn action(state: &mut State, action: &Action) -> Option<Vec<Command>> {
    let browsing = match state.views.current() {
        View::IndexGroups { index, .. } | View::IndexItems { index, .. } => Some(index.clone()),
        _ => None,
    };
    Some(match action {
        Action::Open => open(state),
        Action::CoverageSample => scans::start_coverage(state, CoverageMode::Sample),
        Action::CoverageFull => scans::start_coverage(state, CoverageMode::Full),
        Action::TogglePauseScan => scans::toggle_pause(state, browsing.as_deref()),
        Action::CancelScan => scans::cancel(state, browsing.as_deref()),
        Action::RestartScan => match &browsing {
            Some(index) => scans::restart_browse(state, index),
            // Rescans coverage the way it was last counted.
            None => match state.indexes.coverage.as_ref().map(|c| c.mode) {
                Some(mode) => scans::start_coverage(state, mode),
                None => Vec::new(),
            },
        },
        Action::ShowIndexCoverage => match current_index(state) {
            Some(index) => {
                state.views.open(View::IndexCoverage { index, cursor: 0 });
                Vec::new()
            }
            None => {
                state.notice = Some(Notice::Info(
                    "choose an index to inspect its coverage".to_owned(),
                ));
                Vec::new()
            }
        },
        Action::QueryIndex => query::open(state, current_index(state)),
        Action::FetchBaseItem => fetch_current(state),
        Action::NextColumn
        | Action::PrevColumn
        | Action::SortColumn
        | Action::HideColumn
        | Action::ResetColumns
        | Action::WidenColumn
        | Action::NarrowColumn => column_action(state, action),
        _ => return None,
    })
}

fn open(state: &mut State) -> Vec<Command> {
    match state.views.current().clone() {
        View::Indexes { cursor: 0 } => {
            state.views.open(View::Prefixes { cursor: 0 });
            Vec::new()
        }
        View::Indexes { .. } => {
            let Some(index) = current_index(state) else {
                return Vec::new();
            };
            state.views.open(View::IndexGroups {
                index: index.clone(),
                cursor: 0,
            });
            scans::start_browse(state, &index)
        }
        View::IndexGroups { index, cursor } => {
            let Some(description) = state.described().cloned() else {
                return Vec::new();
            };
            let entities = state.entities.clone();
            let Some(group) = state
                .indexes
                .browses
                .get_mut(&index)
                .and_then(|browse| browse.groups.get_mut(cursor))
            else {
                return Vec::new();
            };
            group.refresh_columns(ColumnContext {
                description: &description,
                entities: &entities,
                remembered: state.column_choices.of_table(&state.table.name),
            });
            let pk = group.pk.clone();
            state.views.open(View::IndexItems {
                index,
                pk,
                cursor: 0,
                column: 0,
            });
            Vec::new()
        }
        View::IndexItems {
            index, pk, cursor, ..
        } => {
            let item = state
                .indexes
                .browses
                .get(&index)
                .and_then(|browse| browse.group(&pk))
                .and_then(|group| group.item_at(cursor));
            if let Some(item) = item {
                let projection = state
                    .described()
                    .and_then(|d| d.index(&index))
                    .map(|schema| schema.projection.clone());
                let inspector = match projection.filter(|p| *p != Projection::All) {
                    Some(projection) => {
                        let projection = projection_text(&projection);
                        state.notice = Some(Notice::Info(format!(
                            "the item as {index} holds it ({projection}); F fetches the base item"
                        )));
                        Inspector::partial(item, PartialItem { index, projection })
                    }
                    None => Inspector::new(item),
                };
                state.views.open(View::Inspector(Box::new(inspector)));
            }
            Vec::new()
        }
        View::IndexCoverage { index, cursor } => {
            let example = coverage_lines(state, &index)
                .into_iter()
                .nth(cursor)
                .and_then(|line| line.example);
            example.map_or_else(Vec::new, |key| fetch(state, key))
        }
        _ => Vec::new(),
    }
}

/// The group shown by an index-items view.
fn current_group(state: &mut State) -> Option<(&mut IndexGroup, &mut usize)> {
    let View::IndexItems {
        index, pk, column, ..
    } = state.views.current_mut()
    else {
        return None;
    };
    let group = state.indexes.browses.get_mut(index)?.group_mut(pk)?;
    Some((group, column))
}

fn column_action(state: &mut State, action: &Action) -> Vec<Command> {
    let Some((group, column)) = current_group(state) else {
        return Vec::new();
    };
    let Some(columns) = &mut group.columns else {
        return Vec::new();
    };
    let outcome = column_key(columns, column, action);
    if outcome.reorder {
        group.reorder();
    }
    remember(state, outcome.remember)
}

/// `F` on an index item, or in the inspector on an index's partial copy: GetItem its base item.
pub(in crate::app::update) fn fetch_current(state: &mut State) -> Vec<Command> {
    if let View::Inspector(inspector) = state.views.current()
        && inspector.partial.is_some()
    {
        let key = state
            .described()
            .and_then(|description| description.primary_key_of(&inspector.item));
        return key.map_or_else(Vec::new, |key| fetch(state, key));
    }
    let View::IndexItems {
        index, pk, cursor, ..
    } = state.views.current().clone()
    else {
        state.notice = Some(Notice::Info(
            "F fetches the base item of an index item; open an index partition first".to_owned(),
        ));
        return Vec::new();
    };
    let key = state
        .indexes
        .browses
        .get(&index)
        .and_then(|browse| browse.group(&pk))
        .and_then(|group| group.item_at(cursor))
        .and_then(|item| state.described()?.primary_key_of(&item));
    key.map_or_else(Vec::new, |key| fetch(state, key))
}

/// GetItem of the item with primary key `key`; the answer opens the inspector.
fn fetch(state: &mut State, key: Item) -> Vec<Command> {
    let id = state.ids.issue();
    state.indexes.fetching = Some(id);
    state.notice = Some(Notice::Info("fetching the base item…".to_owned()));
    let request = GetRequest {
        table: state.table.name.clone(),
        key,
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: false,
    };
    vec![Command::read(
        id,
        ReadFor::IndexBaseItem,
        Read::Get(request),
    )]
}

/// The base item arrived: inspect it.
pub(in crate::app::update) fn base_item(
    state: &mut State,
    id: RequestId,
    result: Result<GetOutput, BackendError>,
) -> Vec<Command> {
    if state.indexes.fetching != Some(id) {
        return Vec::new();
    }
    state.indexes.fetching = None;
    match result {
        Ok(GetOutput {
            item: Some(item), ..
        }) => {
            state.notice = Some(Notice::Info("the base item, from the table".to_owned()));
            state.inspect(item);
        }
        Ok(GetOutput { item: None, .. }) => {
            state.notice = Some(Notice::Info(
                "the base item no longer exists (deleted since the index was read)".to_owned(),
            ));
        }
        Err(error) => {
            state.notice = Some(Notice::Error(format!("GetItem failed: {error}")));
        }
    }
    Vec::new()
}
