//! The item an edit or a staged check starts from.

use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::{State, View};
use crate::domain::value::Item;

/// The item under the cursor: the inspected one, or the item row of a partition list.
pub(super) fn selected_item(state: &State) -> Option<Item> {
    match state.views.current() {
        View::Inspector(inspector) => Some(inspector.item.clone()),
        View::Partition { pk, cursor } => {
            let partition = state.explore.partitions.get(&partition_text(pk))?;
            match partition.rows().get(*cursor) {
                Some(PartitionRow::Item(index)) => partition.items.item(*index),
                _ => None,
            }
        }
        _ => None,
    }
}
