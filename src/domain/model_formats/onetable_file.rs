//! A OneTable schema as a JSON file (`{ "indexes": …, "models": …, "queries": … }`, what
//! `Table.getCurrentSchema()` returns and what projects keep beside their code): the same model
//! as the schema OneTable saves in the table, read from disk.

use serde_json::Value;

use crate::domain::grammar::onetable::model_from_schema_item;
use crate::domain::model::Model;
use crate::domain::value::{AttrValue, Item};

/// Whether `json` has OneTable's top-level `indexes` and `models` maps.
#[must_use]
pub fn looks_like(json: &Value) -> bool {
    json.get("indexes").is_some_and(Value::is_object)
        && json.get("models").is_some_and(Value::is_object)
}

/// The model of a OneTable schema file.
pub fn import(json: &Value, file: &str) -> Result<Model, String> {
    let Some(AttrValue::M(item)) = strings_and_maps(json) else {
        return Err(format!("{file}: not a OneTable schema: not a JSON object"));
    };
    let mut model = model_from_schema_item(&item)
        .map_err(|error| format!("{file}: not a OneTable schema: {error}"))?;
    model.origin = Some(format!("OneTable schema {file}"));
    Ok(model)
}

/// The schema's strings and maps, which is all a model is read from (field types, `required`
/// flags and defaults are not keys).
fn strings_and_maps(json: &Value) -> Option<AttrValue> {
    match json {
        Value::String(text) => Some(AttrValue::s(text)),
        Value::Object(map) => Some(AttrValue::M(
            map.iter()
                .filter_map(|(name, value)| Some((name.clone(), strings_and_maps(value)?)))
                .collect::<Item>(),
        )),
        _ => None,
    }
}
