//! The collections screens: prefixes → partitions → one partition's items (fetched by Query,
//! page by page as the user nears the end) → the inspector.

use std::collections::BTreeSet;

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::Paging;
use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::stale::{self, time_of_day};
use crate::app::state::{Notice, Partition, State, View};
use crate::backend::{BackendError, ExpressionParams, Page, QueryRequest};
use crate::domain::value::{AttrValue, Item};

use crate::app::state::explore::collection_rows::RowTarget;
use crate::app::state::rows::{group_of, home_rows};
use crate::domain::partition_items::PartitionItems;

/// Fetch the next page when the cursor is this close to the last loaded row.
const PREFETCH_ROWS: usize = 50;

/// `open` on a collections view.
pub(in crate::app::update) fn open(state: &mut State) -> Vec<Command> {
    match state.views.current().clone() {
        View::Prefixes { cursor } => {
            match home_rows(state)
                .into_iter()
                .nth(cursor)
                .map(|row| row.target)
            {
                Some(RowTarget::Parent { name, .. }) => {
                    state.explore.collapsed_collections.toggle(&name)
                }
                Some(RowTarget::Group(prefix)) => {
                    state.views.open(View::Partitions { prefix, cursor: 0 });
                }
                None => {}
            }
            Vec::new()
        }
        View::Partitions { prefix, cursor } => {
            let pk = group_of(state, prefix.as_deref())
                .and_then(|(found, id)| found.partitions(id).nth(cursor))
                .map(|(key, _)| key.to_attr_value());
            pk.map_or_else(Vec::new, |pk| open_partition(state, pk))
        }
        View::Partition { pk, cursor } => {
            let text = partition_text(&pk);
            if let Some(partition) = state.explore.partitions.get_mut(&text)
                && partition.toggle_fold(cursor)
            {
                return Vec::new();
            }
            let item = state.explore.partitions.get(&text).and_then(|partition| {
                match partition.rows().get(cursor) {
                    Some(PartitionRow::Item(index)) => partition.items.item(*index),
                    _ => None,
                }
            });
            if let Some(item) = item {
                state.inspect(item);
            }
            Vec::new()
        }
        // The other screens open their rows through their own features' handlers.
        _ => Vec::new(),
    }
}

/// Opens the partition `pk` (from the list, a typed key or a related link), querying it unless
/// it is already loaded. Before the table is described the view waits; [`load_current`] runs
/// the query once the key schema is known.
pub(in crate::app::update) fn open_partition(state: &mut State, pk: AttrValue) -> Vec<Command> {
    state.views.open(View::Partition { pk, cursor: 0 });
    load_current(state)
}

/// Queries the partition of the current view unless it is loaded or loading.
pub(in crate::app::update) fn load_current(state: &mut State) -> Vec<Command> {
    let View::Partition { pk, .. } = state.views.current().clone() else {
        return Vec::new();
    };
    let text = partition_text(&pk);
    let reusable = state
        .explore
        .partitions
        .get(&text)
        .is_some_and(|partition| !matches!(partition.paging, Paging::Failed(_)));
    if reusable {
        return Vec::new();
    }
    read_from_first_page(state, pk, text).into_iter().collect()
}

/// Starts reading partition `pk` (keyed `text`) from its first page, replacing whatever was
/// loaded for it. `None` when no query can be made yet (the table is not described).
pub(in crate::app::update) fn read_from_first_page(
    state: &mut State,
    pk: AttrValue,
    text: String,
) -> Option<Command> {
    let (id, command) = query_page(state, &pk, None)?;
    let key = state.described()?.key.clone();
    let fresh = Partition {
        pk,
        items: PartitionItems::new(key, state.entities.clone()),
        paging: Paging::first(id),
        kept: None,
        stale: None,
        folded: BTreeSet::new(),
    };
    // The items on screen stay aside until the first page of the new read lands; the groups
    // the user folded stay folded.
    let partition = match state.explore.partitions.remove(&text) {
        Some(old) => {
            let folded = old.folded.clone();
            Partition {
                folded,
                ..stale::refresh(old, fresh, state.clock)
            }
        }
        None => fresh,
    };
    state.explore.partitions.insert(text, partition);
    Some(command)
}

/// `R` on a partition: reads it again from its first page (the items stay until it answers).
pub(in crate::app::update) fn reread_current(state: &mut State) -> Vec<Command> {
    let View::Partition { pk, .. } = state.views.current().clone() else {
        return Vec::new();
    };
    let text = partition_text(&pk);
    if let Some(id) = state
        .explore
        .partitions
        .get(&text)
        .and_then(|partition| partition.paging.in_flight())
    {
        let mut commands = vec![Command::Cancel(vec![id])];
        commands.extend(read_from_first_page(state, pk, text));
        return commands;
    }
    read_from_first_page(state, pk, text).into_iter().collect()
}

/// The Query for one page of partition `pk`, with its request id; `None` before the table is
/// described.
pub(in crate::app::update) fn query_page(
    state: &mut State,
    pk: &AttrValue,
    start_key: Option<Item>,
) -> Option<(RequestId, Command)> {
    let partition_key = state.described()?.key.partition.name.clone();
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), partition_key);
    params.values.insert(":pk".to_owned(), pk.clone());
    let mut request = QueryRequest::new(state.table.name.clone(), "#pk = :pk", params);
    request.limit = Some(state.settings.page_size);
    request.start_key = start_key;
    let id = state.ids.issue();
    Some((
        id,
        Command::read(id, ReadFor::Partition, Read::Query(request)),
    ))
}

pub(in crate::app::update) fn partition_page(
    state: &mut State,
    id: RequestId,
    result: Result<Page, BackendError>,
) -> Vec<Command> {
    let Some(partition) = state
        .explore
        .partitions
        .values_mut()
        .find(|partition| partition.paging.awaits(id))
    else {
        return Vec::new();
    };
    match result {
        Ok(page) => {
            partition.items.add_page(page.items);
            partition.paging.landed(page.last_evaluated_key);
            stale::settle(partition);
            fetch_more_if_near_end(state)
        }
        Err(error) => {
            let message = error.to_string();
            let text = if stale::fall_back(partition, &message) {
                let read_at = partition.stale.as_ref().map(|stale| stale.read_at);
                format!(
                    "query failed: {message}; showing the items as read by {}",
                    time_of_day(read_at.map_or(state.clock.unix_seconds, |at| at.unix_seconds))
                )
            } else {
                partition.paging = Paging::Failed(message);
                format!("query failed: {error}")
            };
            state.notice = Some(Notice::Error(text));
            Vec::new()
        }
    }
}

/// Reads the next page of the partition with key text `text` whatever the cursor (marking every
/// item reads them all).
pub(in crate::app::update) fn next_page(state: &mut State, text: &str) -> Vec<Command> {
    let Some(partition) = state.explore.partitions.get(text) else {
        return Vec::new();
    };
    let Some(Some(start_key)) = partition.paging.ready() else {
        return Vec::new();
    };
    let (pk, start_key) = (partition.pk.clone(), start_key.clone());
    let Some((id, command)) = query_page(state, &pk, Some(start_key.clone())) else {
        return Vec::new();
    };
    if let Some(partition) = state.explore.partitions.get_mut(text) {
        partition.paging.fetch(id, Some(start_key));
    }
    vec![command]
}

/// Requests the next page of the current partition when the cursor is near the loaded end
/// (or the loaded pages hold fewer rows than the screen).
pub(in crate::app::update) fn fetch_more_if_near_end(state: &mut State) -> Vec<Command> {
    let View::Partition { pk, cursor } = state.views.current().clone() else {
        return Vec::new();
    };
    let text = partition_text(&pk);
    let Some(partition) = state.explore.partitions.get(&text) else {
        return Vec::new();
    };
    let Some(Some(start_key)) = partition.paging.ready() else {
        return Vec::new();
    };
    let loaded_rows = partition.rows().len();
    if cursor + PREFETCH_ROWS.max(state.list_height()) < loaded_rows {
        return Vec::new();
    }
    let start_key = start_key.clone();
    let Some((id, command)) = query_page(state, &pk, Some(start_key.clone())) else {
        return Vec::new();
    };
    if let Some(partition) = state.explore.partitions.get_mut(&text) {
        partition.paging.fetch(id, Some(start_key));
    }
    vec![command]
}

/// `next_group`/`prev_group`: in a partition, the cursor moves to the next or previous sort-key
/// group's heading (past 462 comments to the tickets in one key); elsewhere it says where the
/// key works.
pub(in crate::app::update) fn jump_group(state: &mut State, forward: bool) {
    let View::Partition { pk, cursor } = state.views.current() else {
        state.notice = Some(Notice::Info(
            "not on this screen: it moves between sort-key groups inside a partition".to_owned(),
        ));
        return;
    };
    let target = state
        .explore
        .partitions
        .get(&partition_text(pk))
        .and_then(|partition| partition.group_row(*cursor, forward));
    match target {
        Some(row) => {
            if let Some(cursor) = state.views.current_mut().cursor_mut() {
                *cursor = row;
            }
        }
        None => {
            let end = if forward { "last" } else { "first" };
            state.notice = Some(Notice::Info(format!("already at the {end} group")));
        }
    }
}
