//! A written item shown wherever it is on screen or in the history: the rows of every query run
//! and every inspector on it, so no view keeps showing what was there before the write.

use crate::app::state::{State, View};
use crate::domain::compact::CompactItems;
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
    for run in &mut state.queries.runs {
        // An index or a projection reads only some attributes: a row keeps exactly those.
        let partial = run.request.index.is_some() || run.request.projection.is_some();
        let rows: Vec<usize> = (0..run.items.len())
            .filter(|&index| holds_key(&run.items, index, schema, key))
            .collect();
        // From the last row back, so removing one leaves the earlier positions as they were.
        for &index in rows.iter().rev() {
            match written {
                Some(item) if partial => {
                    let Some(row) = run.items.get(index) else {
                        continue;
                    };
                    let kept: Item = row
                        .keys()
                        .filter_map(|name| Some((name.clone(), item.get(name)?.clone())))
                        .collect();
                    run.items.replace(index, &kept);
                }
                Some(item) => {
                    run.items.replace(index, item);
                }
                None => run.items.remove(index),
            }
        }
        if !rows.is_empty() {
            run.reorder();
        }
    }
    if let Some(item) = written {
        for view in state.views.views_mut() {
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

/// True when the item at `index` has primary key `key`, decoding only its key attributes.
fn holds_key(items: &CompactItems, index: usize, schema: &KeySchema, key: &Item) -> bool {
    key.len() == schema.names().count()
        && schema.names().all(|name| {
            key.get(name)
                .is_some_and(|wanted| items.attribute(index, name).as_ref() == Some(wanted))
        })
}
