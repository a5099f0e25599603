//! What a plan says of the derived keys its writes move: one entry per key attribute and the
//! value it is composed from, with how many writes it concerns and the first as an example;
//! either left out of sync (a warning) or updated in the same conditioned writes. The headless
//! commands print it on stderr and in their JSON plans; the terminal UI shows it in its previews.

use serde_json::{Value, json};

use super::derived_keys::OutOfSync;

/// One derived key across the writes of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedKey {
    /// The first write's key: what it holds and what its key template would give.
    pub example: OutOfSync,
    /// How many of the plan's writes it concerns.
    pub writes: u64,
    /// True when the writes update it too; false when they leave it holding the old value.
    pub updated: bool,
}

/// The derived keys of a plan, in the order first met.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DerivedKeys {
    pub keys: Vec<DerivedKey>,
}

impl DerivedKeys {
    /// Counts the keys one write moves (`updated`: the write sets them too).
    pub fn add(&mut self, found: &[OutOfSync], updated: bool) {
        for stale in found {
            let same = |key: &&mut DerivedKey| {
                key.example.attribute == stale.attribute
                    && key.example.because == stale.because
                    && key.updated == updated
            };
            match self.keys.iter_mut().find(same) {
                Some(key) => key.writes += 1,
                None => self.keys.push(DerivedKey {
                    example: stale.clone(),
                    writes: 1,
                    updated,
                }),
            }
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// One sentence per key, for a run of `total` writes or (`None`) a single write; `advice`
    /// ends each warning (how to update the key where the plan is shown).
    #[must_use]
    pub fn sentences(&self, total: Option<usize>, advice: &str) -> Vec<String> {
        self.keys
            .iter()
            .map(|key| {
                let sentence = key.sentence(total);
                if key.updated {
                    sentence
                } else {
                    format!("{sentence}{advice}")
                }
            })
            .collect()
    }

    /// The JSON list a plan's report carries as `derived_keys`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        Value::Array(
            self.keys
                .iter()
                .map(|key| {
                    json!({
                        "attribute": key.example.attribute,
                        "from": key.example.because,
                        "writes": key.writes,
                        "updated": key.updated,
                        "holds": key.example.holds,
                        "would_write": key.example.would_write,
                    })
                })
                .collect(),
        )
    }
}

impl DerivedKey {
    /// What the plan does to this key, in words; a key left out of sync is a warning.
    #[must_use]
    pub fn sentence(&self, total: Option<usize>) -> String {
        let OutOfSync {
            attribute,
            holds,
            would_write,
            because,
        } = &self.example;
        match (self.updated, total) {
            (true, None) => format!(
                "{attribute} (from {because}) is updated in the same write: {holds:?} → {would_write:?}"
            ),
            (true, Some(total)) => format!(
                "{attribute} (from {because}) is updated in {} of {total} writes (e.g. {holds:?} → {would_write:?})",
                self.writes
            ),
            (false, None) => format!(
                "warning: {attribute} (from {because}) keeps {holds:?}, not changed by this \
                 write; its key template would give {would_write:?}"
            ),
            (false, Some(total)) => format!(
                "warning: {attribute} (from {because}) is left out of sync on {} of {total} \
                 planned writes (e.g. it keeps {holds:?} where its key template would give \
                 {would_write:?})",
                self.writes
            ),
        }
    }
}
