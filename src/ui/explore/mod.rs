//! The explorer's screens: the table overview, the collections and one partition's items.

pub(in crate::ui) mod collections;
pub(in crate::ui) mod overview;
pub(in crate::ui) mod partition;
