//! Which secondary indexes hold an item, and why not (SEMANTICS §6): an item is in an index only
//! when it has every index key attribute, with the declared type and not an empty string or binary.
//! A key value longer than the service's limit is refused the same way.
//! A wrong type or an empty value cannot be written while the index exists, so an item showing one
//! predates the index (a backfill "index key violation") or comes from a hand-made file.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use super::escape::escape_for_terminal;
use super::limits::{MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES};
use super::schema::{IndexSchema, Projection, TableDescription};
use super::value::{AttrValue, Item, ValueType};

/// Why an item is not in an index (one per offending key attribute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exclusion<'a> {
    Missing(&'a str),
    WrongType {
        attribute: &'a str,
        found: ValueType,
        expected: ValueType,
    },
    EmptyValue(&'a str),
    /// A string or binary longer than a key value may be (2048 bytes for a partition key, 1024
    /// for a sort key).
    TooLong {
        attribute: &'a str,
        limit: usize,
        part: KeyPart,
    },
}

/// Which part of an index key an attribute belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyPart {
    Partition,
    Sort,
}

/// The item's attributes an index holds (the whole item for ALL).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Projected<'a> {
    All,
    /// Attribute names of this item the index holds, and those it leaves out, both sorted.
    Some {
        held: Vec<&'a str>,
        left_out: Vec<&'a str>,
    },
}

/// An item's membership of one index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Membership<'a> {
    In {
        index: &'a IndexSchema,
        /// Index key attributes and their values, partition key first.
        keys: Vec<(&'a str, &'a AttrValue)>,
        projected: Projected<'a>,
    },
    NotIn {
        index: &'a IndexSchema,
        reasons: Vec<Exclusion<'a>>,
    },
}

/// The membership of `item` in every index of `table`, in the table's index order.
#[must_use]
pub fn index_membership<'a>(item: &'a Item, table: &'a TableDescription) -> Vec<Membership<'a>> {
    table
        .indexes
        .iter()
        .map(|index| membership(item, table, index))
        .collect()
}

/// The membership of `item` in one index of `table`.
#[must_use]
pub fn membership<'a>(
    item: &'a Item,
    table: &'a TableDescription,
    index: &'a IndexSchema,
) -> Membership<'a> {
    let mut keys = Vec::new();
    let mut reasons = Vec::new();
    let parts = index
        .key
        .partition_attributes()
        .map(|attribute| (attribute, KeyPart::Partition))
        .chain(
            index
                .key
                .sort_attributes()
                .map(|attribute| (attribute, KeyPart::Sort)),
        );
    for (attribute, part) in parts {
        let name = attribute.name.as_str();
        let limit = match part {
            KeyPart::Partition => MAX_PARTITION_KEY_BYTES,
            KeyPart::Sort => MAX_SORT_KEY_BYTES,
        };
        let expected = table
            .attribute_types
            .get(name)
            .copied()
            .unwrap_or(attribute.value_type);
        match item.get(name) {
            None => reasons.push(Exclusion::Missing(name)),
            Some(value) if value.value_type() != expected => reasons.push(Exclusion::WrongType {
                attribute: name,
                found: value.value_type(),
                expected,
            }),
            Some(AttrValue::S(text)) if text.is_empty() => {
                reasons.push(Exclusion::EmptyValue(name))
            }
            Some(AttrValue::B(bytes)) if bytes.is_empty() => {
                reasons.push(Exclusion::EmptyValue(name))
            }
            Some(value) if key_bytes(value) > limit => reasons.push(Exclusion::TooLong {
                attribute: name,
                limit,
                part,
            }),
            Some(value) => keys.push((name, value)),
        }
    }
    if !reasons.is_empty() {
        return Membership::NotIn { index, reasons };
    }
    Membership::In {
        index,
        keys,
        projected: projected(item, table, index),
    }
}

/// A key value's length as the limits count it. A number (at most 38 digits) never nears them.
fn key_bytes(value: &AttrValue) -> usize {
    match value {
        AttrValue::S(text) => text.len(),
        AttrValue::B(bytes) => bytes.len(),
        _ => 0,
    }
}

fn projected<'a>(item: &'a Item, table: &TableDescription, index: &IndexSchema) -> Projected<'a> {
    let included: &[String] = match &index.projection {
        Projection::All => return Projected::All,
        Projection::KeysOnly => &[],
        Projection::Include(names) => names,
    };
    let (held, left_out) = item.keys().map(String::as_str).partition(|name| {
        table.key.contains(name) || index.key.contains(name) || included.iter().any(|n| n == name)
    });
    Projected::Some { held, left_out }
}

/// A key value as a chip shows it, control characters escaped.
fn show_value(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => escape_for_terminal(text).into_owned(),
        AttrValue::N(number) => number.to_string(),
        AttrValue::B(bytes) => BASE64.encode(bytes),
        other => format!("{other:?}"),
    }
}

impl fmt::Display for Exclusion<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing(name) => write!(f, "{} missing", escape_for_terminal(name)),
            Self::WrongType {
                attribute,
                found,
                expected,
            } => write!(
                f,
                "{} has wrong type {found} (index expects {expected})",
                escape_for_terminal(attribute)
            ),
            Self::EmptyValue(name) => write!(
                f,
                "{} is empty (index keys cannot be empty)",
                escape_for_terminal(name)
            ),
            Self::TooLong {
                attribute,
                limit,
                part,
            } => write!(
                f,
                "{} is longer than a {} key may be ({} bytes)",
                escape_for_terminal(attribute),
                match part {
                    KeyPart::Partition => "partition",
                    KeyPart::Sort => "sort",
                },
                super::figures::count(*limit as u64)
            ),
        }
    }
}

impl fmt::Display for Membership<'_> {
    /// `in GSI1 as GSI1PK=…, GSI1SK=…` / `not in GSI2: GSI2PK missing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::In { index, keys, .. } => {
                write!(f, "in {} as ", escape_for_terminal(&index.name))?;
                for (position, (name, value)) in keys.iter().enumerate() {
                    if position > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}={}", escape_for_terminal(name), show_value(value))?;
                }
                Ok(())
            }
            Self::NotIn { index, reasons } => {
                write!(f, "not in {}: ", escape_for_terminal(&index.name))?;
                for (position, reason) in reasons.iter().enumerate() {
                    if position > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{reason}")?;
                }
                Ok(())
            }
        }
    }
}
