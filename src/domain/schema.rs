//! Table and index schemas as DescribeTable reports them, in domain terms.

use std::collections::BTreeMap;

use super::value::{AttrValue, Item, ValueType};

/// A key attribute: its name and scalar type (S, N or B).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyAttribute {
    pub name: String,
    pub value_type: ValueType,
}

impl KeyAttribute {
    pub fn new(name: impl Into<String>, value_type: ValueType) -> Self {
        Self {
            name: name.into(),
            value_type,
        }
    }
}

/// Partition key plus optional sort key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySchema {
    pub partition: KeyAttribute,
    pub sort: Option<KeyAttribute>,
}

impl KeySchema {
    /// Key attribute names, partition key first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.partition.name.as_str())
            .chain(self.sort.as_ref().map(|s| s.name.as_str()))
    }

    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.names().any(|key| key == name)
    }

    /// The key attributes of `item`, or `None` when one is missing.
    #[must_use]
    pub fn key_of(&self, item: &Item) -> Option<Item> {
        let mut key = Item::new();
        for name in self.names() {
            key.insert(name.to_owned(), item.get(name)?.clone());
        }
        Some(key)
    }
}

/// Which attributes an index holds besides the keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Projection {
    All,
    KeysOnly,
    Include(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexKind {
    Global,
    Local,
}

/// A GSI or LSI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexSchema {
    pub name: String,
    pub kind: IndexKind,
    pub key: KeySchema,
    pub projection: Projection,
    /// Server-reported, refreshed about every six hours by DynamoDB; `None` when not reported.
    pub item_count: Option<u64>,
    pub size_bytes: Option<u64>,
    /// `ACTIVE`, `CREATING`, `UPDATING`, …; `None` for LSIs, which have no status of their own.
    pub status: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BillingMode {
    Provisioned,
    PayPerRequest,
}

/// Time to live configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TtlDescription {
    pub attribute: String,
    /// `ENABLED`, `ENABLING`, `DISABLING`, `DISABLED`.
    pub status: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamDescription {
    pub enabled: bool,
    /// `NEW_IMAGE`, `OLD_IMAGE`, `NEW_AND_OLD_IMAGES`, `KEYS_ONLY`.
    pub view_type: Option<String>,
    pub latest_arn: Option<String>,
}

/// Everything ddbx needs to know about a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableDescription {
    pub name: String,
    pub key: KeySchema,
    /// Types of every key attribute of the table and its indexes (AttributeDefinitions).
    pub attribute_types: BTreeMap<String, ValueType>,
    pub indexes: Vec<IndexSchema>,
    pub status: Option<String>,
    pub item_count: Option<u64>,
    pub size_bytes: Option<u64>,
    pub billing_mode: Option<BillingMode>,
    pub ttl: Option<TtlDescription>,
    pub stream: Option<StreamDescription>,
    pub arn: Option<String>,
    /// Indexes the server reported that ddbx cannot represent (e.g. multi-attribute GSI keys),
    /// named so the user can be told instead of silently losing them.
    pub unsupported_indexes: Vec<String>,
}

impl TableDescription {
    /// A table with just a key schema and no indexes; the rest filled in by the builder's caller.
    #[must_use]
    pub fn new(name: impl Into<String>, key: KeySchema) -> Self {
        let mut attribute_types = BTreeMap::new();
        for attribute in std::iter::once(&key.partition).chain(key.sort.as_ref()) {
            attribute_types.insert(attribute.name.clone(), attribute.value_type);
        }
        Self {
            name: name.into(),
            key,
            attribute_types,
            indexes: Vec::new(),
            status: None,
            item_count: None,
            size_bytes: None,
            billing_mode: None,
            ttl: None,
            stream: None,
            arn: None,
            unsupported_indexes: Vec::new(),
        }
    }

    #[must_use]
    pub fn index(&self, name: &str) -> Option<&IndexSchema> {
        self.indexes.iter().find(|index| index.name == name)
    }

    /// The key schema of the table (`None`) or of a named index.
    #[must_use]
    pub fn key_schema_of(&self, index: Option<&str>) -> Option<&KeySchema> {
        match index {
            None => Some(&self.key),
            Some(name) => self.index(name).map(|index| &index.key),
        }
    }

    /// The primary key of `item` as a key map.
    #[must_use]
    pub fn primary_key_of(&self, item: &Item) -> Option<Item> {
        self.key.key_of(item)
    }
}

/// Convenience for tests and the demo: a key map from (name, value) pairs.
#[must_use]
pub fn key_from<const N: usize>(pairs: [(&str, AttrValue); N]) -> Item {
    pairs
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}
