//! The column keys of a results table (query results and index items alike).

use crate::app::action::Action;
use crate::app::state::table::columns::Columns;

/// Applies a column key to `columns` with `selected` the selected column: select, sort, hide,
/// resize. True when the sort changed, so the caller reorders its rows.
pub(in crate::app::update) fn column_key(
    columns: &mut Columns,
    selected: &mut usize,
    action: &Action,
) -> bool {
    let last = columns.len().saturating_sub(1);
    match action {
        Action::NextColumn => *selected = (*selected + 1).min(last),
        Action::PrevColumn => *selected = selected.saturating_sub(1),
        Action::SortColumn => {
            columns.sort_by(*selected);
            return true;
        }
        Action::HideColumn => columns.toggle_hidden(*selected),
        Action::WidenColumn => columns.widen(*selected),
        Action::NarrowColumn => columns.narrow(*selected),
        _ => {}
    }
    false
}
