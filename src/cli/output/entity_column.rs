//! The entity column of `-o table` under `--model`: each row's entity, named by the model (or,
//! for items the model does not match, by the same heuristics as the terminal UI), leads the
//! table so a mixed item collection reads at a glance.

use crate::domain::entity::EntityDecoder;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// The column's name. Parenthesised, as no attribute is named like that in practice; an item
/// that has such an attribute keeps its own value.
pub const ENTITY_COLUMN: &str = "(entity)";

/// Names the entity of each row.
#[derive(Clone, Debug)]
pub struct EntityColumn {
    decoder: EntityDecoder,
    /// The table's key schema, which entity templates are matched against.
    key: KeySchema,
}

impl EntityColumn {
    #[must_use]
    pub fn new(decoder: EntityDecoder, key: KeySchema) -> Self {
        Self { decoder, key }
    }

    /// `item` with its entity name under [`ENTITY_COLUMN`] (left out when nothing names it).
    #[must_use]
    pub fn labelled(&self, mut item: Item) -> Item {
        if !item.contains_key(ENTITY_COLUMN)
            && let Some(entity) = self.decoder.decode(&item, &self.key)
        {
            item.insert(ENTITY_COLUMN.to_owned(), AttrValue::S(entity.name));
        }
        item
    }
}
