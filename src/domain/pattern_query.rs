//! Running a saved access pattern: its parameters, and the Query it becomes once the user gave
//! a value for each (`orders_by_status` with storeId=880, status=PENDING → `GSI1PK = "STORE#880"
//! AND begins_with(GSI1SK, "STATUS#PENDING#DATE#")`).

use std::collections::BTreeMap;

use base64::Engine as _;

use crate::domain::access_pattern::{AccessPattern, SortCondition, SortOperator};
use crate::domain::expr::prepare::{ReadExpressions, prepare_query};
use crate::domain::key_template::{KeyTemplate, Segment};
use crate::domain::number::Number;
use crate::domain::request::{ExpressionParams, QueryRequest};
use crate::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use crate::domain::value::{AttrValue, ValueType};

/// The pattern's parameter names, each once, in the order they appear (pk, sk, upper bound).
#[must_use]
pub fn parameters(pattern: &AccessPattern) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let sort = pattern.sk.iter().flat_map(|sk| {
        sk.leading
            .iter()
            .chain(std::iter::once(&sk.template))
            .chain(sk.upper.as_ref())
    });
    for template in std::iter::once(&pattern.pk)
        .chain(&pattern.more_pk)
        .chain(sort)
    {
        for name in template.placeholders() {
            if !names.iter().any(|known| known == name) {
                names.push(name.to_owned());
            }
        }
    }
    names
}

/// Fills `template` with `values`. With `stop_at_empty` (a `begins_with` prefix), an empty
/// value ends the text just before its placeholder, so `STATUS#{status}#DATE#{date}` with no
/// date gives the prefix `STATUS#PENDING#DATE#`.
fn fill(template: &KeyTemplate, values: &BTreeMap<String, String>, stop_at_empty: bool) -> String {
    let mut text = String::new();
    for segment in template.segments() {
        match segment {
            Segment::Literal(literal) => text.push_str(literal),
            Segment::Placeholder(name) => {
                let value = values.get(name).map_or("", String::as_str);
                if value.is_empty() && stop_at_empty {
                    break;
                }
                text.push_str(value);
            }
        }
    }
    text
}

fn typed(text: &str, key: &KeyAttribute) -> Result<AttrValue, String> {
    match key.value_type {
        ValueType::N => Number::parse(text)
            .map(AttrValue::N)
            .map_err(|error| format!("{} is a number key: {error}", key.name)),
        ValueType::B => base64::engine::general_purpose::STANDARD
            .decode(text)
            .map(AttrValue::B)
            .map_err(|error| format!("{} is a binary key; give base64: {error}", key.name)),
        _ => Ok(AttrValue::S(text.to_owned())),
    }
}

/// The Query `pattern` becomes with `values`, checked against the table's (or index's) key
/// schema with the service's rules before it is returned. On a multi-attribute key each
/// template names its attribute in key order; a sort attribute compared with `=` or
/// `begins_with` whose template is one placeholder left empty is left out, with the sort
/// attributes after it (they are optional there).
pub fn pattern_request(
    description: &TableDescription,
    pattern: &AccessPattern,
    values: &BTreeMap<String, String>,
) -> Result<QueryRequest, String> {
    let index = pattern.index.as_deref();
    let Some(schema) = description.key_schema_of(index) else {
        return Err(format!(
            "access pattern {}: table {} has no index {}",
            pattern.name,
            description.name,
            index.unwrap_or_default()
        ));
    };
    let key_name = index.unwrap_or(&description.name);
    let mut params = ExpressionParams::default();
    let mut conditions = Vec::new();
    if let Some(misfit) = pattern.key_misfit(schema, key_name) {
        return Err(format!("access pattern {}: {misfit}", pattern.name));
    }
    let partition = std::iter::once(&pattern.pk).chain(&pattern.more_pk);
    for (position, (template, attribute)) in
        partition.zip(schema.partition_attributes()).enumerate()
    {
        let (name, value) = placeholders("pk", position);
        let text = fill(template, values, false);
        params.names.insert(name.clone(), attribute.name.clone());
        params
            .values
            .insert(value.clone(), typed(&text, attribute)?);
        conditions.push(format!("{name} = {value}"));
    }
    if let Some(sk) = &pattern.sk {
        sort_conditions(pattern, sk, schema, values, &mut params, &mut conditions)?;
    }
    let key_condition = conditions.join(" AND ");
    let filter = pattern.entity.as_ref().map(|marker| {
        params
            .names
            .insert("#entity".to_owned(), marker.attribute.clone());
        params
            .values
            .insert(":entity".to_owned(), AttrValue::s(&marker.value));
        "#entity = :entity".to_owned()
    });
    let read = ReadExpressions {
        index,
        key_condition: Some(&key_condition),
        filter: filter.as_deref(),
        ..ReadExpressions::default()
    };
    prepare_query(description, &read, &params)
        .map_err(|error| format!("access pattern {}: {error}", pattern.name))?;
    let mut request = QueryRequest::new(description.name.clone(), key_condition, params);
    request.index = pattern.index.clone();
    request.filter = filter;
    Ok(request)
}

/// `#pk`/`:pk` for a part's first attribute, `#pk2`/`:pk2` for its second, and so on.
fn placeholders(part: &str, position: usize) -> (String, String) {
    match position {
        0 => (format!("#{part}"), format!(":{part}")),
        n => (format!("#{part}{}", n + 1), format!(":{part}{}", n + 1)),
    }
}

/// Whether a template is one placeholder without a value.
fn left_empty(template: &KeyTemplate, values: &BTreeMap<String, String>) -> bool {
    match template.segments() {
        [Segment::Placeholder(name)] => values.get(name).is_none_or(String::is_empty),
        _ => false,
    }
}

fn sort_conditions(
    pattern: &AccessPattern,
    sk: &SortCondition,
    schema: &KeySchema,
    values: &BTreeMap<String, String>,
    params: &mut ExpressionParams,
    conditions: &mut Vec<String>,
) -> Result<(), String> {
    let count = sk.leading.len() + 1;
    let templates = sk.leading.iter().chain(std::iter::once(&sk.template));
    for (position, (template, attribute)) in templates.zip(schema.sort_attributes()).enumerate() {
        let last = position + 1 == count;
        let operator = if last { sk.operator } else { SortOperator::Eq };
        let optional = matches!(operator, SortOperator::Eq | SortOperator::BeginsWith);
        if optional && schema.is_multi_attribute() && left_empty(template, values) {
            break;
        }
        let (name, value) = placeholders("sk", position);
        let begins_with = operator == SortOperator::BeginsWith;
        let text = fill(template, values, begins_with);
        params.names.insert(name.clone(), attribute.name.clone());
        params
            .values
            .insert(value.clone(), typed(&text, attribute)?);
        conditions.push(match operator {
            SortOperator::Eq => format!("{name} = {value}"),
            SortOperator::Lt => format!("{name} < {value}"),
            SortOperator::Le => format!("{name} <= {value}"),
            SortOperator::Gt => format!("{name} > {value}"),
            SortOperator::Ge => format!("{name} >= {value}"),
            SortOperator::BeginsWith => format!("begins_with({name}, {value})"),
            SortOperator::Between => {
                let upper = sk.upper.as_ref().ok_or_else(|| {
                    format!("access pattern {}: between needs sk_to", pattern.name)
                })?;
                let high = typed(&fill(upper, values, false), attribute)?;
                params.values.insert(format!("{value}_to"), high);
                format!("{name} BETWEEN {value} AND {value}_to")
            }
        });
    }
    Ok(())
}

#[cfg(test)]
#[path = "pattern_query_tests.rs"]
mod tests;
