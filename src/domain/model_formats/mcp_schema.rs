//! The `schema.json` that the AWS DynamoDB MCP server's data-modelling tool writes: tables with
//! entities, each with `pk_template`/`sk_template` (`USER#{user_id}`, already ddbx's template
//! syntax), `gsi_mappings` per index, and `access_patterns` naming an operation, an optional
//! `index_name` and `range_condition`.
//!
//! Each entity becomes a ddbx entity; each read pattern (`GetItem`, `Query`) an access pattern
//! on the entity's templates for its index. A `Query` without a range condition lists the
//! entity's items of one partition (its sort key's literal start); with one, the condition
//! applies to the entity's sort-key template. Writes and scans are not queries and are left out.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::domain::access_pattern::{AccessPattern, SortCondition, SortOperator};
use crate::domain::key_template::KeyTemplate;
use crate::domain::model::{EntityModel, Model};

#[derive(Deserialize)]
struct RawSchema {
    tables: Vec<RawTable>,
}

#[derive(Deserialize)]
struct RawTable {
    table_config: RawTableConfig,
    #[serde(default)]
    entities: BTreeMap<String, RawEntity>,
}

#[derive(Deserialize)]
struct RawTableConfig {
    table_name: String,
}

#[derive(Deserialize)]
struct RawEntity {
    pk_template: String,
    sk_template: Option<String>,
    #[serde(default)]
    gsi_mappings: Vec<RawMapping>,
    #[serde(default)]
    access_patterns: Vec<RawPattern>,
}

#[derive(Deserialize)]
struct RawMapping {
    name: String,
    pk_template: String,
    sk_template: Option<String>,
}

#[derive(Deserialize)]
struct RawPattern {
    name: String,
    operation: String,
    index_name: Option<String>,
    range_condition: Option<String>,
}

/// Whether `text` parses as a `schema.json` of the MCP server (a `tables` list with
/// `table_config`).
#[must_use]
pub fn looks_like(json: &serde_json::Value) -> bool {
    json.get("tables")
        .and_then(serde_json::Value::as_array)
        .and_then(|tables| tables.first())
        .is_some_and(|table| table.get("table_config").is_some())
}

/// The model of `text`; with `table`, only that table's entities when the schema has it.
pub fn import(text: &str, file: &str, table: Option<&str>) -> Result<Model, String> {
    let raw: RawSchema = serde_json::from_str(text)
        .map_err(|error| format!("{file}: not a DynamoDB MCP server schema.json: {error}"))?;
    let has_table = |name: &str| raw.tables.iter().any(|t| t.table_config.table_name == name);
    let chosen = raw.tables.iter().filter(|t| match table {
        Some(name) if has_table(name) => t.table_config.table_name == name,
        _ => true,
    });
    let mut model = Model {
        origin: Some(format!("DynamoDB MCP server schema {file}")),
        ..Model::default()
    };
    for table in chosen {
        for (name, entity) in &table.entities {
            let located = |error: String| format!("{file}: entity {name:?}: {error}");
            let rule = entity_rule(name, entity).map_err(located)?;
            // A bare `{id}` on both keys would name every item of the table.
            let keyed = rule
                .pk
                .as_ref()
                .is_some_and(|pk| !pk.literal_prefix().is_empty())
                || rule
                    .sk
                    .as_ref()
                    .is_some_and(|sk| !sk.literal_prefix().is_empty());
            if keyed && !model.entities.iter().any(|known| known.name == *name) {
                model.entities.push(rule);
            }
            for pattern in &entity.access_patterns {
                let located =
                    |error: String| format!("{file}: pattern {:?}: {error}", pattern.name);
                if let Some(pattern) = access_pattern(entity, pattern).map_err(located)? {
                    model.access_patterns.push(pattern);
                }
            }
        }
    }
    Ok(model)
}

fn entity_rule(name: &str, entity: &RawEntity) -> Result<EntityModel, String> {
    Ok(EntityModel {
        name: name.to_owned(),
        pk: Some(template(&entity.pk_template)?),
        sk: entity.sk_template.as_deref().map(template).transpose()?,
        marker: None,
        version_attribute: None,
        timeline: false,
    })
}

/// The pattern's read on the entity's templates of its index, `None` for writes and scans.
fn access_pattern(
    entity: &RawEntity,
    pattern: &RawPattern,
) -> Result<Option<AccessPattern>, String> {
    let (pk, sk) = match &pattern.index_name {
        None => (&entity.pk_template, entity.sk_template.as_ref()),
        Some(index) => {
            let mapping = entity
                .gsi_mappings
                .iter()
                .find(|mapping| mapping.name == *index)
                .ok_or_else(|| format!("the entity has no gsi_mappings entry for {index:?}"))?;
            (&mapping.pk_template, mapping.sk_template.as_ref())
        }
    };
    let sk = sk.map(|sk| template(sk)).transpose()?;
    let condition = match (pattern.operation.as_str(), &pattern.range_condition, sk) {
        ("GetItem", _, sk) => sk.map(|template| SortCondition {
            leading: Vec::new(),
            operator: SortOperator::Eq,
            template,
            upper: None,
        }),
        ("Query", None, sk) => sk
            .map(|sk| sk.literal_prefix().to_owned())
            .filter(|prefix| !prefix.is_empty())
            .map(|prefix| template(&prefix))
            .transpose()?
            .map(|template| SortCondition {
                leading: Vec::new(),
                operator: SortOperator::BeginsWith,
                template,
                upper: None,
            }),
        ("Query", Some(range), Some(sk)) => Some(range_condition(range, sk)?),
        ("Query", Some(range), None) => {
            return Err(format!(
                "range_condition {range:?} on an index without a sort key"
            ));
        }
        _ => return Ok(None),
    };
    Ok(Some(AccessPattern {
        more_pk: Vec::new(),
        name: pattern.name.clone(),
        index: pattern.index_name.clone(),
        pk: template(pk)?,
        sk: condition,
        entity: None,
    }))
}

/// `between` asks for both bounds: the upper one is the same template with `_to` placeholders.
fn range_condition(range: &str, sk: KeyTemplate) -> Result<SortCondition, String> {
    let operator =
        SortOperator::parse(range).ok_or_else(|| format!("unknown range_condition {range:?}"))?;
    let upper = (operator == SortOperator::Between)
        .then(|| {
            let mut text = sk.as_str().to_owned();
            for name in sk.placeholders() {
                text = text.replace(&format!("{{{name}}}"), &format!("{{{name}_to}}"));
            }
            template(&text)
        })
        .transpose()?;
    Ok(SortCondition {
        leading: Vec::new(),
        operator,
        template: sk,
        upper,
    })
}

fn template(text: &str) -> Result<KeyTemplate, String> {
    KeyTemplate::parse(text).map_err(|error| format!("template {text:?}: {error}"))
}

#[cfg(test)]
#[path = "mcp_schema_tests.rs"]
mod tests;
