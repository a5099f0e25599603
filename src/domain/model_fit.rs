//! Whether a model fits the table it was loaded for, in sentences: the keys and indexes it was
//! written for that the table does not have, and, once every item has been read, the entities
//! that matched no item, and the access patterns whose templates do not fit the key of their
//! index (one per key attribute). A model that does not fit is reported, never silently unused.

use super::access_pattern::AccessPattern;
use super::grammar_census::{GrammarCensus, unmatched_entities};
use super::model::Model;
use super::schema::TableDescription;

/// The model's misfits with `description`; with `census` (every item read) also its entities
/// that matched none. Names are raw: escape each sentence before it reaches a terminal.
#[must_use]
pub fn model_misfits(
    model: &Model,
    description: &TableDescription,
    census: Option<&GrammarCensus>,
) -> Vec<String> {
    let mut found = model
        .table
        .as_ref()
        .map(|table| table.mismatches(description))
        .unwrap_or_default();
    found.extend(
        model
            .access_patterns
            .iter()
            .filter_map(|pattern| pattern_misfit(pattern, description)),
    );
    let Some(census) = census else { return found };
    let unmatched = unmatched_entities(model, census);
    let by_templates: Vec<&str> = unmatched
        .iter()
        .copied()
        .filter(|name| entity_has_templates(model, name))
        .collect();
    if !by_templates.is_empty() {
        found.push(format!(
            "no item of the table matches the templates of {}",
            by_templates.join(", ")
        ));
    }
    let by_marker: Vec<String> = unmatched
        .iter()
        .filter_map(|name| model.entities.iter().find(|entity| entity.name == *name))
        .filter(|entity| entity.pk.is_none())
        .map(|entity| match &entity.marker {
            Some(marker) => format!("{} = {}", marker.attribute, marker.value),
            None => format!("{} (its library saves no entity name)", entity.name),
        })
        .collect();
    if !by_marker.is_empty() {
        found.push(format!("no item of the table has {}", by_marker.join(", ")));
    }
    found
}

fn entity_has_templates(model: &Model, name: &str) -> bool {
    model
        .entities
        .iter()
        .any(|entity| entity.name == name && entity.pk.is_some())
}

/// How `pattern`'s templates miss the key of its index. An index the table lacks is the
/// insights' to report.
fn pattern_misfit(pattern: &AccessPattern, description: &TableDescription) -> Option<String> {
    let key = description.key_schema_of(pattern.index.as_deref())?;
    let on = pattern.index.as_deref().unwrap_or("the table");
    pattern
        .key_misfit(key, on)
        .map(|misfit| format!("access pattern {}: {misfit}", pattern.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
    use crate::domain::value::ValueType;

    #[test]
    fn access_patterns_that_miss_an_attribute_of_a_multi_attribute_key_are_reported() {
        let s = |name: &str| KeyAttribute::new(name, ValueType::S);
        let mut description = TableDescription::new("t", KeySchema::new(s("PK"), Some(s("SK"))));
        description.indexes.push(IndexSchema {
            name: "GSI3".into(),
            kind: IndexKind::Global,
            key: KeySchema::from_parts(vec![s("status"), s("region")], vec![s("placedAt")])
                .expect("a multi-attribute key"),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
        let model = Model::parse(
            "[[access_pattern]]\nname = \"fits\"\nindex = \"GSI3\"\npk = [\"{s}\", \"{r}\"]\n\
             [[access_pattern]]\nname = \"short\"\nindex = \"GSI3\"\npk = \"{s}\"\n\
             [[access_pattern]]\nname = \"long\"\npk = \"{p}\"\nsk = [\"{a}\", \"{b}\"]\n",
            "m.toml",
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            model_misfits(&model, &description, None),
            [
                "access pattern short: the partition key of GSI3 is status + region, and pk \
                 needs a template for each attribute, in key order (it has 1)",
                "access pattern long: the sort key of the table is SK, and sk takes at most a \
                 template for each attribute, in key order (it has 2)",
            ]
        );
    }
}
