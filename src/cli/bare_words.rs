//! The `did you mean "PENDING"?` warning: a bare word in `--filter` keeps DynamoDB's meaning (an
//! attribute name), but when no item returned has that attribute, the user most likely meant a
//! value, so stderr says so. The exit code is not changed.

use std::collections::BTreeSet;
use std::io;

use super::note::note;
use super::output::items::ItemSink;
use crate::domain::expr::bare_names::{filter_bare_words, quoted};
use crate::domain::value::Item;

/// Forwards every item to `inner`, noting which of the filter's bare words name an attribute of
/// some item.
pub struct BareWords<'a> {
    inner: &'a mut dyn ItemSink,
    words: Vec<String>,
    seen: BTreeSet<String>,
}

impl<'a> BareWords<'a> {
    /// Watches the bare words of `filter` (already checked, so a parse failure means none).
    pub fn new(inner: &'a mut dyn ItemSink, filter: Option<&str>) -> Self {
        let words = filter.map(filter_bare_words).unwrap_or_default();
        Self {
            inner,
            words,
            seen: BTreeSet::new(),
        }
    }

    /// Warns about each bare word no item had as an attribute.
    pub fn warn(&self) {
        for word in self.words.iter().filter(|word| !self.seen.contains(*word)) {
            let quoted = quoted(word);
            note(&format!(
                "warning: --filter reads {word} as an attribute name (DynamoDB's meaning) and no \
                 item returned has an attribute {word}: did you mean {quoted}?"
            ));
        }
    }
}

impl ItemSink for BareWords<'_> {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        for word in &self.words {
            if !self.seen.contains(word) && items.iter().any(|item| item.contains_key(word)) {
                self.seen.insert(word.clone());
            }
        }
        self.inner.write_items(items)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.inner.finish()
    }
}
