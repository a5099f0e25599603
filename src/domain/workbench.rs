//! Importing a NoSQL Workbench data model (the JSON the Workbench exports): each table facet
//! becomes an access pattern and an entity rule, so `--model workbench.json` names items and
//! fills the palette without a hand-written TOML model.
//!
//! A facet names its key attributes by aliases (`PartitionKeyAlias: "StoreId"`), and its sample
//! items (`TableData`) show what the keys look like. The key template of a facet is the literal
//! prefix its samples share, up to and including the last `#`, followed by the alias as the
//! placeholder: samples `STORE#880`, `STORE#12` with alias `StoreId` give `STORE#{StoreId}`.
//! Samples that are all one value without a `#` (`METADATA`) are a constant key. Without
//! samples the template is the placeholder alone; such a facet still becomes an access pattern,
//! but no entity rule, since a bare placeholder would name every item of the table. The access pattern asks for the
//! partition-key parameter and reads the facet's sort-key prefix with `begins_with`.

use serde::Deserialize;

use super::access_pattern::{AccessPattern, SortCondition, SortOperator};
use super::common_prefix::common_prefix;
use super::key_template::KeyTemplate;
use super::model::{EntityModel, Model};

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawWorkbench {
    data_model: Vec<RawTable>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawTable {
    table_name: String,
    key_attributes: RawKeyAttributes,
    #[serde(default)]
    table_facets: Vec<RawFacet>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawKeyAttributes {
    partition_key: RawAttribute,
    sort_key: Option<RawAttribute>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawAttribute {
    attribute_name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawFacet {
    facet_name: String,
    key_attribute_alias: Option<RawAlias>,
    #[serde(default)]
    table_data: Vec<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct RawAlias {
    partition_key_alias: Option<String>,
    sort_key_alias: Option<String>,
}

/// True when `text` looks like a Workbench model rather than a TOML model file.
#[must_use]
pub fn looks_like_workbench(path: &std::path::Path, text: &str) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("json"))
        || text.trim_start().starts_with('{')
}

/// Converts a Workbench model into ddbx's model. With `table`, only that table's facets are
/// used when the model has it; otherwise every table's facets are.
pub fn import(text: &str, file: &str, table: Option<&str>) -> Result<Model, String> {
    let raw: RawWorkbench = serde_json::from_str(text)
        .map_err(|error| format!("{file}: not a NoSQL Workbench model: {error}"))?;
    let chosen: Vec<&RawTable> = match table {
        Some(name) if raw.data_model.iter().any(|t| t.table_name == name) => raw
            .data_model
            .iter()
            .filter(|t| t.table_name == name)
            .collect(),
        _ => raw.data_model.iter().collect(),
    };
    let mut model = Model {
        origin: Some(format!("NoSQL Workbench model {file}")),
        ..Model::default()
    };
    for table in chosen {
        for facet in &table.table_facets {
            let (entity, pattern) = facet_rules(table, facet)
                .map_err(|error| format!("{file}: facet {:?}: {error}", facet.facet_name))?;
            // Without a literal part there is no evidence of what the facet's keys look like.
            if entity
                .pk
                .as_ref()
                .is_some_and(|pk| !pk.literal_prefix().is_empty())
            {
                model.entities.push(entity);
            }
            model.access_patterns.push(pattern);
        }
    }
    Ok(model)
}

fn facet_rules(table: &RawTable, facet: &RawFacet) -> Result<(EntityModel, AccessPattern), String> {
    let alias = facet.key_attribute_alias.as_ref();
    let partition_name = &table.key_attributes.partition_key.attribute_name;
    let pk_alias = alias
        .and_then(|alias| alias.partition_key_alias.as_deref())
        .unwrap_or(partition_name);
    let pk = template(&shared_shape(facet, partition_name), pk_alias)?;
    let sort = table.key_attributes.sort_key.as_ref().map(|sort_key| {
        let sk_alias = alias
            .and_then(|alias| alias.sort_key_alias.as_deref())
            .unwrap_or(&sort_key.attribute_name);
        (shared_shape(facet, &sort_key.attribute_name), sk_alias)
    });
    let entity_sk = sort
        .as_ref()
        .map(|(shape, sk_alias)| template(shape, sk_alias))
        .transpose()?;
    // The pattern lists the facet's items of one partition: its sort-key prefix (or constant),
    // no parameter.
    let pattern_sk = match &sort {
        Some((Shape::Constant(value), _)) => Some(SortCondition {
            leading: Vec::new(),
            operator: SortOperator::Eq,
            template: literal(value)?,
            upper: None,
        }),
        Some((Shape::Prefix(prefix), _)) if !prefix.is_empty() => Some(SortCondition {
            leading: Vec::new(),
            operator: SortOperator::BeginsWith,
            template: literal(prefix)?,
            upper: None,
        }),
        _ => None,
    };
    let entity = EntityModel {
        name: facet.facet_name.clone(),
        pk: Some(pk.clone()),
        sk: entity_sk,
        marker: None,
        version_attribute: None,
        timeline: false,
    };
    let pattern = AccessPattern {
        more_pk: Vec::new(),
        name: facet.facet_name.clone(),
        index: None,
        pk,
        sk: pattern_sk,
        entity: None,
    };
    Ok((entity, pattern))
}

/// What a facet's samples say about one key attribute.
enum Shape {
    /// Every sample is this one value, without a `#`.
    Constant(String),
    /// The literal text every sample starts with (possibly empty).
    Prefix(String),
}

/// The shape of the string samples of `attribute`: a constant, or their shared prefix cut
/// after its last `#`.
fn shared_shape(facet: &RawFacet, attribute: &str) -> Shape {
    let samples = facet.table_data.iter().filter_map(|item| {
        item.get(attribute)
            .and_then(|value| value.get("S"))
            .and_then(serde_json::Value::as_str)
    });
    let samples: Vec<&str> = samples.collect();
    let Some(mut common) = common_prefix(samples.iter().copied()) else {
        return Shape::Prefix(String::new());
    };
    // Every sample equals the shared prefix exactly when they are all the same text.
    let all_equal = samples.iter().all(|sample| *sample == common);
    let plain = !common.contains(['#', '{', '}']) && !common.is_empty();
    if all_equal && plain {
        return Shape::Constant(common);
    }
    // Braces would read as placeholders in a template.
    let cut = common
        .rfind('#')
        .map_or(0, |position| position + 1)
        .min(common.find(['{', '}']).unwrap_or(usize::MAX));
    common.truncate(cut);
    Shape::Prefix(common)
}

/// A placeholder name from an alias: letters, digits and `_`, starting with a letter.
fn placeholder(alias: &str) -> String {
    let mut name: String = alias
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.insert(0, 'k');
    }
    name
}

fn template(shape: &Shape, alias: &str) -> Result<KeyTemplate, String> {
    let text = match shape {
        Shape::Constant(value) => value.clone(),
        Shape::Prefix(prefix) => format!("{prefix}{{{}}}", placeholder(alias)),
    };
    KeyTemplate::parse(&text).map_err(|error| error.to_string())
}

fn literal(text: &str) -> Result<KeyTemplate, String> {
    KeyTemplate::parse(text).map_err(|error| error.to_string())
}

#[cfg(test)]
#[path = "workbench_tests.rs"]
mod tests;
