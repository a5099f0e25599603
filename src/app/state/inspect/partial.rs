//! An index's partial copy of an item, as the inspector is told about it.

/// Where an item read from a `KEYS_ONLY`/`INCLUDE` index came from: it holds only the
/// projected attributes, so nothing about the base item may be inferred from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialItem {
    pub index: String,
    /// `KEYS_ONLY`, `INCLUDE status, total`.
    pub projection: String,
}
