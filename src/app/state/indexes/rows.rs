//! The rows of the index screens: how many (cursor bounds) and their searchable text (for `/`
//! and `n`).

use crate::app::state::indexes::coverage_lines::coverage_lines;
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::{State, View};

pub fn row_texts(state: &State) -> Vec<String> {
    match state.views.current() {
        View::Indexes { .. } => std::iter::once(state.table.name.clone())
            .chain(
                state
                    .described()
                    .into_iter()
                    .flat_map(|d| d.indexes.iter().map(|index| index.name.clone())),
            )
            .collect(),
        View::IndexGroups { index, .. } => state
            .indexes
            .browses
            .get(index)
            .map(|browse| browse.groups.iter().map(|g| key_text(&g.pk)).collect())
            .unwrap_or_default(),
        View::IndexItems { index, pk, .. } => {
            let Some(group) = state
                .indexes
                .browses
                .get(index)
                .and_then(|browse| browse.group(pk))
            else {
                return Vec::new();
            };
            (0..group.items.len())
                .map(|row| {
                    group
                        .item_at(row)
                        .map(|item| {
                            item.values()
                                .filter_map(|value| value.as_s())
                                .collect::<Vec<_>>()
                                .join(" ")
                        })
                        .unwrap_or_default()
                })
                .collect()
        }
        View::IndexCoverage { index, .. } => coverage_lines(state, index)
            .into_iter()
            .map(|line| line.text)
            .collect(),
        _ => Vec::new(),
    }
}

/// The rows the cursor may stop on, where a screen mixes them with headings and notes: the
/// sparse-index inspector's lines with an example item to open (`None`: every row is a stop).
#[must_use]
pub fn cursor_stops(state: &State) -> Option<Vec<usize>> {
    match state.views.current() {
        View::IndexCoverage { index, .. } => Some(
            coverage_lines(state, index)
                .iter()
                .enumerate()
                .filter(|(_, line)| line.example.is_some())
                .map(|(position, _)| position)
                .collect(),
        ),
        _ => None,
    }
}

/// Rows of an index screen (`None` for other views).
#[must_use]
pub fn row_count(state: &State) -> Option<usize> {
    Some(match state.views.current() {
        View::Indexes { .. } => 1 + state.described().map_or(0, |d| d.indexes.len()),
        View::IndexGroups { index, .. } => state
            .indexes
            .browses
            .get(index)
            .map_or(0, |browse| browse.groups.len()),
        View::IndexItems { index, pk, .. } => state
            .indexes
            .browses
            .get(index)
            .and_then(|browse| browse.group(pk))
            .map_or(0, |group| group.items.len()),
        View::IndexCoverage { index, .. } => coverage_lines(state, index).len(),
        _ => return None,
    })
}
