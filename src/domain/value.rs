//! The DynamoDB attribute value model, lossless by construction: numbers are exact
//! [`Number`]s, sets are sets (unordered, no duplicates), binary is raw bytes, and an empty string
//! stays an empty string.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::number::Number;

/// One attribute value of any of DynamoDB's ten types.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum AttrValue {
    S(String),
    N(Number),
    B(Vec<u8>),
    Bool(bool),
    Null,
    M(BTreeMap<String, AttrValue>),
    L(Vec<AttrValue>),
    /// String set. Ordered by UTF-8 bytes so equality ignores the order the service returned.
    Ss(BTreeSet<String>),
    Ns(BTreeSet<Number>),
    Bs(BTreeSet<Vec<u8>>),
}

/// An item: attribute name → value.
pub type Item = BTreeMap<String, AttrValue>;

/// DynamoDB's type descriptors, as they appear in DynamoDB JSON and in `attribute_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueType {
    S,
    N,
    B,
    Bool,
    Null,
    M,
    L,
    Ss,
    Ns,
    Bs,
}

impl ValueType {
    /// The descriptor as written on the wire: `S`, `N`, `BOOL`, `SS`, …
    #[must_use]
    pub const fn descriptor(self) -> &'static str {
        match self {
            Self::S => "S",
            Self::N => "N",
            Self::B => "B",
            Self::Bool => "BOOL",
            Self::Null => "NULL",
            Self::M => "M",
            Self::L => "L",
            Self::Ss => "SS",
            Self::Ns => "NS",
            Self::Bs => "BS",
        }
    }

    /// Parses a descriptor; case-sensitive as in the service.
    #[must_use]
    pub fn from_descriptor(text: &str) -> Option<Self> {
        Some(match text {
            "S" => Self::S,
            "N" => Self::N,
            "B" => Self::B,
            "BOOL" => Self::Bool,
            "NULL" => Self::Null,
            "M" => Self::M,
            "L" => Self::L,
            "SS" => Self::Ss,
            "NS" => Self::Ns,
            "BS" => Self::Bs,
            _ => return None,
        })
    }

    /// Types a table or index key attribute may have.
    #[must_use]
    pub const fn is_key_type(self) -> bool {
        matches!(self, Self::S | Self::N | Self::B)
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.descriptor())
    }
}

impl AttrValue {
    #[must_use]
    pub fn value_type(&self) -> ValueType {
        match self {
            Self::S(_) => ValueType::S,
            Self::N(_) => ValueType::N,
            Self::B(_) => ValueType::B,
            Self::Bool(_) => ValueType::Bool,
            Self::Null => ValueType::Null,
            Self::M(_) => ValueType::M,
            Self::L(_) => ValueType::L,
            Self::Ss(_) => ValueType::Ss,
            Self::Ns(_) => ValueType::Ns,
            Self::Bs(_) => ValueType::Bs,
        }
    }

    /// A string value, for building keys and test data.
    pub fn s(text: impl Into<String>) -> Self {
        Self::S(text.into())
    }

    /// A number from an integer.
    #[must_use]
    pub fn n(value: i64) -> Self {
        Self::N(Number::from(value))
    }

    #[must_use]
    pub fn as_s(&self) -> Option<&str> {
        match self {
            Self::S(text) => Some(text),
            _ => None,
        }
    }

    #[must_use]
    pub fn as_n(&self) -> Option<&Number> {
        match self {
            Self::N(number) => Some(number),
            _ => None,
        }
    }

    /// Size in bytes as DynamoDB counts it for the 400 KB item limit and capacity: UTF-8 length of
    /// strings, raw length of binary, about digits/2+1 for numbers (exactly:
    /// [`Number::storage_size`]), 1 for BOOL/NULL, the sum of the members for sets, and 3 bytes
    /// plus one per element for lists and maps (map keys count their UTF-8 length).
    #[must_use]
    pub fn size(&self) -> usize {
        match self {
            Self::S(text) => text.len(),
            Self::N(number) => number.storage_size(),
            Self::B(bytes) => bytes.len(),
            Self::Bool(_) | Self::Null => 1,
            Self::M(map) => {
                3 + map
                    .iter()
                    .map(|(name, value)| name.len() + value.size() + 1)
                    .sum::<usize>()
            }
            Self::L(list) => 3 + list.iter().map(|value| value.size() + 1).sum::<usize>(),
            Self::Ss(set) => set.iter().map(String::len).sum(),
            Self::Ns(set) => set.iter().map(Number::storage_size).sum(),
            Self::Bs(set) => set.iter().map(Vec::len).sum(),
        }
    }
}

/// Size of a whole item as the service counts it: attribute-name bytes plus value sizes.
#[must_use]
pub fn item_size(item: &Item) -> usize {
    item.iter()
        .map(|(name, value)| name.len() + value.size())
        .sum()
}

impl fmt::Debug for AttrValue {
    /// Compact DynamoDB-JSON-like form, handy in test failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::S(text) => write!(f, "S({text:?})"),
            Self::N(number) => write!(f, "N({number})"),
            Self::B(bytes) => write!(f, "B({bytes:02x?})"),
            Self::Bool(value) => write!(f, "BOOL({value})"),
            Self::Null => f.write_str("NULL"),
            Self::M(map) => f.debug_map().entries(map.iter()).finish(),
            Self::L(list) => f.debug_list().entries(list.iter()).finish(),
            Self::Ss(set) => write!(f, "SS{set:?}"),
            Self::Ns(set) => write!(f, "NS{set:?}"),
            Self::Bs(set) => write!(f, "BS{set:02x?}"),
        }
    }
}

#[cfg(test)]
pub mod arb;

#[cfg(test)]
mod tests;
