//! How a side's items are matched with the other side's: by the text of a key both sides name
//! alike, whether that is the target's table key or what two designs decode an item to.

use crate::domain::value::Item;

/// How a side's items are matched: the text that names an item the same on both sides, and the
/// item as it is held until it is compared.
pub trait Keying: Sync {
    /// `item` as held, and its key text (`None`: the item cannot be matched and is left out).
    fn keyed(&self, item: Item) -> Option<(String, Item)>;
    /// The key text of an item [`Keying::keyed`] gave, as read back from a bucket file.
    fn key_of(&self, held: &Item) -> Option<String>;
}
