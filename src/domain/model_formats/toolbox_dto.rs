//! The DTOs of dynamodb-toolbox (v2): what its `TableDTO` and `EntityDTO` actions serialise a
//! table and its entities to. A file holds `{ "table": TableDTO, "entities": [EntityDTO…] }`,
//! a list of entity DTOs, one entity DTO, or a table DTO alone.
//!
//! A DTO has the table's key and indexes, the attribute the entity's name is saved as (`_et`),
//! and per entity its name, attributes and timestamps, but no key templates: toolbox computes
//! keys in code. So each entity is recognised by its marker (`_et = "Order"`), its keys are read
//! by the grammars, and its access patterns are the table's key and each index's, asking for
//! the partition key's value and keeping the entity's items.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::toolbox_dto_patterns::entity_patterns;
use crate::domain::model::{EntityMarker, EntityModel, Model, ModelTable};
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::ValueType;

/// toolbox's default name for the saved entity attribute.
const DEFAULT_ENTITY_ATTRIBUTE: &str = "_et";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawTable {
    table_name: Option<String>,
    partition_key: RawKey,
    sort_key: Option<RawKey>,
    #[serde(default)]
    indexes: BTreeMap<String, RawIndex>,
    entity_attribute_saved_as: Option<String>,
}

#[derive(Deserialize)]
struct RawKey {
    name: String,
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawIndex {
    #[serde(rename = "type")]
    kind: String,
    partition_key: Option<RawKey>,
    partition_keys: Option<Vec<RawKey>>,
    sort_key: Option<RawKey>,
    sort_keys: Option<Vec<RawKey>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawEntity {
    entity_name: String,
    /// `false` when the entity does not save its name; `true` or options otherwise.
    #[serde(default)]
    entity_attribute: Option<Value>,
    table: Option<RawTable>,
}

#[derive(Deserialize)]
struct RawBundle {
    table: Option<RawTable>,
    #[serde(default)]
    entities: Vec<RawEntity>,
}

/// Whether `json` is one of the DTO shapes this module reads.
#[must_use]
pub fn looks_like(json: &Value) -> bool {
    let is_entity =
        |value: &Value| value.get("entityName").is_some() && value.get("schema").is_some();
    let first_entity = |value: &Value| {
        value
            .as_array()
            .and_then(|list| list.first())
            .is_some_and(is_entity)
    };
    is_entity(json)
        || first_entity(json)
        || json.get("entities").is_some_and(first_entity)
        || (json.get("partitionKey").is_some() && json.get("entityAttributeSavedAs").is_some())
}

/// The model of a DTO file; with `table`, only the entities of that table when the file
/// names it.
pub fn import(json: &Value, file: &str, table: Option<&str>) -> Result<Model, String> {
    let bundle =
        bundle(json).map_err(|error| format!("{file}: not a dynamodb-toolbox DTO: {error}"))?;
    let in_table = |entity: &&RawEntity| {
        let named = entity.table.as_ref().and_then(|t| t.table_name.as_deref());
        table.is_none_or(|wanted| named.is_none_or(|named| named == wanted))
    };
    let chosen: Vec<&RawEntity> = match bundle.entities.iter().filter(in_table).count() {
        0 => bundle.entities.iter().collect(),
        _ => bundle.entities.iter().filter(in_table).collect(),
    };
    let table_dto = bundle
        .table
        .as_ref()
        .or_else(|| chosen.iter().find_map(|entity| entity.table.as_ref()))
        .ok_or_else(|| format!("{file}: the DTO has neither a table nor an entity"))?;
    let described = model_table(table_dto).map_err(|error| format!("{file}: {error}"))?;
    let mut model = Model {
        origin: Some(format!("dynamodb-toolbox DTO {file}")),
        table: Some(described),
        ..Model::default()
    };
    for entity in chosen {
        if model
            .entities
            .iter()
            .any(|known| known.name == entity.entity_name)
        {
            return Err(format!(
                "{file}: entity {:?} is defined twice",
                entity.entity_name
            ));
        }
        let own_table = entity.table.as_ref().unwrap_or(table_dto);
        let marker = saves_its_name(entity).then(|| EntityMarker {
            attribute: own_table
                .entity_attribute_saved_as
                .clone()
                .unwrap_or_else(|| DEFAULT_ENTITY_ATTRIBUTE.to_owned()),
            value: entity.entity_name.clone(),
        });
        model.access_patterns.extend(entity_patterns(
            &entity.entity_name,
            marker.as_ref(),
            model
                .table
                .as_ref()
                .map_or(&[][..], |t| t.indexes.as_slice()),
            model.table.as_ref().map(|t| &t.key),
        ));
        model.entities.push(EntityModel {
            name: entity.entity_name.clone(),
            pk: None,
            sk: None,
            marker,
            version_attribute: None,
            timeline: false,
        });
    }
    Ok(model)
}

fn bundle(json: &Value) -> Result<RawBundle, serde_json::Error> {
    let parse = |value: &Value| RawBundle::deserialize(value);
    if json.get("entities").is_some() {
        parse(json)
    } else if json.is_array() {
        Ok(RawBundle {
            table: None,
            entities: Vec::<RawEntity>::deserialize(json)?,
        })
    } else if json.get("entityName").is_some() {
        Ok(RawBundle {
            table: None,
            entities: vec![RawEntity::deserialize(json)?],
        })
    } else {
        Ok(RawBundle {
            table: Some(RawTable::deserialize(json)?),
            entities: Vec::new(),
        })
    }
}

fn saves_its_name(entity: &RawEntity) -> bool {
    !matches!(entity.entity_attribute, Some(Value::Bool(false)))
}

fn model_table(table: &RawTable) -> Result<ModelTable, String> {
    let partition = key_attribute(&table.partition_key)?;
    let sort = table.sort_key.as_ref().map(key_attribute).transpose()?;
    let mut indexes = Vec::with_capacity(table.indexes.len());
    for (name, index) in &table.indexes {
        let located = |error: String| format!("index {name:?}: {error}");
        indexes.push((name.clone(), index_key(index, &partition).map_err(located)?));
    }
    Ok(ModelTable {
        key: KeySchema::new(partition, sort),
        indexes,
    })
}

/// A global index's own key, or a local index's sort key under the table's partition key.
fn index_key(index: &RawIndex, table_partition: &KeyAttribute) -> Result<KeySchema, String> {
    let list =
        |one: &Option<RawKey>, many: &Option<Vec<RawKey>>| -> Result<Vec<KeyAttribute>, String> {
            match (one, many) {
                (Some(key), _) => Ok(vec![key_attribute(key)?]),
                (None, Some(keys)) => keys.iter().map(key_attribute).collect(),
                (None, None) => Ok(Vec::new()),
            }
        };
    let mut partition = list(&index.partition_key, &index.partition_keys)?;
    if index.kind == "local" && partition.is_empty() {
        partition.push(table_partition.clone());
    }
    let sort = list(&index.sort_key, &index.sort_keys)?;
    KeySchema::from_parts(partition, sort)
        .ok_or_else(|| "no partition key, or more than four attributes in a key part".to_owned())
}

fn key_attribute(key: &RawKey) -> Result<KeyAttribute, String> {
    let value_type = match key.kind.as_str() {
        "string" => ValueType::S,
        "number" => ValueType::N,
        "binary" => ValueType::B,
        other => return Err(format!("key {:?} has the unknown type {other:?}", key.name)),
    };
    Ok(KeyAttribute::new(&key.name, value_type))
}

#[cfg(test)]
#[path = "toolbox_dto_tests.rs"]
mod tests;
