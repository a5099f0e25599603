//! The attribute names of one table (or of one set of loaded items), each kept once. Items of one
//! table repeat the same few names (`productName`, `unitPrice`, ...), and spelling them out in
//! every stored item costs about a third of its bytes; an encoded item refers to its names by
//! number instead.
//!
//! Names are never forgotten (a stored item may refer to any of them), so the dictionary stops
//! growing at [`MAX_NAMES`]: a table with ever new names, such as one keyed by attribute name,
//! stores its further names spelled out, and they cost what they did before.

use std::collections::HashMap;

use foldhash::fast::RandomState;

/// Enough for any schema written by hand, small enough to be negligible next to the items.
const MAX_NAMES: usize = 1 << 16;

#[derive(Clone, Debug)]
pub struct AttributeNames {
    names: Vec<Box<str>>,
    /// foldhash: every attribute of every stored item is looked up here, and the standard
    /// SipHash costs several times more on names this short.
    numbers: HashMap<Box<str>, u32, RandomState>,
    limit: usize,
}

impl Default for AttributeNames {
    fn default() -> Self {
        Self::with_limit(MAX_NAMES)
    }
}

impl AttributeNames {
    fn with_limit(limit: usize) -> Self {
        Self {
            names: Vec::new(),
            numbers: HashMap::default(),
            limit,
        }
    }

    /// The number of `name`, given one if it has none yet; `None` once the dictionary is full.
    pub fn number(&mut self, name: &str) -> Option<u32> {
        if let Some(&number) = self.numbers.get(name) {
            return Some(number);
        }
        if self.names.len() >= self.limit {
            return None;
        }
        let number = u32::try_from(self.names.len()).ok()?;
        self.names.push(name.into());
        self.numbers.insert(name.into(), number);
        Some(number)
    }

    /// The number `name` already has, without numbering it.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<u32> {
        self.numbers.get(name).copied()
    }

    /// The name numbered `number`.
    #[must_use]
    pub fn name(&self, number: usize) -> Option<&str> {
        self.names.get(number).map(|name| &**name)
    }

    /// A dictionary that holds at most `limit` names, to test what happens past it.
    #[cfg(test)]
    #[must_use]
    pub fn limited(limit: usize) -> Self {
        Self::with_limit(limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_its_number_and_a_full_dictionary_numbers_no_new_name() {
        let mut names = AttributeNames::limited(2);
        assert_eq!(names.number("price"), Some(0));
        assert_eq!(names.number("name"), Some(1));
        assert_eq!(names.number("price"), Some(0));
        assert_eq!(names.number("extra"), None);
        assert_eq!(names.name(1), Some("name"));
        assert_eq!(names.name(2), None);
    }
}
