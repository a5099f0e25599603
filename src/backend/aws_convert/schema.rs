//! DescribeTable and DescribeTimeToLive output as a domain [`TableDescription`].

use std::collections::BTreeMap;

use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode as SdkBillingMode, KeySchemaElement, KeyType,
    Projection as SdkProjection, ProjectionType, TableDescription as SdkTableDescription,
    TimeToLiveDescription,
};

use super::ConvertError;
use crate::domain::schema::{
    BillingMode, IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, StreamDescription,
    TableDescription, TtlDescription,
};
use crate::domain::value::ValueType;

#[cfg(test)]
mod tests;

type AttributeTypes = BTreeMap<String, ValueType>;

fn attribute_types(definitions: &[AttributeDefinition]) -> Result<AttributeTypes, ConvertError> {
    definitions
        .iter()
        .map(|definition| {
            let descriptor = definition.attribute_type.as_str();
            match ValueType::from_descriptor(descriptor).filter(|kind| kind.is_key_type()) {
                Some(value_type) => Ok((definition.attribute_name.clone(), value_type)),
                None => Err(ConvertError::new(format!(
                    "attribute {} has key type {descriptor:?}, not S, N or B",
                    definition.attribute_name
                ))
                .within("AttributeDefinitions")),
            }
        })
        .collect()
}

/// Whether a key may have several attributes per part: only a GSI's may.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyShape {
    OneAttributePerPart,
    MultiAttribute,
}

/// A key schema typed from the attribute definitions: HASH elements, then RANGE elements, each
/// part in the order the service lists it (one per part for tables and LSIs, up to four on a
/// GSI). `None` when ddbx cannot represent it: a HASH after a RANGE, too many elements, an
/// element of unknown kind, or a key attribute without a definition.
fn key_schema(
    elements: &[KeySchemaElement],
    types: &AttributeTypes,
    shape: KeyShape,
) -> Option<KeySchema> {
    let mut partition = Vec::new();
    let mut sort = Vec::new();
    for element in elements {
        let part = match element.key_type {
            KeyType::Hash if sort.is_empty() => &mut partition,
            KeyType::Range => &mut sort,
            _ => return None,
        };
        let value_type = *types.get(&element.attribute_name)?;
        part.push(KeyAttribute::new(
            element.attribute_name.clone(),
            value_type,
        ));
    }
    let key = KeySchema::from_parts(partition, sort)?;
    (shape == KeyShape::MultiAttribute || !key.is_multi_attribute()).then_some(key)
}

fn projection(projection: Option<&SdkProjection>) -> Option<Projection> {
    let projection = projection?;
    Some(match projection.projection_type.as_ref()? {
        ProjectionType::All => Projection::All,
        ProjectionType::KeysOnly => Projection::KeysOnly,
        ProjectionType::Include => Projection::Include(projection.non_key_attributes().to_vec()),
        _ => return None,
    })
}

fn count(value: Option<i64>) -> Option<u64> {
    value.and_then(|value| u64::try_from(value).ok())
}

/// The pieces of a GSI or LSI description the two SDK shapes share.
struct IndexParts<'a> {
    name: Option<&'a str>,
    key_schema: &'a [KeySchemaElement],
    projection: Option<&'a SdkProjection>,
    item_count: Option<i64>,
    size_bytes: Option<i64>,
    status: Option<&'a str>,
}

/// Adds the index to `table.indexes`, or its name to `table.unsupported_indexes` when ddbx
/// cannot represent it (so the user is told rather than the index silently vanishing).
fn add_index(table: &mut TableDescription, kind: IndexKind, parts: IndexParts<'_>) {
    let name = parts.name.unwrap_or("(unnamed index)").to_owned();
    let shape = match kind {
        IndexKind::Global => KeyShape::MultiAttribute,
        IndexKind::Local => KeyShape::OneAttributePerPart,
    };
    let key = key_schema(parts.key_schema, &table.attribute_types, shape);
    match (key, projection(parts.projection)) {
        (Some(key), Some(projection)) => table.indexes.push(IndexSchema {
            name,
            kind,
            key,
            projection,
            item_count: count(parts.item_count),
            size_bytes: count(parts.size_bytes),
            status: parts.status.map(str::to_owned),
        }),
        _ => table.unsupported_indexes.push(name),
    }
}

/// A DescribeTable result as a domain description; `ttl` comes from a separate
/// DescribeTimeToLive call.
pub(crate) fn table_from_sdk(
    description: &SdkTableDescription,
    ttl: Option<TtlDescription>,
) -> Result<TableDescription, ConvertError> {
    let types = attribute_types(description.attribute_definitions())
        .map_err(|error| error.within("Table"))?;
    let key = key_schema(
        description.key_schema(),
        &types,
        KeyShape::OneAttributePerPart,
    )
    .ok_or_else(|| {
        ConvertError::new(format!(
            "unsupported table key schema {:?}",
            description.key_schema()
        ))
        .within("Table")
    })?;
    let name = description.table_name().unwrap_or_default();
    let mut table = TableDescription::new(name, key);
    table.attribute_types = types;
    for index in description.global_secondary_indexes() {
        let parts = IndexParts {
            name: index.index_name(),
            key_schema: index.key_schema(),
            projection: index.projection(),
            item_count: index.item_count(),
            size_bytes: index.index_size_bytes(),
            status: index.index_status().map(|status| status.as_str()),
        };
        add_index(&mut table, IndexKind::Global, parts);
    }
    for index in description.local_secondary_indexes() {
        let parts = IndexParts {
            name: index.index_name(),
            key_schema: index.key_schema(),
            projection: index.projection(),
            item_count: index.item_count(),
            size_bytes: index.index_size_bytes(),
            status: None,
        };
        add_index(&mut table, IndexKind::Local, parts);
    }
    // Vector indexes cannot be queried like a GSI; name them so they are not silently hidden.
    for index in description.vector_indexes() {
        let name = format!(
            "{} (vector index)",
            index.index_name().unwrap_or("(unnamed)")
        );
        table.unsupported_indexes.push(name);
    }
    table.status = description
        .table_status()
        .map(|status| status.as_str().to_owned());
    table.item_count = count(description.item_count());
    table.size_bytes = count(description.table_size_bytes());
    table.billing_mode = match description
        .billing_mode_summary()
        .and_then(|summary| summary.billing_mode())
    {
        Some(SdkBillingMode::PayPerRequest) => Some(BillingMode::PayPerRequest),
        Some(SdkBillingMode::Provisioned) => Some(BillingMode::Provisioned),
        // Tables created before on-demand existed report no summary and are provisioned.
        None if description.provisioned_throughput().is_some() => Some(BillingMode::Provisioned),
        _ => None,
    };
    table.ttl = ttl;
    table.stream = description
        .stream_specification()
        .map(|stream| StreamDescription {
            enabled: stream.stream_enabled(),
            view_type: stream
                .stream_view_type()
                .map(|view| view.as_str().to_owned()),
            latest_arn: description.latest_stream_arn().map(str::to_owned),
        });
    table.arn = description.table_arn().map(str::to_owned);
    table.settings = super::settings::settings_from_sdk(description);
    Ok(table)
}

/// DescribeTimeToLive output; `None` when no TTL attribute was ever configured.
pub(crate) fn ttl_from_sdk(description: Option<&TimeToLiveDescription>) -> Option<TtlDescription> {
    let description = description?;
    Some(TtlDescription {
        attribute: description.attribute_name()?.to_owned(),
        status: description
            .time_to_live_status()
            .map_or("UNKNOWN", |status| status.as_str())
            .to_owned(),
    })
}
