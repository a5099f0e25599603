//! Building a hierarchical sort-key prefix part by part from a composite-key template:
//! `STATUS#{status}#DATE#{date}` with status = PENDING gives `STATUS#PENDING#DATE#`, ready for
//! `begins_with`; with every part filled it gives the whole key.

use std::fmt::Write as _;

use crate::domain::composite_key::split_key;
use crate::domain::entity::EntityDecoder;
use crate::domain::key_template::{KeyTemplate, Segment};

/// The key text of `template` with its placeholders filled from `values` in order, stopping
/// before the first empty or missing value (the literal text up to it is kept).
#[must_use]
pub fn fill_prefix(template: &KeyTemplate, values: &[String]) -> String {
    let mut out = String::new();
    let mut next = values.iter();
    for segment in template.segments() {
        match segment {
            Segment::Literal(text) => out.push_str(text),
            Segment::Placeholder(_) => match next.next() {
                Some(value) if !value.is_empty() => out.push_str(value),
                _ => break,
            },
        }
    }
    out
}

/// A template read off a labelled key: `STATUS#PENDING#DATE#2026-07-18` →
/// `STATUS#{status}#DATE#{date}`. `None` when the key has no labelled parts.
#[must_use]
pub fn template_of_key(key: &str) -> Option<KeyTemplate> {
    let split = split_key(key);
    let separator = split.separator?.as_char();
    if split
        .parts
        .iter()
        .any(|part| part.label.is_none() || part.value.is_empty())
    {
        return None;
    }
    let mut text = String::new();
    for (position, part) in split.parts.iter().enumerate() {
        if position > 0 {
            text.push(separator);
        }
        let label = part.label.as_deref().unwrap_or_default();
        let _ = write!(text, "{}{separator}{{{label}}}", label.to_ascii_uppercase());
    }
    KeyTemplate::parse(&text).ok()
}

/// The sort-key templates the model offers for `index` (`None`: the table): entity sort keys
/// (table only) and access patterns' sort conditions, without repeats.
#[must_use]
pub fn model_templates(entities: &EntityDecoder, index: Option<&str>) -> Vec<KeyTemplate> {
    let Some(model) = entities.model() else {
        return Vec::new();
    };
    let mut templates: Vec<KeyTemplate> = Vec::new();
    let entity_templates = model
        .entities
        .iter()
        .filter(|_| index.is_none())
        .filter_map(|entity| entity.sk.clone());
    let pattern_templates = model
        .access_patterns
        .iter()
        .filter(|pattern| pattern.index.as_deref() == index)
        .filter_map(|pattern| pattern.sk.as_ref().map(|sk| sk.template.clone()));
    for template in entity_templates.chain(pattern_templates) {
        if template.placeholders().next().is_some() && !templates.contains(&template) {
            templates.push(template);
        }
    }
    templates
}
