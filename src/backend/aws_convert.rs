//! Conversions between the AWS SDK's DynamoDB types and ddbx's domain types. Together with
//! `aws/`, this is the only place that imports `aws_sdk_dynamodb`.
//!
//! SDK → domain takes values by value and moves strings and byte buffers instead of copying
//! them: a page of items is converted once, on the hot path of every read. Numbers go through
//! [`Number::parse`], so a server that returns something DynamoDB would never store is reported
//! as an error rather than rounded, truncated or panicked on.

mod response_body;
mod schema;
mod settings;
#[cfg(test)]
pub(crate) mod strategies;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{
    AttributeValue, CancellationReason as SdkCancellationReason,
    ConsumedCapacity as SdkConsumedCapacity,
};

pub use response_body::{BodyPage, body_page, page_from_body};
pub(crate) use schema::{table_from_sdk, ttl_from_sdk};
pub(crate) use settings::{recovery_from_sdk, ttl_settings_from_sdk};

use super::{BackendError, CancellationReason, ConsumedCapacity};
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// The SDK's item shape.
pub type SdkItem = HashMap<String, AttributeValue>;

/// A server response ddbx cannot represent without losing or inventing data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertError {
    /// Where in the response: `Items[3].price`, `Item.tags[2]`, `Table.KeySchema`.
    path: Vec<String>,
    message: String,
}

impl ConvertError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self {
            path: Vec::new(),
            message: message.into(),
        }
    }

    /// Prepends an outer path segment while the error travels up the value tree. Building the
    /// path only on the error path keeps the success path free of string work.
    pub(crate) fn within(mut self, segment: impl Into<String>) -> Self {
        self.path.push(segment.into());
        self
    }

    fn path_text(&self) -> String {
        let mut text = String::new();
        for segment in self.path.iter().rev() {
            if !segment.starts_with('[') && !text.is_empty() {
                text.push('.');
            }
            text.push_str(segment);
        }
        text
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path_text(), self.message)
        }
    }
}

impl From<ConvertError> for BackendError {
    fn from(error: ConvertError) -> Self {
        Self::Service {
            code: "InvalidServerResponse".to_owned(),
            message: format!(
                "the server returned data ddbx cannot read without losing information ({error})"
            ),
        }
    }
}

fn number(text: &str) -> Result<Number, ConvertError> {
    Number::parse(text)
        .map_err(|error| ConvertError::new(format!("invalid number {text:?}: {error}")))
}

/// An SDK value as a domain value, moving its strings and bytes.
pub(crate) fn value_from_sdk(value: AttributeValue) -> Result<AttrValue, ConvertError> {
    Ok(match value {
        AttributeValue::S(text) => AttrValue::S(text),
        AttributeValue::N(text) => AttrValue::N(number(&text)?),
        AttributeValue::B(blob) => AttrValue::B(blob.into_inner()),
        AttributeValue::Bool(flag) => AttrValue::Bool(flag),
        // `{"NULL": false}` is rejected by most of the service and stored as NULL by the rest;
        // either way the only value a stored NULL can have is NULL.
        AttributeValue::Null(_) => AttrValue::Null,
        AttributeValue::M(map) => AttrValue::M(item_from_sdk(map)?),
        AttributeValue::L(list) => {
            // Collecting into `Result<Vec>` loses the length hint; sizing up front avoids
            // regrowing the vector on every list.
            let mut converted = Vec::with_capacity(list.len());
            for (index, element) in list.into_iter().enumerate() {
                converted.push(
                    value_from_sdk(element).map_err(|error| error.within(format!("[{index}]")))?,
                );
            }
            AttrValue::L(converted)
        }
        AttributeValue::Ss(set) => AttrValue::Ss(set.into_iter().collect()),
        AttributeValue::Ns(set) => AttrValue::Ns(
            set.iter()
                .map(|text| number(text))
                .collect::<Result<_, _>>()?,
        ),
        AttributeValue::Bs(set) => AttrValue::Bs(set.into_iter().map(Blob::into_inner).collect()),
        other => {
            return Err(ConvertError::new(format!(
                "unknown attribute value type (newer than this ddbx): {other:?}"
            )));
        }
    })
}

/// An SDK item (or map value) as a domain item.
pub(crate) fn item_from_sdk(item: SdkItem) -> Result<Item, ConvertError> {
    // Inserting one by one allocates only the map's own nodes (one node up to 11 attributes);
    // collecting would first build and free an intermediate vector for every map.
    let mut converted = Item::new();
    for (name, value) in item {
        match value_from_sdk(value) {
            Ok(value) => {
                converted.insert(name, value);
            }
            Err(error) => return Err(error.within(name)),
        }
    }
    Ok(converted)
}

/// A page of SDK items, with the failing item's index in the error path.
pub fn items_from_sdk(items: Vec<SdkItem>) -> Result<Vec<Item>, ConvertError> {
    // Collecting into `Result<Vec>` loses the length hint; a page is sized once instead.
    let mut converted = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        converted
            .push(item_from_sdk(item).map_err(|error| error.within(format!("Items[{index}]")))?);
    }
    Ok(converted)
}

/// An optional SDK item (GetItem's `Item`, `LastEvaluatedKey`, returned attributes).
pub(crate) fn optional_item_from_sdk(
    item: Option<SdkItem>,
    what: &str,
) -> Result<Option<Item>, ConvertError> {
    item.map(|item| item_from_sdk(item).map_err(|error| error.within(what)))
        .transpose()
}

/// A domain value as an SDK value, moving its strings and bytes.
pub(crate) fn value_to_sdk(value: AttrValue) -> AttributeValue {
    match value {
        AttrValue::S(text) => AttributeValue::S(text),
        AttrValue::N(number) => AttributeValue::N(number.to_string()),
        AttrValue::B(bytes) => AttributeValue::B(Blob::new(bytes)),
        AttrValue::Bool(flag) => AttributeValue::Bool(flag),
        AttrValue::Null => AttributeValue::Null(true),
        AttrValue::M(map) => AttributeValue::M(item_to_sdk(map)),
        AttrValue::L(list) => AttributeValue::L(list.into_iter().map(value_to_sdk).collect()),
        AttrValue::Ss(set) => AttributeValue::Ss(set.into_iter().collect()),
        AttrValue::Ns(set) => AttributeValue::Ns(set.iter().map(Number::to_string).collect()),
        AttrValue::Bs(set) => AttributeValue::Bs(set.into_iter().map(Blob::new).collect()),
    }
}

/// A domain item as an SDK item.
pub fn item_to_sdk(item: Item) -> SdkItem {
    item.into_iter()
        .map(|(name, value)| (name, value_to_sdk(value)))
        .collect()
}

/// `ExpressionAttributeValues` as the SDK wants them; `None` when empty, because the service
/// rejects an empty map.
pub(crate) fn values_to_sdk(values: BTreeMap<String, AttrValue>) -> Option<SdkItem> {
    (!values.is_empty()).then(|| item_to_sdk(values))
}

/// `ExpressionAttributeNames`; `None` when empty, because the service rejects an empty map.
pub(crate) fn names_to_sdk(names: BTreeMap<String, String>) -> Option<HashMap<String, String>> {
    (!names.is_empty()).then(|| names.into_iter().collect())
}

/// Consumed capacity as reported with `ReturnConsumedCapacity` TOTAL or INDEXES.
pub(crate) fn capacity_from_sdk(capacity: SdkConsumedCapacity) -> ConsumedCapacity {
    let mut indexes = BTreeMap::new();
    for map in [
        capacity.global_secondary_indexes,
        capacity.local_secondary_indexes,
    ]
    .into_iter()
    .flatten()
    {
        for (name, units) in map {
            indexes.insert(name, units.capacity_units.unwrap_or(0.0));
        }
    }
    ConsumedCapacity {
        total: capacity.capacity_units.unwrap_or(0.0),
        table: capacity.table.and_then(|table| table.capacity_units),
        indexes,
    }
}

/// `CancellationReasons` in action order. A reason with no code is reported as `None`, the
/// service's code for an action that did not fail. An item ddbx cannot read is left out (the
/// code and message still say why the action failed).
pub(crate) fn reasons_from_sdk(reasons: Vec<SdkCancellationReason>) -> Vec<CancellationReason> {
    reasons
        .into_iter()
        .map(|reason| CancellationReason {
            code: reason.code.unwrap_or_else(|| "None".to_owned()),
            message: reason.message,
            item: optional_item_from_sdk(reason.item, "Item").ok().flatten(),
        })
        .collect()
}
