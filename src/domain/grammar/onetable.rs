//! OneTable keeps its schema in the table (`saveSchema` writes the `_schema` / `_schema:Current`
//! item): its models become ddbx entities with key templates (`account#${id}` → `account#{id}`)
//! and its saved queries become access patterns.

use crate::domain::access_pattern::AccessPattern;
use crate::domain::key_template::KeyTemplate;
use crate::domain::model::{EntityModel, Model};
use crate::domain::value::{AttrValue, Item};

/// The partition and sort key values of the item OneTable saves its current schema in.
pub const SCHEMA_KEY: (&str, &str) = ("_schema", "_schema:Current");

/// The model a saved OneTable schema item describes, or why it cannot be read.
///
/// # Errors
/// When the item has no `indexes.primary` or `models` map, or a key value is not a template.
pub fn model_from_schema_item(item: &Item) -> Result<Model, String> {
    let text = |map: &Item, name: &str| map.get(name).and_then(AttrValue::as_s).map(str::to_owned);
    let primary = map(map(item.get("indexes")).and_then(|indexes| indexes.get("primary")))
        .ok_or("the schema has no primary index")?;
    let hash = text(primary, "hash").ok_or("the primary index names no hash attribute")?;
    let sort = text(primary, "sort");
    let models = map(item.get("models")).ok_or("the schema has no models")?;
    let mut model = Model::default();
    for (name, fields) in models.iter().filter(|(name, _)| !name.starts_with('_')) {
        let Some(fields) = map(Some(fields)) else {
            continue;
        };
        let value_of =
            |attribute: &str| map(fields.get(attribute)).and_then(|field| text(field, "value"));
        let Some(pk) = value_of(&hash) else { continue };
        let sk = sort.as_deref().and_then(value_of);
        model.entities.push(EntityModel {
            name: name.clone(),
            pk: template(&pk)?,
            sk: sk.as_deref().map(template).transpose()?,
            version_attribute: None,
        });
    }
    if let Some(queries) = map(item.get("queries")) {
        for (name, query) in queries {
            let Some(query) = map(Some(query)) else {
                continue;
            };
            let entity = text(query, "model")
                .and_then(|wanted| model.entities.iter().find(|e| e.name == wanted));
            let primary_index = text(query, "index").is_none_or(|index| index == "primary");
            if let (Some(entity), true) = (entity, primary_index) {
                model.access_patterns.push(AccessPattern {
                    name: name.clone(),
                    index: None,
                    pk: entity.pk.clone(),
                    sk: None,
                });
            }
        }
    }
    Ok(model)
}

fn map(value: Option<&AttrValue>) -> Option<&Item> {
    match value {
        Some(AttrValue::M(map)) => Some(map),
        _ => None,
    }
}

/// `account#${id}` → the template `account#{id}`.
fn template(value: &str) -> Result<KeyTemplate, String> {
    KeyTemplate::parse(&value.replace("${", "{"))
        .map_err(|error| format!("key value {value:?}: {}", error.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> AttrValue {
        AttrValue::s(text)
    }

    fn m(pairs: &[(&str, AttrValue)]) -> AttrValue {
        AttrValue::M(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn models_become_entities_and_saved_queries_access_patterns() {
        let item: Item = [
            ("pk", s("_schema")),
            ("sk", s("_schema:Current")),
            (
                "indexes",
                m(&[("primary", m(&[("hash", s("pk")), ("sort", s("sk"))]))]),
            ),
            (
                "models",
                m(&[(
                    "User",
                    m(&[
                        ("pk", m(&[("value", s("account#${accountId}"))])),
                        ("sk", m(&[("value", s("user#${email}"))])),
                    ]),
                )]),
            ),
            ("queries", m(&[("By account", m(&[("model", s("User"))]))])),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        let model = model_from_schema_item(&item).expect("a model");
        assert_eq!(model.entities.len(), 1);
        let user = model
            .match_entity("account#a1", Some("user#x@y"))
            .expect("matches");
        assert_eq!(user.name, "User");
        assert_eq!(model.access_patterns[0].name, "By account");
        assert!(model_from_schema_item(&Item::new()).is_err());
    }
}
