//! Running a saved access pattern: its parameters, and the Query it becomes once the user gave
//! a value for each (`orders_by_status` with storeId=880, status=PENDING → `GSI1PK = "STORE#880"
//! AND begins_with(GSI1SK, "STATUS#PENDING#DATE#")`).

use std::collections::BTreeMap;

use base64::Engine as _;

use crate::domain::access_pattern::{AccessPattern, SortOperator};
use crate::domain::expr::prepare::{ReadExpressions, prepare_query};
use crate::domain::key_template::{KeyTemplate, Segment};
use crate::domain::number::Number;
use crate::domain::request::{ExpressionParams, QueryRequest};
use crate::domain::schema::{KeyAttribute, TableDescription};
use crate::domain::value::{AttrValue, ValueType};

/// The pattern's parameter names, each once, in the order they appear (pk, sk, upper bound).
#[must_use]
pub fn parameters(pattern: &AccessPattern) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let sort = pattern
        .sk
        .iter()
        .flat_map(|sk| std::iter::once(&sk.template).chain(sk.upper.as_ref()));
    for template in std::iter::once(&pattern.pk).chain(sort) {
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
/// schema with the service's rules before it is returned.
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
    let mut params = ExpressionParams::default();
    params
        .names
        .insert("#pk".to_owned(), schema.partition.name.clone());
    params.values.insert(
        ":pk".to_owned(),
        typed(&fill(&pattern.pk, values, false), &schema.partition)?,
    );
    let mut key_condition = "#pk = :pk".to_owned();
    if let Some(sk) = &pattern.sk {
        let Some(sort_key) = &schema.sort else {
            return Err(format!(
                "access pattern {}: the key of {} has no sort key",
                pattern.name,
                index.unwrap_or(&description.name)
            ));
        };
        params.names.insert("#sk".to_owned(), sort_key.name.clone());
        let begins_with = sk.operator == SortOperator::BeginsWith;
        let value = typed(&fill(&sk.template, values, begins_with), sort_key)?;
        params.values.insert(":sk".to_owned(), value);
        let condition = match sk.operator {
            SortOperator::Eq => "#sk = :sk",
            SortOperator::Lt => "#sk < :sk",
            SortOperator::Le => "#sk <= :sk",
            SortOperator::Gt => "#sk > :sk",
            SortOperator::Ge => "#sk >= :sk",
            SortOperator::BeginsWith => "begins_with(#sk, :sk)",
            SortOperator::Between => {
                let upper = sk.upper.as_ref().ok_or_else(|| {
                    format!("access pattern {}: between needs sk_to", pattern.name)
                })?;
                let high = typed(&fill(upper, values, false), sort_key)?;
                params.values.insert(":sk_to".to_owned(), high);
                "#sk BETWEEN :sk AND :sk_to"
            }
        };
        key_condition.push_str(" AND ");
        key_condition.push_str(condition);
    }
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

#[cfg(test)]
#[path = "pattern_query_tests.rs"]
mod tests;
