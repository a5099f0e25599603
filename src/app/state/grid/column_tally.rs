//! What a result holds, counted as pages arrive: per entity type, how many items carry each
//! attribute, and how wide each column's cells are. Counting is incremental because results grow
//! by appending pages.

use std::collections::BTreeMap;

use crate::app::state::grid::cell::{cell_text, display_width};
use crate::domain::attribute_order::SummaryOrder;
use crate::domain::compact::ItemRows;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::schema::KeySchema;

/// Attribute columns taken from each entity type.
const ATTRIBUTES_PER_ENTITY: usize = 4;
/// Attribute columns at most (besides PK, SK and entity), so the table stays readable.
const MAX_ATTRIBUTE_COLUMNS: usize = 12;

/// Counts for one entity type.
#[derive(Clone, Debug, Default, PartialEq)]
struct EntityTally {
    items: u64,
    attributes: BTreeMap<String, u64>,
}

/// The counts behind the column choice.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Tally {
    /// Items counted so far (the prefix of the result already seen).
    counted: usize,
    by_entity: BTreeMap<String, EntityTally>,
    /// Widest cell seen per attribute, in terminal columns.
    widths: BTreeMap<String, usize>,
    entity_width: usize,
}

impl Tally {
    /// Counts the items of `items` not counted yet; a shorter slice than before means a new
    /// result, which is counted from the start.
    pub(super) fn update(
        &mut self,
        items: &(impl ItemRows + ?Sized),
        key: &KeySchema,
        entities: &EntityDecoder,
    ) {
        if items.len() < self.counted {
            *self = Self::default();
        }
        for item in (self.counted..items.len()).filter_map(|row| items.item(row)) {
            let entity = entities
                .decode(&item, key)
                .map(|entity| escape_for_terminal(&entity.name).into_owned())
                .unwrap_or_default();
            self.entity_width = self.entity_width.max(display_width(&entity));
            let tally = self.by_entity.entry(entity).or_default();
            tally.items += 1;
            for (name, value) in item.iter() {
                match tally.attributes.get_mut(name) {
                    Some(count) => *count += 1,
                    None => {
                        tally.attributes.insert(name.clone(), 1);
                    }
                }
                let width = display_width(&cell_text(value));
                match self.widths.get_mut(name) {
                    Some(widest) => *widest = (*widest).max(width),
                    None => {
                        self.widths.insert(name.clone(), width);
                    }
                }
            }
        }
        self.counted = items.len();
    }

    /// The attribute columns to show: for each entity type (most items first) its most common
    /// attributes that are not `skip`, without repeats, at most [`MAX_ATTRIBUTE_COLUMNS`]; among
    /// those as common, the ones `order` reads first (state before index keys).
    pub(super) fn chosen(&self, skip: &[&str], order: &SummaryOrder<'_>) -> Vec<String> {
        let mut entities: Vec<(&String, &EntityTally)> = self.by_entity.iter().collect();
        entities.sort_by(|a, b| b.1.items.cmp(&a.1.items).then_with(|| a.0.cmp(b.0)));
        let mut chosen: Vec<String> = Vec::new();
        for (_, tally) in entities {
            let mut attributes: Vec<(&String, &u64)> = tally
                .attributes
                .iter()
                .filter(|(name, _)| !skip.contains(&name.as_str()))
                .collect();
            attributes.sort_by(|a, b| {
                b.1.cmp(a.1)
                    .then_with(|| order.rank_of(a.0).cmp(&order.rank_of(b.0)))
                    .then_with(|| a.0.cmp(b.0))
            });
            for (name, _) in attributes.into_iter().take(ATTRIBUTES_PER_ENTITY) {
                if chosen.len() == MAX_ATTRIBUTE_COLUMNS {
                    return chosen;
                }
                if !chosen.contains(name) {
                    chosen.push(name.clone());
                }
            }
        }
        chosen
    }

    /// The widest cell seen for `attribute`.
    pub(super) fn width_of(&self, attribute: &str) -> usize {
        self.widths.get(attribute).copied().unwrap_or(0)
    }

    /// The widest entity name seen.
    pub(super) fn entity_width(&self) -> usize {
        self.entity_width
    }

    /// Entity types in the result with their item counts, most items first.
    pub(super) fn entity_counts(&self) -> Vec<(String, u64)> {
        let mut counts: Vec<(String, u64)> = self
            .by_entity
            .iter()
            .map(|(name, tally)| (name.clone(), tally.items))
            .collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        counts
    }
}
