//! What the query builder starts from: an index, a partition and a sort key condition, taken
//! from the screen under it (see [`crate::app::state::screens::Screen::query_preset`]).

use crate::app::state::State;
use crate::app::state::inspect::inspector::key_text;
use crate::domain::access_pattern::SortOperator;
use crate::domain::value::{AttrValue, Item};

/// What to prefill the form with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryPreset {
    /// `None` = the table.
    pub index: Option<String>,
    /// Partition key value as text.
    pub partition: Option<String>,
    /// Sort operator, value and, for BETWEEN, the upper bound.
    pub sort: Option<(SortOperator, String, Option<String>)>,
}

impl QueryPreset {
    /// The table partition of `item` and `= its sort key`.
    #[must_use]
    pub fn of_item(state: &State, item: &Item) -> Self {
        let Some(key) = state.described().map(|description| &description.key) else {
            return Self::default();
        };
        Self {
            index: None,
            partition: item.get(&key.partition.name).map(key_text),
            sort: key
                .sort
                .as_ref()
                .and_then(|sort| item.get(&sort.name))
                .map(|value| (SortOperator::Eq, key_text(value), None)),
        }
    }

    /// The item's preset, or nothing when there is no item under the cursor.
    #[must_use]
    pub fn of_row(state: &State, item: Option<&Item>) -> Self {
        item.map_or_else(Self::default, |item| Self::of_item(state, item))
    }

    /// A partition of the table, or of `index`.
    #[must_use]
    pub fn partition(index: Option<&str>, pk: &AttrValue) -> Self {
        Self {
            index: index.map(str::to_owned),
            partition: Some(key_text(pk)),
            sort: None,
        }
    }
}
