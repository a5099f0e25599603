//! OneTable keeps its schema in the table (`saveSchema` writes the `_schema` / `_schema:Current`
//! item): its models become ddbx entities with key templates (`account#${id}` → `account#{id}`)
//! and its saved queries become access patterns.

use crate::domain::access_pattern::{AccessPattern, SortCondition, SortOperator};
use crate::domain::key_template::KeyTemplate;
use crate::domain::model::{EntityModel, Model};
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// The partition and sort key values of the item OneTable saves its current schema in.
pub const SCHEMA_KEY: (&str, &str) = ("_schema", "_schema:Current");

/// Whether `item` has the key OneTable saves its current schema under (table key `key`).
#[must_use]
pub fn is_schema_item(item: &Item, key: &KeySchema) -> bool {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s);
    let sort_matches = key
        .sort
        .as_ref()
        .is_none_or(|sort| text(&sort.name) == Some(SCHEMA_KEY.1));
    text(&key.partition.name) == Some(SCHEMA_KEY.0) && sort_matches
}

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
    let mut model = Model {
        origin: Some("OneTable's schema saved in the table (_schema:Current)".to_owned()),
        ..Model::default()
    };
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
            pk: Some(template(&pk)?),
            sk: sk.as_deref().map(template).transpose()?,
            marker: None,
            version_attribute: None,
            timeline: false,
        });
    }
    if let Some(queries) = map(item.get("queries")) {
        let indexes = map(item.get("indexes")).ok_or("the schema has no indexes")?;
        for (name, query) in queries {
            if let Some(pattern) = saved_query(name, map(Some(query)), indexes, models)? {
                model.access_patterns.push(pattern);
            }
        }
    }
    Ok(model)
}

/// A saved query as an access pattern: the partition key of its model on its index, and the sort
/// key's constant start (OneTable's `find` on a model reads only that model's items). A query
/// naming no model, or an index or field the schema lacks, is left out.
fn saved_query(
    name: &str,
    query: Option<&Item>,
    indexes: &Item,
    models: &Item,
) -> Result<Option<AccessPattern>, String> {
    let text = |map: &Item, name: &str| map.get(name).and_then(AttrValue::as_s).map(str::to_owned);
    let Some(query) = query else { return Ok(None) };
    let index = text(query, "index").unwrap_or_else(|| "primary".to_owned());
    let (Some(fields), Some(keys)) = (
        text(query, "model").and_then(|model| map(models.get(&model))),
        map(indexes.get(&index)),
    ) else {
        return Ok(None);
    };
    let value_of = |attribute: Option<String>| {
        attribute
            .and_then(|attribute| map(fields.get(&attribute)))
            .and_then(|field| text(field, "value"))
    };
    let Some(pk) = value_of(text(keys, "hash")) else {
        return Ok(None);
    };
    let sk = value_of(text(keys, "sort"))
        .map(|sk| template(&sk))
        .transpose()?
        .map(|sk| sk.literal_prefix().to_owned())
        .filter(|prefix| !prefix.is_empty())
        .map(|prefix| template(&prefix))
        .transpose()?
        .map(|prefix| SortCondition {
            leading: Vec::new(),
            operator: SortOperator::BeginsWith,
            template: prefix,
            upper: None,
        });
    Ok(Some(AccessPattern {
        more_pk: Vec::new(),
        name: name.to_owned(),
        index: (index != "primary").then_some(index),
        pk: template(&pk)?,
        sk,
        entity: None,
    }))
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

    fn key() -> KeySchema {
        use crate::domain::schema::KeyAttribute;
        use crate::domain::value::ValueType;
        KeySchema::new(
            KeyAttribute::new("pk", ValueType::S),
            Some(KeyAttribute::new("sk", ValueType::S)),
        )
    }

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
        let pattern = &model.access_patterns[0];
        assert_eq!(
            (pattern.name.as_str(), &pattern.index),
            ("By account", &None)
        );
        assert_eq!(pattern.pk.as_str(), "account#{accountId}");
        let sk = pattern.sk.as_ref().expect("the model's sort-key start");
        assert_eq!(
            (sk.operator, sk.template.as_str()),
            (SortOperator::BeginsWith, "user#")
        );
        assert!(is_schema_item(&item, &key()));
        let mut user_item = item.clone();
        user_item.insert("pk".to_owned(), s("account#a1"));
        assert!(!is_schema_item(&user_item, &key()));
        assert!(model_from_schema_item(&Item::new()).is_err());
    }
}
