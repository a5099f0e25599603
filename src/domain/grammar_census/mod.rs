//! Which grammars a table's items are written in, with their share, for the overview: a library
//! marker names the library; otherwise the sort key's (or partition key's) grammar counts.
//! It counts from the clue the entity decoder found, which itself reads keys with the grammars,
//! so the census sits above both `entity` and `grammar`.

pub mod text;

use crate::domain::composite_key::separator_of;
use crate::domain::entity::EntityClue;
use crate::domain::grammar::markers::{LIBRARY_MARKERS, library_marker};
use crate::domain::grammar::{Grammar, electrodb};
use crate::domain::model::Model;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// The census's slots: one per grammar, then the items whose keys have no structure.
const SLOTS: [Option<Grammar>; 6] = [
    Some(Grammar::ElectroDb),
    Some(Grammar::DynamoDbToolbox),
    Some(Grammar::OneTable),
    Some(Grammar::Amplify),
    Some(Grammar::Separators),
    None,
];

/// Items counted per grammar; items whose keys have no structure count as `None`. Items a
/// model's entity matched are counted apart as well (they still count under their grammar).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrammarCensus {
    counts: [u64; SLOTS.len()],
    model_matched: u64,
    /// Items matched per model entity name, in the order first matched.
    by_model_entity: Vec<(Box<str>, u64)>,
    total: u64,
}

impl GrammarCensus {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    pub fn observe(&mut self, item: &Item, key: &KeySchema) {
        self.count(grammar_of(item, key));
    }

    /// Counts `item` from the clue the entity decoder already found for it, so that grouping
    /// does not read the markers twice.
    pub fn observe_clue(&mut self, clue: &EntityClue<'_>, item: &Item, key: &KeySchema) {
        let grammar = match *clue {
            EntityClue::KeyGrammar { grammar, .. } => Some(grammar),
            EntityClue::TypeAttribute { attribute, .. } => LIBRARY_MARKERS
                .iter()
                .find(|(marker, _)| *marker == attribute)
                .map(|(_, grammar)| *grammar)
                .or_else(|| grammar_of(item, key)),
            EntityClue::Model { name } => {
                self.model_matched += 1;
                match self
                    .by_model_entity
                    .iter_mut()
                    .find(|(entity, _)| **entity == *name)
                {
                    Some((_, count)) => *count += 1,
                    None => self.by_model_entity.push((name.into(), 1)),
                }
                grammar_of(item, key)
            }
            // The clue found neither a marker nor an ElectroDB sort key: only separators remain.
            EntityClue::KeyPrefixes { .. } => separated(item, key),
        };
        self.count(grammar);
    }

    fn count(&mut self, grammar: Option<Grammar>) {
        if let Some(slot) = SLOTS.iter().position(|slot| *slot == grammar) {
            self.counts[slot] += 1;
        }
        self.total += 1;
    }

    /// Items counted.
    #[must_use]
    pub const fn total(&self) -> u64 {
        self.total
    }

    /// Items an entity of the model matched.
    #[must_use]
    pub const fn model_matched(&self) -> u64 {
        self.model_matched
    }

    /// Items an entity of the model named `entity` matched.
    #[must_use]
    pub fn model_entity_matches(&self, entity: &str) -> u64 {
        self.by_model_entity
            .iter()
            .find(|(name, _)| &**name == entity)
            .map_or(0, |(_, count)| *count)
    }

    /// Grammars seen with their share of the items (0–1), largest first.
    #[must_use]
    pub fn shares(&self) -> Vec<(Option<Grammar>, f64)> {
        #[allow(clippy::cast_precision_loss)] // shares, not counts
        let mut shares: Vec<_> = SLOTS
            .iter()
            .zip(self.counts)
            .filter(|(_, count)| *count > 0)
            .map(|(grammar, count)| (*grammar, count as f64 / self.total.max(1) as f64))
            .collect();
        shares.sort_by(|a, b| b.1.total_cmp(&a.1));
        shares
    }
}

/// The entities of `model` that matched none of the items `census` counted under it: a model
/// whose templates do not fit the table's keys, to be reported rather than silently unused.
#[must_use]
pub fn unmatched_entities<'m>(model: &'m Model, census: &GrammarCensus) -> Vec<&'m str> {
    model
        .entities
        .iter()
        .map(|entity| entity.name.as_str())
        .filter(|name| census.model_entity_matches(name) == 0)
        .collect()
}

fn grammar_of(item: &Item, key: &KeySchema) -> Option<Grammar> {
    if let Some((grammar, _, _)) = library_marker(item) {
        return Some(grammar);
    }
    let sk = key
        .sort
        .as_ref()
        .and_then(|sort| item.get(&sort.name))
        .and_then(AttrValue::as_s);
    if sk.and_then(electrodb::sort_key_entity).is_some() {
        return Some(Grammar::ElectroDb);
    }
    separated(item, key)
}

fn separated(item: &Item, key: &KeySchema) -> Option<Grammar> {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let sk = key.sort.as_ref().and_then(|sort| text(&sort.name));
    let structured = [text(&key.partition.name), sk]
        .into_iter()
        .flatten()
        .any(|key| separator_of(key).is_some());
    structured.then_some(Grammar::Separators)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::KeyAttribute;
    use crate::domain::value::ValueType;

    #[test]
    fn markers_then_key_grammars_are_counted() {
        let key = KeySchema::new(
            KeyAttribute::new("pk", ValueType::S),
            Some(KeyAttribute::new("sk", ValueType::S)),
        );
        let item = |pk: &str, sk: &str, marker: Option<(&str, &str)>| -> Item {
            let mut item: Item = [("pk", pk), ("sk", sk)]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), AttrValue::s(v)))
                .collect();
            if let Some((name, value)) = marker {
                item.insert(name.to_owned(), AttrValue::s(value));
            }
            item
        };
        let mut census = GrammarCensus::new();
        census.observe(&item("$app#x_1", "$x_1", Some(("__edb_e__", "x"))), &key);
        census.observe(&item("$app#x_2", "$x_1", None), &key);
        census.observe(&item("USER#1", "PROFILE", None), &key);
        census.observe(&item("u1", "p", None), &key);
        let shares = census.shares();
        assert_eq!(shares[0], (Some(Grammar::ElectroDb), 0.5));
        assert!(shares.contains(&(Some(Grammar::Separators), 0.25)));
        assert!(shares.contains(&(None, 0.25)));
    }
}
