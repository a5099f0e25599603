//! Read access to a list of loaded items, whether they are kept as `Item`s or compact, so the
//! results grid, its columns and its sort work over either.

use std::borrow::Cow;

use crate::domain::value::{AttrValue, Item};

/// Items by position. `attribute` is the cheap path: a compact store answers it without
/// decoding the rest of the item.
pub trait ItemRows {
    fn len(&self) -> usize;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The whole item at `index`.
    fn item(&self, index: usize) -> Option<Cow<'_, Item>>;

    /// One attribute of the item at `index`.
    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>>;
}

impl ItemRows for [Item] {
    fn len(&self) -> usize {
        <[Item]>::len(self)
    }

    fn item(&self, index: usize) -> Option<Cow<'_, Item>> {
        self.get(index).map(Cow::Borrowed)
    }

    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>> {
        self.get(index)?.get(name).map(Cow::Borrowed)
    }
}

impl ItemRows for Vec<Item> {
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn item(&self, index: usize) -> Option<Cow<'_, Item>> {
        self.as_slice().item(index)
    }

    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>> {
        self.as_slice().attribute(index, name)
    }
}

impl<const N: usize> ItemRows for [Item; N] {
    fn len(&self) -> usize {
        N
    }

    fn item(&self, index: usize) -> Option<Cow<'_, Item>> {
        self.as_slice().item(index)
    }

    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>> {
        self.as_slice().attribute(index, name)
    }
}

/// A borrowed slice, so one can stand behind a `&dyn ItemRows`.
impl ItemRows for &[Item] {
    fn len(&self) -> usize {
        <[Item]>::len(self)
    }

    fn item(&self, index: usize) -> Option<Cow<'_, Item>> {
        (**self).item(index)
    }

    fn attribute(&self, index: usize, name: &str) -> Option<Cow<'_, AttrValue>> {
        (**self).attribute(index, name)
    }
}
