//! `ExpressionAttributeNames` / `ExpressionAttributeValues` of one request.
//!
//! The expression language resolves and produces it; the request types in `domain::request`
//! carry it.

use std::collections::BTreeMap;

use crate::domain::value::AttrValue;

/// `ExpressionAttributeNames` and `ExpressionAttributeValues` of one request, shared by all of
/// its expressions (key condition, filter, projection, condition, update).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpressionParams {
    /// `#placeholder` → attribute name.
    pub names: BTreeMap<String, String>,
    /// `:placeholder` → value.
    pub values: BTreeMap<String, AttrValue>,
}

impl ExpressionParams {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.values.is_empty()
    }
}
