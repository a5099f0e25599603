//! A written item shown wherever it is on screen or in the history: the rows of every query run
//! and every inspector on it, so no view keeps showing what was there before the write.

use crate::app::state::{State, View};
use crate::domain::schema::KeySchema;
use crate::domain::value::Item;

/// Shows `written` (`None`: the item is gone) for the item with primary key `key`.
pub(in crate::app::update) fn show_written(
    state: &mut State,
    schema: &KeySchema,
    key: &Item,
    written: Option<&Item>,
) {
    let is_it = |item: &Item| schema.key_of(item).as_ref() == Some(key);
    for run in &mut state.query_runs {
        // An index or a projection reads only some attributes: a row keeps exactly those.
        let partial = run.request.index.is_some() || run.request.projection.is_some();
        let before = run.items.len();
        let mut changed = false;
        run.items.retain_mut(|row| {
            if !is_it(row) {
                return true;
            }
            changed = true;
            match written {
                Some(item) if partial => {
                    *row = row
                        .keys()
                        .filter_map(|name| Some((name.clone(), item.get(name)?.clone())))
                        .collect();
                    true
                }
                Some(item) => {
                    row.clone_from(item);
                    true
                }
                None => false,
            }
        });
        if changed || run.items.len() != before {
            run.reorder();
        }
    }
    if let Some(item) = written {
        for view in state.history.views_mut() {
            if let View::Inspector(inspector) = view
                && is_it(&inspector.item)
            {
                // The whole item as stored: no longer an index's partial copy.
                inspector.item = item.clone();
                inspector.partial = None;
            }
        }
    }
}
