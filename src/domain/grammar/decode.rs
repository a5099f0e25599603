//! What a grammar makes of a key: segments that rejoin to it byte for byte, their roles, and the
//! collection levels of a partition key. Every grammar builds these; none depends on another.

use std::borrow::Cow;

use super::values::{ValueShape, value_shape};
use crate::domain::composite_key::{KeyPart, PartKind, is_upper_word};

/// A way of writing keys (or of marking items) that ddbx recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grammar {
    ElectroDb,
    DynamoDbToolbox,
    OneTable,
    Amplify,
    /// Hand-rolled keys: words and values between a separator.
    Separators,
}

impl Grammar {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::ElectroDb => "ElectroDB",
            Self::DynamoDbToolbox => "dynamodb-toolbox",
            Self::OneTable => "OneTable",
            Self::Amplify => "Amplify",
            Self::Separators => "separators",
        }
    }
}

/// What a segment stands for in its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// ElectroDB's `$service` at the start of a partition key.
    Service,
    /// ElectroDB's `$collection` at the start of a sort key.
    Collection,
    /// ElectroDB's `entity_version` (`$task_1`).
    EntityVersion,
    /// A labelled value: ElectroDB's `project_proj4`, a pair `USER#usr_1`.
    Field,
    /// A constant word standing alone (`METADATA`, `PROFILE`).
    Marker,
    /// An unlabelled value.
    Value,
}

/// One part of a key, borrowed from it. `raw` is the exact key text of the segment, so joining
/// the raws with the key's separator gives the key back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment<'a> {
    pub raw: &'a str,
    pub role: Role,
    /// The label as written in the key (`project`, `USER`), for [`Role::Field`].
    pub label: Option<&'a str>,
    pub value: &'a str,
}

impl<'a> Segment<'a> {
    #[must_use]
    pub const fn whole(raw: &'a str, role: Role) -> Self {
        Self {
            raw,
            role,
            label: None,
            value: raw,
        }
    }
}

/// A key read by one grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDecode<'a> {
    pub grammar: Grammar,
    /// Between segments; empty for a key of one segment.
    pub separator: &'static str,
    pub segments: Vec<Segment<'a>>,
    pub service: Option<&'a str>,
    pub collection: Option<&'a str>,
    pub entity: Option<&'a str>,
    pub version: Option<&'a str>,
    /// A short reason for the inspector (`ElectroDB sort key: $entity_version#attr_value`).
    pub why: &'static str,
}

impl<'a> KeyDecode<'a> {
    /// A key with no structure: one value.
    #[must_use]
    pub fn opaque(key: &'a str) -> Self {
        Self {
            grammar: Grammar::Separators,
            separator: "",
            segments: vec![Segment::whole(key, Role::Value)],
            service: None,
            collection: None,
            entity: None,
            version: None,
            why: "no separator: one value",
        }
    }

    /// The segments joined back: always the decoded key, byte for byte.
    #[must_use]
    pub fn join(&self) -> String {
        let mut joined = String::new();
        for (index, segment) in self.segments.iter().enumerate() {
            if index > 0 {
                joined.push_str(self.separator);
            }
            joined.push_str(segment.raw);
        }
        joined
    }

    /// The chips the inspector shows: `project=proj4`, `service=taskapp`, `METADATA`.
    #[must_use]
    pub fn parts(&self) -> Vec<KeyPart<'a>> {
        self.segments.iter().map(|segment| chip(*segment)).collect()
    }

    /// `project=proj4` pairs only, for tests and summaries.
    #[must_use]
    pub fn labelled(&self) -> Vec<(String, &'a str)> {
        self.parts()
            .into_iter()
            .filter_map(|part| part.label.map(|label| (label.into_owned(), part.value)))
            .collect()
    }
}

fn chip(segment: Segment<'_>) -> KeyPart<'_> {
    let fixed = |label: &'static str| Some(Cow::Borrowed(label));
    let label = match segment.role {
        Role::Service => fixed("service"),
        Role::Collection => fixed("collection"),
        Role::EntityVersion => fixed("entity"),
        Role::Field => segment.label.map(|label| {
            if label.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(label.to_ascii_lowercase())
            } else {
                Cow::Borrowed(label)
            }
        }),
        Role::Marker | Role::Value => None,
    };
    KeyPart {
        label,
        value: segment.value,
        kind: part_kind(segment.value),
    }
}

/// The kind of a value for display: dates in either case are timestamps.
#[must_use]
pub fn part_kind(value: &str) -> PartKind {
    match value_shape(value) {
        Some(ValueShape::Timestamp(timestamp)) => PartKind::Timestamp(timestamp),
        _ if is_upper_word(value) => PartKind::Word,
        _ => PartKind::Value,
    }
}

/// At most two collection levels of a partition key, borrowed from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels<'a> {
    pub first: Option<&'a str>,
    pub second: Option<&'a str>,
}

impl<'a> Levels<'a> {
    /// The levels in order.
    pub fn iter(self) -> impl Iterator<Item = &'a str> {
        self.first.into_iter().chain(self.second)
    }
}
