//! Entity names interned to small ids, so a million items cost no string each.

use std::fmt::Write as _;

use super::tally::FastMap;
use crate::domain::entity::{EntityClue, entity_from_prefixes};

/// The name shown for items no clue names.
pub const UNNAMED: &str = "(no entity)";

#[derive(Clone, Debug, Default)]
pub struct EntityNames {
    names: Vec<String>,
    ids: FastMap<String, usize>,
    /// The id each pair of key prefixes named, so that naming an entity from its prefixes, the
    /// costly clue, is done once per pair rather than once per item.
    by_prefixes: FastMap<String, usize>,
    scratch: String,
}

impl EntityNames {
    /// The id of the entity `clue` names.
    pub fn intern_clue(&mut self, clue: &EntityClue<'_>) -> usize {
        let EntityClue::KeyPrefixes { pk, sk } = *clue else {
            return self.intern(clue.name().as_deref());
        };
        self.scratch.clear();
        for prefix in [pk, sk] {
            // Lengths keep the pair unambiguous whatever characters the prefixes hold.
            match prefix {
                Some(text) => {
                    let _ = write!(self.scratch, "{}:{text}", text.len());
                }
                None => self.scratch.push('-'),
            }
        }
        if let Some(&id) = self.by_prefixes.get(self.scratch.as_str()) {
            return id;
        }
        let pair = std::mem::take(&mut self.scratch);
        let id = self.intern(entity_from_prefixes(pk, sk).as_deref());
        self.by_prefixes.insert(pair, id);
        id
    }

    pub fn intern(&mut self, name: Option<&str>) -> usize {
        let name = name.unwrap_or(UNNAMED);
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len();
        self.names.push(name.to_owned());
        self.ids.insert(name.to_owned(), id);
        id
    }

    /// How many names were interned: every id is below it.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    #[must_use]
    pub fn name(&self, id: usize) -> &str {
        self.names.get(id).map_or(UNNAMED, String::as_str)
    }

    #[must_use]
    pub fn is_unnamed(&self, id: usize) -> bool {
        self.name(id) == UNNAMED
    }
}
