//! Table and index schemas as DescribeTable reports them, in domain terms.

use std::collections::BTreeMap;

use super::table_settings::TableSettings;
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

/// The key of a table or index: a partition key and an optional sort key, each made of one
/// attribute, or, on a GSI, of up to four ("multi-attribute keys", since November 2025). The
/// leading attribute of each part is kept apart from the rest so the common one-attribute case
/// reads as it always did; [`KeySchema::partition_attributes`] and
/// [`KeySchema::sort_attributes`] give every attribute of a part in key-schema order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySchema {
    pub partition: KeyAttribute,
    pub sort: Option<KeyAttribute>,
    /// The partition key's second to fourth attributes, in order; empty for one attribute.
    pub more_partition: Vec<KeyAttribute>,
    /// The sort key's second to fourth attributes, in order; empty unless `sort` is set.
    pub more_sort: Vec<KeyAttribute>,
}

/// Most attributes one part (partition or sort) of a GSI key may have.
pub const MAX_ATTRIBUTES_PER_KEY_PART: usize = 4;

impl KeySchema {
    /// A key of one partition attribute and at most one sort attribute.
    #[must_use]
    pub fn new(partition: KeyAttribute, sort: Option<KeyAttribute>) -> Self {
        Self {
            partition,
            sort,
            more_partition: Vec::new(),
            more_sort: Vec::new(),
        }
    }

    /// A key from the attributes of each part in key-schema order; `None` without a partition
    /// attribute or with more than four in a part.
    #[must_use]
    pub fn from_parts(partition: Vec<KeyAttribute>, sort: Vec<KeyAttribute>) -> Option<Self> {
        if partition.len() > MAX_ATTRIBUTES_PER_KEY_PART || sort.len() > MAX_ATTRIBUTES_PER_KEY_PART
        {
            return None;
        }
        let mut partition = partition.into_iter();
        let mut sort = sort.into_iter();
        Some(Self {
            partition: partition.next()?,
            sort: sort.next(),
            more_partition: partition.collect(),
            more_sort: sort.collect(),
        })
    }

    /// Every partition-key attribute, in key-schema order.
    pub fn partition_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        std::iter::once(&self.partition).chain(&self.more_partition)
    }

    /// Every sort-key attribute, in key-schema order.
    pub fn sort_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.sort.iter().chain(&self.more_sort)
    }

    /// Every key attribute: the partition attributes, then the sort attributes.
    pub fn attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.partition_attributes().chain(self.sort_attributes())
    }

    /// True when either part has more than one attribute.
    #[must_use]
    pub fn is_multi_attribute(&self) -> bool {
        !self.more_partition.is_empty() || !self.more_sort.is_empty()
    }

    /// The key attribute called `name`.
    #[must_use]
    pub fn attribute(&self, name: &str) -> Option<&KeyAttribute> {
        self.attributes().find(|attribute| attribute.name == name)
    }

    /// Key attribute names, partition attributes first, each part in key-schema order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.attributes().map(|attribute| attribute.name.as_str())
    }

    /// Checked for every path of a filter, so it tests the parts directly rather than through
    /// the chain of iterators that [`KeySchema::names`] is.
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        let named = |attribute: &KeyAttribute| attribute.name == name;
        named(&self.partition)
            || self.sort.as_ref().is_some_and(named)
            || self.more_partition.iter().any(named)
            || self.more_sort.iter().any(named)
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

    /// The partition and sort parts for display, each attribute drawn by `show` and a part's
    /// attributes joined by ` + ` in key order: (`tournamentId (S) + region (S)`, `round (S)`).
    pub fn parts_text(&self, show: impl Fn(&KeyAttribute) -> String) -> (String, Option<String>) {
        let part = |attributes: Vec<&KeyAttribute>| {
            attributes
                .into_iter()
                .map(&show)
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let sort = self
            .sort
            .as_ref()
            .map(|_| part(self.sort_attributes().collect()));
        (part(self.partition_attributes().collect()), sort)
    }

    /// The attribute names of one part joined for display: `tournamentId + region`.
    #[must_use]
    pub fn partition_label(&self) -> String {
        join_names(self.partition_attributes())
    }

    /// The sort part's names joined for display, `None` without a sort key.
    #[must_use]
    pub fn sort_label(&self) -> Option<String> {
        self.sort.as_ref()?;
        Some(join_names(self.sort_attributes()))
    }
}

fn join_names<'a>(attributes: impl Iterator<Item = &'a KeyAttribute>) -> String {
    attributes
        .map(|attribute| attribute.name.as_str())
        .collect::<Vec<_>>()
        .join(" + ")
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
    /// Capacity, protection, replication and each GSI's state, as DescribeTable reports them.
    pub settings: TableSettings,
}

/// Why a table's stream cannot be followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoStream {
    /// The table has no stream enabled.
    Disabled,
    /// The description says a stream is enabled but names none to read (`LatestStreamArn`):
    /// the endpoint does not serve DynamoDB Streams.
    NotServed,
}

impl NoStream {
    /// What to tell the user about table `name`.
    #[must_use]
    pub fn explain(self, name: &str) -> String {
        match self {
            Self::Disabled => format!(
                "table {name} has no stream: enable one (StreamEnabled=true, \
                 StreamViewType=NEW_AND_OLD_IMAGES) to follow its changes"
            ),
            Self::NotServed => format!(
                "table {name} has a stream enabled, but this endpoint does not serve DynamoDB \
                 Streams: its description names no stream to read (LatestStreamArn)"
            ),
        }
    }
}

impl TableDescription {
    /// The ARN of the stream to follow, or why there is none.
    pub fn followable_stream(&self) -> Result<&str, NoStream> {
        let stream = self
            .stream
            .as_ref()
            .filter(|stream| stream.enabled)
            .ok_or(NoStream::Disabled)?;
        stream.latest_arn.as_deref().ok_or(NoStream::NotServed)
    }

    /// The TTL attribute while TTL is enabled, as this description read it (`None` too for a
    /// description read without its TTL).
    #[must_use]
    pub fn enabled_ttl_attribute(&self) -> Option<&str> {
        self.ttl
            .as_ref()
            .filter(|ttl| ttl.status == "ENABLED")
            .map(|ttl| ttl.attribute.as_str())
    }

    /// A table with just a key schema and no indexes; the rest filled in by the builder's caller.
    #[must_use]
    pub fn new(name: impl Into<String>, key: KeySchema) -> Self {
        let mut attribute_types = BTreeMap::new();
        for attribute in key.attributes() {
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
            settings: TableSettings::default(),
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
