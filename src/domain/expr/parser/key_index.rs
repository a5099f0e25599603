//! Finding the params entry a placeholder names.
//!
//! A request may define a hundred `:values`; an ordered search then costs several string
//! comparisons per use, each a library call for a four-byte key. Past a few entries the keys are
//! hashed instead, once per parse and only when the text uses a placeholder at all.

use std::cell::OnceCell;
use std::collections::{BTreeMap, HashMap};

use foldhash::fast::RandomState;

/// Up to this many entries the ordered search is as quick as hashing.
const HASH_ABOVE: usize = 8;

/// The entries of one params map, looked up by placeholder text.
pub(super) struct KeyIndex<'p, V> {
    map: &'p BTreeMap<String, V>,
    hashed: OnceCell<HashMap<&'p str, (&'p String, &'p V), RandomState>>,
}

impl<'p, V> KeyIndex<'p, V> {
    pub(super) fn new(map: &'p BTreeMap<String, V>) -> Self {
        Self {
            map,
            hashed: OnceCell::new(),
        }
    }

    /// The params' own key and its value: the key's address identifies it for the
    /// request-wide "unused" check.
    pub(super) fn get(&self, placeholder: &str) -> Option<(&'p String, &'p V)> {
        if self.map.len() <= HASH_ABOVE {
            return self.map.get_key_value(placeholder);
        }
        let hashed = self.hashed.get_or_init(|| {
            self.map
                .iter()
                .map(|(key, value)| (key.as_str(), (key, value)))
                .collect()
        });
        hashed.get(placeholder).copied()
    }
}
