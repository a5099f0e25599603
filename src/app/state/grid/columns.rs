//! The results grid's columns: which attributes are shown and how (pure state). PK, SK and the
//! entity come first, then the attributes most common in the result, chosen per entity type so a
//! mixed result (users and their orders) shows something useful for each, state-like ones
//! (`status`, `type`, `updatedAt`) first and index keys last. The user can sort
//! (DynamoDB's value order, stable), hide and resize columns; new pages add columns at the end
//! and never undo those choices. The columns hidden are remembered per entity type (the type
//! most rows have): the same type's rows hide them again the next time.

use std::borrow::Cow;
use std::cmp::Ordering;

use crate::app::state::grid::cell::{display_width, value_order};
use crate::app::state::grid::column_tally::Tally;
use crate::domain::attribute_order::SummaryOrder;
use crate::domain::compact::ItemRows;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::schema::{KeySchema, TableDescription};
use crate::domain::value::{AttrValue, Item};
use crate::storage::column_choices::EntityChoices;

/// Narrowest a column gets.
pub const MIN_WIDTH: u16 = 3;
/// Widest a column gets by itself; the user can widen past it.
pub const MAX_AUTO_WIDTH: u16 = 40;
/// Widest a column gets at all.
pub const MAX_WIDTH: u16 = 200;
/// Columns added or removed per widen/narrow.
pub const RESIZE_STEP: u16 = 2;

/// What a column shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColumnSource {
    /// An attribute's value (the table's PK and SK are attributes too).
    Attribute(String),
    /// The decoded entity type.
    Entity,
}

/// One column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub source: ColumnSource,
    /// Width of the cells in terminal columns.
    pub width: u16,
    /// Hidden columns keep their place (drawn as a one-character stub) so they can be shown again.
    pub hidden: bool,
    /// The user resized it: new pages no longer change its width.
    resized: bool,
}

impl Column {
    fn new(source: ColumnSource) -> Self {
        Self {
            source,
            width: MIN_WIDTH,
            hidden: false,
            resized: false,
        }
    }

    /// The header text (attribute names escaped).
    #[must_use]
    pub fn title(&self) -> String {
        match &self.source {
            ColumnSource::Attribute(name) => escape_for_terminal(name).into_owned(),
            ColumnSource::Entity => "entity".to_owned(),
        }
    }
}

/// The column state of one results grid.
#[derive(Clone, Debug)]
pub struct Columns {
    columns: Vec<Column>,
    /// Sort column and direction (`true`: ascending); `None` keeps the result's own order.
    sort: Option<(usize, bool)>,
    key: KeySchema,
    entities: EntityDecoder,
    tally: Tally,
    /// Columns the remembered choices were applied to: each column once, as it first shows.
    remembered_up_to: usize,
}

/// What choosing a result's columns reads besides its items: the table, how its items decode
/// to entity types, and the columns remembered hidden for those types.
#[derive(Clone, Copy)]
pub struct ColumnContext<'a> {
    pub description: &'a TableDescription,
    pub entities: &'a EntityDecoder,
    pub remembered: Option<&'a EntityChoices>,
}

/// A column the user hid or showed again: what is remembered for the rows' entity type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnChoice {
    /// The type most rows have (`""`: none known).
    pub entity: String,
    pub attribute: String,
    pub hidden: bool,
}

impl Columns {
    /// PK, SK, entity, then the attributes most common in `items`, chosen per entity type.
    #[must_use]
    pub fn choose(
        items: &(impl ItemRows + ?Sized),
        description: &TableDescription,
        entities: &EntityDecoder,
    ) -> Self {
        let mut columns: Vec<Column> = description
            .key
            .names()
            .map(|name| Column::new(ColumnSource::Attribute(name.to_owned())))
            .collect();
        columns.push(Column::new(ColumnSource::Entity));
        let mut chosen = Self {
            columns,
            sort: None,
            key: description.key.clone(),
            entities: entities.clone(),
            tally: Tally::default(),
            remembered_up_to: 0,
        };
        chosen.refresh(items, description, entities);
        chosen
    }

    /// Takes `items` (the whole result so far) into `columns`, choosing them on the first call,
    /// and hides the new columns `remembered` hides for the rows' entity type.
    pub fn choose_or_refresh(
        columns: &mut Option<Self>,
        items: &(impl ItemRows + ?Sized),
        context: ColumnContext<'_>,
    ) {
        let (description, entities) = (context.description, context.entities);
        let columns = match columns {
            Some(columns) => {
                columns.refresh(items, description, entities);
                columns
            }
            None => columns.insert(Self::choose(items, description, entities)),
        };
        columns.apply_remembered(items, context.remembered);
    }

    /// Row indices of `items` in display order: the columns' sort, or as read before any
    /// columns exist.
    #[must_use]
    pub fn display_order(columns: Option<&Self>, items: &(impl ItemRows + ?Sized)) -> Vec<usize> {
        match columns {
            Some(columns) => columns.order(items),
            None => (0..items.len()).collect(),
        }
    }

    /// Takes in new pages (`items` is the whole result so far): adds newly common attributes at
    /// the end and fits automatic widths, keeping the user's order, hidden columns, widths and sort.
    pub fn refresh(
        &mut self,
        items: &(impl ItemRows + ?Sized),
        description: &TableDescription,
        entities: &EntityDecoder,
    ) {
        self.key = description.key.clone();
        self.entities = entities.clone();
        self.tally.update(items, &self.key, &self.entities);
        let skip: Vec<&str> = self.key.names().collect();
        // The columns a page brings read as a partition's lines do: state first, the index keys
        // (which repeat what the keys say) last, and left out first when there are too many.
        let order = SummaryOrder::of(Some(description)).with_model(entities.model());
        let mut chosen = self.tally.chosen(&skip, &order);
        order.sort_names(&mut chosen);
        for name in chosen {
            let source = ColumnSource::Attribute(name);
            if !self.columns.iter().any(|column| column.source == source) {
                self.columns.push(Column::new(source));
            }
        }
        for column in &mut self.columns {
            if column.resized {
                continue;
            }
            let content = match &column.source {
                ColumnSource::Attribute(name) => self.tally.width_of(name),
                ColumnSource::Entity => self.tally.entity_width(),
            };
            let fitted = content.max(display_width(&column.title()) + 1);
            column.width = clamp_width(fitted, MAX_AUTO_WIDTH);
        }
    }

    /// Sorts by `column`: ascending, then descending, then back to the result's order.
    pub fn sort_by(&mut self, column: usize) {
        if column >= self.columns.len() {
            return;
        }
        self.sort = match self.sort {
            Some((current, true)) if current == column => Some((column, false)),
            Some((current, false)) if current == column => None,
            _ => Some((column, true)),
        };
    }

    /// Hides `column`, or shows it again; the choice to remember when it is an attribute's.
    pub fn toggle_hidden(&mut self, column: usize) -> Option<ColumnChoice> {
        let entity = self.main_entity();
        let column = self.columns.get_mut(column)?;
        column.hidden = !column.hidden;
        match &column.source {
            ColumnSource::Attribute(name) => Some(ColumnChoice {
                entity,
                attribute: name.clone(),
                hidden: column.hidden,
            }),
            ColumnSource::Entity => None,
        }
    }

    /// Shows every attribute column again; the type whose remembered choice that forgets.
    pub fn show_all(&mut self) -> String {
        for column in &mut self.columns {
            if matches!(column.source, ColumnSource::Attribute(_)) {
                column.hidden = false;
            }
        }
        self.main_entity()
    }

    /// Hides the columns not yet seen that `remembered` hides for the rows' main entity type.
    /// Each column is looked at once, when it first shows, so a column shown again by hand
    /// stays shown while new pages arrive.
    pub fn apply_remembered(
        &mut self,
        items: &(impl ItemRows + ?Sized),
        remembered: Option<&EntityChoices>,
    ) {
        if items.is_empty() {
            return;
        }
        let hidden = remembered.and_then(|choices| choices.get(&self.main_entity()));
        for column in self.columns.iter_mut().skip(self.remembered_up_to) {
            if let (ColumnSource::Attribute(name), Some(hidden)) = (&column.source, hidden) {
                column.hidden = hidden.contains(name);
            }
        }
        self.remembered_up_to = self.columns.len();
    }

    /// The entity type most rows so far have (`""`: none known), whose choices are remembered.
    #[must_use]
    pub fn main_entity(&self) -> String {
        self.tally
            .entity_counts()
            .into_iter()
            .next()
            .map(|(name, _)| name)
            .unwrap_or_default()
    }

    pub fn widen(&mut self, column: usize) {
        self.resize(column, |width| width.saturating_add(RESIZE_STEP));
    }

    pub fn narrow(&mut self, column: usize) {
        self.resize(column, |width| width.saturating_sub(RESIZE_STEP));
    }

    fn resize(&mut self, column: usize, change: impl Fn(u16) -> u16) {
        if let Some(column) = self.columns.get_mut(column) {
            column.width = change(column.width).clamp(MIN_WIDTH, MAX_WIDTH);
            column.resized = true;
        }
    }

    /// Row indices in display order (sorted by the sort column with DynamoDB's order, stable;
    /// items without the attribute last in both directions).
    #[must_use]
    pub fn order(&self, items: &(impl ItemRows + ?Sized)) -> Vec<usize> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        let Some((column, ascending)) = self.sort else {
            return order;
        };
        let direct = |ordering: Ordering| {
            if ascending {
                ordering
            } else {
                ordering.reverse()
            }
        };
        match self.columns.get(column).map(|column| &column.source) {
            Some(ColumnSource::Attribute(name)) => {
                // One lookup per row rather than two per comparison.
                let values: Vec<Option<Cow<'_, AttrValue>>> = (0..items.len())
                    .map(|row| items.attribute(row, name))
                    .collect();
                order.sort_by(|&a, &b| match (&values[a], &values[b]) {
                    (Some(a), Some(b)) => direct(value_order(a, b)),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                });
            }
            Some(ColumnSource::Entity) => {
                let names: Vec<Option<String>> = (0..items.len())
                    .map(|row| items.item(row).and_then(|item| self.entity(&item)))
                    .collect();
                order.sort_by(|&a, &b| match (&names[a], &names[b]) {
                    (Some(a), Some(b)) => direct(a.as_bytes().cmp(b.as_bytes())),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                });
            }
            None => {}
        }
        order
    }

    /// The columns, in display order (hidden ones included).
    #[must_use]
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The sort column and direction (`true`: ascending).
    #[must_use]
    pub fn sort(&self) -> Option<(usize, bool)> {
        self.sort
    }

    /// `item`'s entity name, raw (escape before drawing).
    #[must_use]
    pub fn entity(&self, item: &Item) -> Option<String> {
        self.entities
            .decode(item, &self.key)
            .map(|entity| entity.name)
    }

    /// Entity types in the result so far with their item counts, most items first (`""`: items
    /// nothing identifies). Names are escaped.
    #[must_use]
    pub fn entity_counts(&self) -> Vec<(String, u64)> {
        self.tally.entity_counts()
    }
}

fn clamp_width(width: usize, max: u16) -> u16 {
    u16::try_from(width)
        .unwrap_or(u16::MAX)
        .clamp(MIN_WIDTH, max)
}

#[cfg(test)]
#[path = "columns_tests.rs"]
mod tests;
