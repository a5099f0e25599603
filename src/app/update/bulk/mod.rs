//! Marking items in the lists (one, a range, every match of the list's query, one entity) and
//! opening the bulk flow on them. The flow itself: [`form`] (what to do), [`run`] (dry run,
//! confirmation, the run, its summary and undo).

pub(in crate::app::update) mod form;
pub(in crate::app::update) mod run;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::bulk::{BulkFlow, BulkForm, BulkStage, ListRef};
use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::{Notice, State, View};
use crate::domain::figures::counted;
use crate::domain::schema::{Projection, TableDescription};
use crate::domain::value::Item;

/// The marked-item list on screen and its loaded items in display order.
fn current_list(state: &State) -> Option<(ListRef, Vec<Item>, bool)> {
    match state.history.current() {
        View::QueryResults { run, .. } => {
            let query = state.query_runs.get(*run)?;
            let items = (0..query.items.len())
                .filter_map(|row| query.item_at(row).cloned())
                .collect();
            Some((
                ListRef::Query(*run),
                items,
                holds_whole_items(state, query.request.index.as_deref()),
            ))
        }
        View::Partition { pk, .. } => {
            let text = partition_text(pk);
            let partition = state.partitions.get(&text)?;
            let items = partition
                .rows()
                .into_iter()
                .map(|row| match row {
                    PartitionRow::Item(index) => partition.items.items().get(index).cloned(),
                    PartitionRow::Group { .. } => None,
                })
                .collect::<Vec<_>>();
            // Group headers stay in as `None` so rows line up with the cursor.
            Some((
                ListRef::Partition(text),
                items.into_iter().flatten().collect(),
                true,
            ))
        }
        _ => None,
    }
}

/// True when reading `index` (or the table) gives whole items.
fn holds_whole_items(state: &State, index: Option<&str>) -> bool {
    match (index, state.described()) {
        (None, _) => true,
        (Some(name), Some(description)) => description
            .index(name)
            .is_some_and(|index| index.projection == Projection::All),
        (Some(_), None) => false,
    }
}

/// The item under the cursor of the current list and its row.
fn item_under_cursor(state: &State) -> Option<(ListRef, usize, Item, bool)> {
    match state.history.current() {
        View::QueryResults { run, cursor } => {
            let query = state.query_runs.get(*run)?;
            let whole = holds_whole_items(state, query.request.index.as_deref());
            Some((
                ListRef::Query(*run),
                *cursor,
                query.item_at(*cursor)?.clone(),
                whole,
            ))
        }
        View::Partition { pk, cursor } => {
            let text = partition_text(pk);
            let partition = state.partitions.get(&text)?;
            let PartitionRow::Item(index) = partition.rows().get(*cursor)?.clone() else {
                return None;
            };
            let item = partition.items.items().get(index)?.clone();
            Some((ListRef::Partition(text), *cursor, item, true))
        }
        _ => None,
    }
}

fn described(state: &mut State) -> Option<TableDescription> {
    let description = state.described().cloned();
    if description.is_none() {
        state.notice = Some(Notice::Error(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
    }
    description
}

fn not_a_list(state: &mut State) -> Vec<Command> {
    state.notice = Some(Notice::Error(
        "marking works in a partition's items and in query results".to_owned(),
    ));
    Vec::new()
}

fn say_selected(state: &mut State, what: String) {
    state.notice = Some(Notice::Info(format!(
        "{what}; {} marked",
        counted(state.bulk.selection.len() as u64, "item", "items")
    )));
}

/// `toggle_mark`, `mark_range`, `mark_all`, `mark_entity`, `clear_marks`, `bulk_actions`.
pub(in crate::app::update) fn action(state: &mut State, action: &Action) -> Vec<Command> {
    match action {
        Action::ToggleMark => toggle(state),
        Action::MarkRange => range(state),
        Action::MarkAll => mark_all(state),
        Action::MarkEntity => entity(state),
        Action::ClearMarks => {
            state.bulk.selection.clear();
            state.bulk.marking_all = None;
            state.notice = Some(Notice::Info("nothing marked".to_owned()));
            Vec::new()
        }
        Action::BulkActions => open(state),
        Action::UndoBatch => run::undo_last(state),
        _ => Vec::new(),
    }
}

fn toggle(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some((list, row, item, whole)) = item_under_cursor(state) else {
        return not_a_list(state);
    };
    let marked = state.bulk.selection.toggle(&description, &item, whole);
    state.bulk.selection.anchor = Some((list, row));
    say_selected(
        state,
        if marked {
            "marked".into()
        } else {
            "unmarked".into()
        },
    );
    Vec::new()
}

fn range(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some((list, row, _, whole)) = item_under_cursor(state) else {
        return not_a_list(state);
    };
    let from = match &state.bulk.selection.anchor {
        Some((anchor_list, anchor_row)) if *anchor_list == list => *anchor_row,
        _ => {
            state.notice = Some(Notice::Error(
                "mark an item of this list first (Space): a range runs from it to the cursor"
                    .to_owned(),
            ));
            return Vec::new();
        }
    };
    let rows = rows_between(state, from.min(row), from.max(row));
    let mut added = 0_u64;
    for item in &rows {
        added += u64::from(state.bulk.selection.mark(&description, item, whole));
    }
    state.bulk.selection.anchor = Some((list, row));
    say_selected(state, format!("{} more", counted(added, "item", "items")));
    Vec::new()
}

/// The items on rows `from..=to` of the current list (group headers skipped).
fn rows_between(state: &State, from: usize, to: usize) -> Vec<Item> {
    match state.history.current() {
        View::QueryResults { run, .. } => {
            state.query_runs.get(*run).map_or_else(Vec::new, |query| {
                (from..=to)
                    .filter_map(|row| query.item_at(row).cloned())
                    .collect()
            })
        }
        View::Partition { pk, .. } => {
            state
                .partitions
                .get(&partition_text(pk))
                .map_or_else(Vec::new, |partition| {
                    let rows = partition.rows();
                    (from..=to)
                        .filter_map(|row| match rows.get(row) {
                            Some(PartitionRow::Item(index)) => {
                                partition.items.items().get(*index).cloned()
                            }
                            _ => None,
                        })
                        .collect()
                })
        }
        _ => Vec::new(),
    }
}

fn entity(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some((_, _, item, whole)) = item_under_cursor(state) else {
        return not_a_list(state);
    };
    let Some((_, items, _)) = current_list(state) else {
        return Vec::new();
    };
    let name = entity_of(state, &description, &item);
    let mut added = 0_u64;
    let same: Vec<&Item> = items
        .iter()
        .filter(|other| entity_of(state, &description, other) == name)
        .collect();
    for other in same {
        added += u64::from(state.bulk.selection.mark(&description, other, whole));
    }
    say_selected(
        state,
        format!(
            "{} more of {name} (loaded rows)",
            counted(added, "item", "items")
        ),
    );
    Vec::new()
}

/// The entity name of `item` as the lists show it.
pub(in crate::app::update) fn entity_of(
    state: &State,
    description: &TableDescription,
    item: &Item,
) -> String {
    state
        .entities
        .decode(item, &description.key)
        .map_or_else(|| "(unknown)".to_owned(), |entity| entity.name)
}

fn mark_all(state: &mut State) -> Vec<Command> {
    if described(state).is_none() {
        return Vec::new();
    }
    let Some((list, _, _)) = current_list(state) else {
        return not_a_list(state);
    };
    state.bulk.marking_all = Some(list);
    continue_marking(state)
}

/// Marks every loaded item of the list being marked whole, and reads its next page until the
/// last: called after every page of a partition or a query run lands.
pub(in crate::app::update) fn continue_marking(state: &mut State) -> Vec<Command> {
    let Some(list) = state.bulk.marking_all.clone() else {
        return Vec::new();
    };
    let Some(description) = state.described().cloned() else {
        return Vec::new();
    };
    let (items, whole, paging) = match &list {
        ListRef::Query(index) => {
            let Some(query) = state.query_runs.get(*index) else {
                state.bulk.marking_all = None;
                return Vec::new();
            };
            let whole = holds_whole_items(state, query.request.index.as_deref());
            (query.items.clone(), whole, query.paging.clone())
        }
        ListRef::Partition(text) => {
            let Some(partition) = state.partitions.get(text) else {
                state.bulk.marking_all = None;
                return Vec::new();
            };
            (
                partition.items.items().to_vec(),
                true,
                partition.paging.clone(),
            )
        }
    };
    for item in &items {
        state.bulk.selection.mark(&description, item, whole);
    }
    use crate::app::state::Paging;
    match paging {
        Paging::Fetching { .. } => Vec::new(),
        Paging::Ready(Some(_)) => match &list {
            ListRef::Query(index) => super::query::results::next_page(state, *index),
            ListRef::Partition(text) => super::explore::collections::next_page(state, text),
        },
        Paging::Failed(error) => {
            state.bulk.marking_all = None;
            state.notice = Some(Notice::Error(format!(
                "marking stopped: a page failed ({error}); {} marked",
                counted(state.bulk.selection.len() as u64, "item", "items")
            )));
            Vec::new()
        }
        Paging::Cancelled { .. } => {
            state.bulk.marking_all = None;
            say_selected(
                state,
                "marking stopped: reading the list was cancelled".to_owned(),
            );
            Vec::new()
        }
        Paging::Ready(None) | Paging::Complete => {
            state.bulk.marking_all = None;
            say_selected(
                state,
                format!("every match read ({} in the list)", items.len()),
            );
            Vec::new()
        }
    }
}

fn open(state: &mut State) -> Vec<Command> {
    if state.bulk.selection.is_empty() {
        state.notice = Some(Notice::Error(
            "nothing marked: mark items with Space, V (range), * (all matches) or E (entity)"
                .to_owned(),
        ));
        return Vec::new();
    }
    state.bulk.flow = Some(Box::new(BulkFlow {
        stage: BulkStage::Form(BulkForm::default()),
        waiting: None,
    }));
    Vec::new()
}
