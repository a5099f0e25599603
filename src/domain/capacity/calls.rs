//! The calls of an access pattern a sample of items supports: the parameter values that make
//! the pattern read each item's partition, taken from the item's key on the pattern's table or
//! index. A `begins_with` sort template is left empty (the call reads the whole prefix, the
//! widest the pattern allows); a `between` reads from the item's value to the upper template
//! filled with the same values; every other sort template takes the item's value.

use std::collections::BTreeMap;

use base64::Engine as _;

use crate::domain::access_pattern::{AccessPattern, SortOperator};
use crate::domain::key_template::KeyTemplate;
use crate::domain::schema::{KeyAttribute, TableDescription};
use crate::domain::value::{AttrValue, Item};

/// A pattern's parameter values, by placeholder name.
pub type Values = BTreeMap<String, String>;

/// Up to `most` distinct parameter values for `pattern` drawn from `items`, in item order.
#[must_use]
pub fn pattern_calls(
    pattern: &AccessPattern,
    table: &TableDescription,
    items: &[Item],
    most: usize,
) -> Vec<Values> {
    let Some(key) = table.key_schema_of(pattern.index.as_deref()) else {
        return Vec::new();
    };
    let partition: Vec<&KeyAttribute> = key.partition_attributes().collect();
    let sort: Vec<&KeyAttribute> = key.sort_attributes().collect();
    let mut calls: Vec<Values> = Vec::new();
    for item in items {
        if calls.len() >= most {
            break;
        }
        if key
            .attributes()
            .any(|attribute| !item.contains_key(&attribute.name))
            || pattern
                .entity
                .as_ref()
                .is_some_and(|marker| !marker.matches(item))
        {
            continue;
        }
        let mut values = Values::new();
        let partition_fits = std::iter::once(&pattern.pk)
            .chain(&pattern.more_pk)
            .zip(&partition)
            .all(|(template, attribute)| capture(template, item, attribute, &mut values));
        if partition_fits
            && sort_fits(pattern, item, &sort, key.is_multi_attribute(), &mut values)
            && !calls.contains(&values)
        {
            calls.push(values);
        }
    }
    calls
}

/// Whether the item's sort attributes fit the pattern's sort condition, adding the values the
/// call takes from them.
fn sort_fits(
    pattern: &AccessPattern,
    item: &Item,
    sort: &[&KeyAttribute],
    multi: bool,
    values: &mut Values,
) -> bool {
    let Some(condition) = &pattern.sk else {
        return true;
    };
    let leading_fit = condition
        .leading
        .iter()
        .zip(sort)
        .all(|(template, attribute)| capture(template, item, attribute, values));
    let Some(last) = sort.get(condition.leading.len()) else {
        return false;
    };
    if !leading_fit {
        return false;
    }
    match condition.operator {
        SortOperator::BeginsWith => {
            begins_with_fits(&condition.template, item, last, multi, values)
        }
        SortOperator::Between => {
            let before = values.clone();
            if !capture(&condition.template, item, last, values) {
                return false;
            }
            let lower: Vec<&str> = condition.template.placeholders().collect();
            if let Some(upper) = &condition.upper {
                for (position, name) in upper.placeholders().enumerate() {
                    let same = lower
                        .get(position)
                        .and_then(|lower_name| values.get(*lower_name))
                        .or_else(|| before.get(name))
                        .cloned()
                        .unwrap_or_default();
                    values.entry(name.to_owned()).or_insert(same);
                }
            }
            true
        }
        _ => capture(&condition.template, item, last, values),
    }
}

/// Whether the item's sort value starts with the template's literal prefix. The placeholders
/// stay empty, unless the prefix would then be empty (`{status}#{date}`), which the service
/// refuses: then the first takes the item's value (`PENDING#`). A template of one placeholder
/// on a multi-attribute key stays empty: the attribute is left out of the condition.
fn begins_with_fits(
    template: &KeyTemplate,
    item: &Item,
    attribute: &KeyAttribute,
    multi: bool,
    values: &mut Values,
) -> bool {
    let prefix = template.literal_prefix();
    if !key_text(item, attribute).is_some_and(|text| text.starts_with(prefix)) {
        return false;
    }
    if !prefix.is_empty() || multi && template.segments().len() == 1 {
        return true;
    }
    let Some(text) = key_text(item, attribute) else {
        return false;
    };
    // The template is a prefix of the value: the longest prefix of the value it matches.
    let captured = text
        .char_indices()
        .map(|(at, _)| at)
        .chain(std::iter::once(text.len()))
        .rev()
        .find_map(|end| template.captures(&text[..end]));
    let (Some(captured), Some(first)) = (captured, template.placeholders().next()) else {
        return false;
    };
    let value = captured.first().copied().unwrap_or_default().to_owned();
    values.entry(first.to_owned()).or_insert(value);
    true
}

/// Matches the item's value of `attribute` against `template`, adding its placeholder values;
/// false when it does not match or gives a placeholder another value than before.
fn capture(
    template: &KeyTemplate,
    item: &Item,
    attribute: &KeyAttribute,
    values: &mut Values,
) -> bool {
    let Some(text) = key_text(item, attribute) else {
        return false;
    };
    let Some(captures) = template.captures(&text) else {
        return false;
    };
    for (name, value) in template.placeholders().zip(captures) {
        match values.get(name) {
            Some(known) if known != value => return false,
            Some(_) => {}
            None => {
                values.insert(name.to_owned(), value.to_owned());
            }
        }
    }
    true
}

/// A key value as a template reads it: text, a number's digits, binary as base64.
fn key_text(item: &Item, attribute: &KeyAttribute) -> Option<String> {
    match item.get(&attribute.name)? {
        AttrValue::S(text) => Some(text.clone()),
        AttrValue::N(number) => Some(number.to_string()),
        AttrValue::B(bytes) => Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
        _ => None,
    }
}
