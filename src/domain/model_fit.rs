//! Whether a model fits the table it was loaded for, in sentences: the keys and indexes it was
//! written for that the table does not have, and, once every item has been read, the entities
//! that matched no item. A model that does not fit is reported, never silently unused.

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
