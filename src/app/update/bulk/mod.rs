//! Marking items in the lists (one, a range, every match of the list's query, one entity) and
//! opening the bulk flow on them. The flow itself: [`open`] (partial copies read whole first),
//! [`form`] (what to do), [`run`] (dry run, confirmation, the run, its summary and undo).

mod close;
mod derived;
pub(in crate::app::update) mod form;
pub(in crate::app::update) mod open;
pub(in crate::app::update) mod resume;
pub(in crate::app::update) mod run;
pub(in crate::app::update) mod scope;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::bulk::{BulkStage, ListRef};
use crate::app::state::screens::markable_list;
use crate::app::state::{Notice, State};
use crate::domain::figures::counted;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

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
        "marking works in a partition's items, query results, an index partition's items and the stream's records".to_owned(),
    ));
    Vec::new()
}

/// What a marking key did; the status line's `[N marked]` already gives the count.
fn say_selected(state: &mut State, what: String) {
    state.notice = Some(Notice::Info(what));
}

/// A key on the scope being read, the dry run, the run or the summary: the scope's read is
/// cancelled by `scope`, resuming a cut-off run from the dry run is `resume`'s, everything else
/// `run`'s.
pub(in crate::app::update) fn stage_key(state: &mut State, action: &Action) -> Vec<Command> {
    let on_dry_run = state
        .bulk
        .flow
        .as_deref()
        .is_some_and(|flow| matches!(flow.stage, BulkStage::DryRun(_)));
    if on_dry_run && matches!(action, Action::ResumeBatch) {
        return resume::ask(state);
    }
    if on_dry_run && matches!(action, Action::UpdateDerivedKeys) {
        derived::update(state);
        return Vec::new();
    }
    let reading = state
        .bulk
        .flow
        .as_deref()
        .is_some_and(|flow| matches!(flow.stage, BulkStage::Reading(..)));
    if reading {
        if matches!(action, Action::Back | Action::CancelBulk) {
            return scope::cancel(state);
        }
        return Vec::new();
    }
    run::key(state, action)
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
        Action::BulkActions => open::open(state),
        Action::UndoBatch => run::undo_last(state),
        _ => Vec::new(),
    }
}

fn toggle(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some(list) = markable_list(state) else {
        return not_a_list(state);
    };
    let Some(item) = list.under_cursor() else {
        return not_a_list(state);
    };
    let marked = state.bulk.selection.toggle(&description, item, list.whole);
    state.bulk.selection.anchor = Some((list.list, list.cursor));
    say_selected(
        state,
        if marked {
            "item marked".into()
        } else {
            "item unmarked".into()
        },
    );
    Vec::new()
}

fn range(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some(list) = markable_list(state) else {
        return not_a_list(state);
    };
    let row = list.cursor;
    let from = match &state.bulk.selection.anchor {
        Some((anchor_list, anchor_row)) if *anchor_list == list.list => *anchor_row,
        _ => {
            state.notice = Some(Notice::Error(
                "mark an item of this list first (Space): a range runs from it to the cursor"
                    .to_owned(),
            ));
            return Vec::new();
        }
    };
    let mut added = 0_u64;
    for item in list.between(from.min(row), from.max(row)) {
        added += u64::from(state.bulk.selection.mark(&description, item, list.whole));
    }
    state.bulk.selection.anchor = Some((list.list, row));
    say_selected(state, format!("{} more", counted(added, "item", "items")));
    Vec::new()
}

fn entity(state: &mut State) -> Vec<Command> {
    let Some(description) = described(state) else {
        return Vec::new();
    };
    let Some(list) = markable_list(state) else {
        return not_a_list(state);
    };
    let Some(item) = list.under_cursor() else {
        return not_a_list(state);
    };
    let name = entity_of(state, &description, item);
    let mut added = 0_u64;
    let same: Vec<&Item> = list
        .items()
        .filter(|other| entity_of(state, &description, other) == name)
        .collect();
    for other in same {
        added += u64::from(state.bulk.selection.mark(&description, other, list.whole));
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
    let Some(list) = markable_list(state) else {
        return not_a_list(state);
    };
    state.bulk.marking_all = Some(list.list);
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
            let Some(query) = state.queries.runs.get(*index) else {
                state.bulk.marking_all = None;
                return Vec::new();
            };
            let whole = crate::app::state::bulk::lists::holds_whole_items(
                state,
                query.request.index.as_deref(),
            );
            (query.items.to_vec(), whole, query.paging.clone())
        }
        ListRef::Partition(text) => {
            let Some(partition) = state.explore.partitions.get(text) else {
                state.bulk.marking_all = None;
                return Vec::new();
            };
            (
                partition.items.items().to_vec(),
                true,
                partition.paging.clone(),
            )
        }
        // The index browse and the stream read on by themselves: what they hold now is marked.
        ListRef::IndexItems { .. } | ListRef::Stream => {
            return mark_what_is_shown(state, &description);
        }
    };
    for item in &items {
        state.bulk.selection.mark(&description, item, whole);
    }
    match paging {
        crate::app::state::Paging::Fetching { .. } => Vec::new(),
        crate::app::state::Paging::Ready(Some(_)) => match &list {
            ListRef::Query(index) => super::query::results::next_page(state, *index),
            ListRef::Partition(text) => super::explore::collections::next_page(state, text),
            ListRef::IndexItems { .. } | ListRef::Stream => Vec::new(),
        },
        crate::app::state::Paging::Failed(error) => {
            state.bulk.marking_all = None;
            state.notice = Some(Notice::Error(format!(
                "marking stopped: a page failed ({error}); {} marked",
                counted(state.bulk.selection.len() as u64, "item", "items")
            )));
            Vec::new()
        }
        crate::app::state::Paging::Cancelled { .. } => {
            state.bulk.marking_all = None;
            say_selected(
                state,
                "marking stopped: reading the list was cancelled".to_owned(),
            );
            Vec::new()
        }
        crate::app::state::Paging::Ready(None) | crate::app::state::Paging::Complete => {
            state.bulk.marking_all = None;
            say_selected(
                state,
                format!("every match read ({} in the list)", items.len()),
            );
            Vec::new()
        }
    }
}

/// Every row of an index partition or of the stream view as it is now.
fn mark_what_is_shown(state: &mut State, description: &TableDescription) -> Vec<Command> {
    state.bulk.marking_all = None;
    let Some(list) = markable_list(state) else {
        return Vec::new();
    };
    let mut added = 0_u64;
    for item in list.items() {
        added += u64::from(state.bulk.selection.mark(description, item, list.whole));
    }
    let still_reading = match &list.list {
        ListRef::IndexItems { index, .. } => state
            .indexes
            .browses
            .get(index)
            .is_some_and(|browse| !browse.scan.is_exhaustive()),
        _ => true,
    };
    say_selected(
        state,
        format!(
            "{} more{}",
            counted(added, "item", "items"),
            if still_reading {
                " (every row shown; more may arrive: * again marks them)"
            } else {
                ""
            }
        ),
    );
    Vec::new()
}
