//! Which grammars a table's items are written in, with their share, for the overview: a library
//! marker names the library; otherwise the sort key's (or partition key's) grammar counts.

use std::collections::BTreeMap;

use super::markers::library_marker;
use super::{Grammar, electrodb};
use crate::domain::composite_key::separator_of;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// Items counted per grammar; items whose keys have no structure count as `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrammarCensus {
    counts: BTreeMap<Option<Grammar>, u64>,
    total: u64,
}

impl GrammarCensus {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    pub fn observe(&mut self, item: &Item, key: &KeySchema) {
        *self.counts.entry(grammar_of(item, key)).or_default() += 1;
        self.total += 1;
    }

    /// Grammars with their share of the items (0–1), largest first.
    #[must_use]
    pub fn shares(&self) -> Vec<(Option<Grammar>, f64)> {
        #[allow(clippy::cast_precision_loss)] // shares, not counts
        let mut shares: Vec<_> = self
            .counts
            .iter()
            .map(|(grammar, count)| (*grammar, *count as f64 / self.total.max(1) as f64))
            .collect();
        shares.sort_by(|a, b| b.1.total_cmp(&a.1));
        shares
    }
}

fn grammar_of(item: &Item, key: &KeySchema) -> Option<Grammar> {
    if let Some((grammar, _, _)) = library_marker(item) {
        return Some(grammar);
    }
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let sk = key.sort.as_ref().and_then(|sort| text(&sort.name));
    if sk.and_then(electrodb::sort_key_entity).is_some() {
        return Some(Grammar::ElectroDb);
    }
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
        let key = KeySchema {
            partition: KeyAttribute::new("pk", ValueType::S),
            sort: Some(KeyAttribute::new("sk", ValueType::S)),
        };
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
