//! [`QuerySpec`] → [`BuiltQuery`]: every field typed and checked, errors collected per field.

use std::cmp::Ordering;

use super::between_bound;
use super::filter::compile_filter;
use super::projection_check::read_from_table;
use super::{BuiltQuery, Field, FieldError, QuerySpec, SortChoice};
use crate::domain::expr::order::compare_scalars;
use crate::domain::expr::render::Renderer;
use crate::domain::expr::validate::{check_index_projection, check_query};
use crate::domain::expr::{ExprKind, WireRequest, parse_friendly_projection};
use crate::domain::key_value::{key_example, parse_key_text, sort_key_example};
use crate::domain::request::{ExpressionParams, QueryRequest};
use crate::domain::schema::{IndexKind, KeyAttribute, KeySchema, TableDescription};
use crate::domain::value::{AttrValue, ValueType};

/// DynamoDB's `Limit` is a signed 32-bit integer.
const MAX_LIMIT: u32 = i32::MAX as u32;

/// Why consistent reads are unavailable on `index`, if they are (GSIs are eventually consistent).
#[must_use]
pub fn consistent_refusal(description: &TableDescription, index: Option<&str>) -> Option<String> {
    let index = description.index(index?)?;
    (index.kind == IndexKind::Global).then(|| {
        format!(
            "{} is a global secondary index: it only supports eventually consistent reads",
            index.name
        )
    })
}

/// Builds and checks the request `spec` describes against `description`. Every problem found
/// is returned (one per field at most), so the form can mark all of them at once.
pub fn build_query(
    description: &TableDescription,
    spec: &QuerySpec,
) -> Result<BuiltQuery, Vec<FieldError>> {
    build_query_with(description, spec, &KeyExamples::new())
}

/// Key values read from the table, by key attribute name: a hint's example is one of them when
/// there is one (a key of the user's own table, not a made-up one).
pub type KeyExamples = std::collections::BTreeMap<String, String>;

/// [`build_query`], its hints giving `examples` of the key attributes where it has them.
pub fn build_query_with(
    description: &TableDescription,
    spec: &QuerySpec,
    examples: &KeyExamples,
) -> Result<BuiltQuery, Vec<FieldError>> {
    let mut errors = Vec::new();
    let Some(key) = target_key(description, spec.index.as_deref(), &mut errors) else {
        return Err(errors);
    };
    if spec.consistent
        && let Some(reason) = consistent_refusal(description, spec.index.as_deref())
    {
        errors.push(FieldError::new(Field::Consistent, reason));
    }
    let mut params = ExpressionParams::default();
    let key_condition = key_condition(key, spec, (&mut params, examples), &mut errors);
    let filter = compile_filter(description, spec, &mut errors);
    let projection = compile_projection(&spec.projection, &mut errors);
    let limit = page_size(&spec.page_size, &mut errors);
    let stop_after = stop_after(&spec.stop_after, &mut errors);
    if let Err(error) = check_index_projection(
        description,
        spec.index.as_deref(),
        filter.as_ref(),
        projection.as_ref(),
    ) {
        // DynamoDB refuses rather than fetching what the index lacks; say so at the field.
        let field = match error.kind {
            ExprKind::Projection => Field::Projection,
            _ if spec.filters.is_empty() => Field::RawFilter,
            _ => Field::FilterAttribute(0),
        };
        errors.push(FieldError::new(field, error.message));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut renderer = Renderer::new();
    let filter_text = filter.as_ref().map(|ast| renderer.condition(ast));
    let projection_text = projection.as_ref().map(|ast| renderer.projection(ast));
    let rendered = renderer.finish();
    // The renderer's placeholders (`:v0`, bare names, `#<reserved>`) never take the key
    // condition's `#pk`/`#sk`/`:pk`/`:sk…`, so these inserts add and never replace.
    params.names.extend(rendered.names);
    params.values.extend(rendered.values);
    let mut request = QueryRequest::new(description.name.clone(), key_condition, params);
    request.index.clone_from(&spec.index);
    request.filter = filter_text;
    request.projection = projection_text;
    request.limit = limit;
    request.forward = !spec.descending;
    request.consistent_read = spec.consistent;
    // The request as it will be sent, read back as the service reads it.
    if let Err(error) = check_wire(description, &request) {
        return Err(vec![FieldError::new(Field::Target, error)]);
    }
    let read_from_table = read_from_table(description, spec.index.as_deref(), &projection);
    let inclusive_upper = (spec.sort == SortChoice::Between)
        .then(|| between_bound::inclusive_upper(&spec.sort_upper))
        .flatten()
        .filter(|_| {
            key.sort
                .as_ref()
                .is_some_and(|sort| sort.value_type == ValueType::S)
        });
    Ok(BuiltQuery {
        request,
        stop_after,
        read_from_table,
        inclusive_upper,
    })
}

/// The page size and "stop after N matches" of `spec`, checked (raw mode uses these too).
pub fn reading_options(spec: &QuerySpec) -> Result<(Option<u32>, Option<u64>), Vec<FieldError>> {
    let mut errors = Vec::new();
    let limit = page_size(&spec.page_size, &mut errors);
    let stop = stop_after(&spec.stop_after, &mut errors);
    if errors.is_empty() {
        Ok((limit, stop))
    } else {
        Err(errors)
    }
}

fn target_key<'a>(
    description: &'a TableDescription,
    index: Option<&str>,
    errors: &mut Vec<FieldError>,
) -> Option<&'a KeySchema> {
    let key = description.key_schema_of(index);
    if key.is_none() {
        let name = index.unwrap_or_default();
        errors.push(FieldError::new(
            Field::Target,
            format!("The table does not have the specified index: {name}"),
        ));
    }
    key
}

/// A key value typed from `text`, or an error on `field` spanning the whole text.
fn typed(
    text: &str,
    (key, examples): (&KeyAttribute, &KeyExamples),
    role: &str,
    field: Field,
    errors: &mut Vec<FieldError>,
) -> Option<AttrValue> {
    match parse_key_text(text, key.value_type) {
        Ok(value) => Some(value),
        Err(problem) => {
            errors.push(
                FieldError::new(
                    field,
                    format!(
                        "{problem}; {role} `{}` has type {}, e.g. {}",
                        key.name,
                        key.value_type,
                        examples.get(&key.name).map_or_else(
                            || if role == "partition key" {
                                key_example(key.value_type)
                            } else {
                                sort_key_example(key.value_type)
                            },
                            String::as_str
                        )
                    ),
                )
                .at(0..text.len()),
            );
            None
        }
    }
}

/// `#pk = :pk [AND <sort condition>]`, every name behind a placeholder so reserved words and
/// odd characters in key names never break the expression. A multi-attribute key adds
/// `#pk1 = :pk1 …` for its further partition attributes and `#sk0 = :sk0 …` for the sort
/// attributes fixed by equality, then the chosen condition on the next sort attribute.
fn key_condition(
    key: &KeySchema,
    spec: &QuerySpec,
    (params, examples): (&mut ExpressionParams, &KeyExamples),
    errors: &mut Vec<FieldError>,
) -> String {
    let mut terms = partition_terms(key, spec, (params, examples), errors);
    let sort: Vec<&KeyAttribute> = key.sort_attributes().collect();
    let filled = spec
        .sort_prefix
        .iter()
        .take(sort.len().saturating_sub(1))
        .take_while(|text| !text.trim().is_empty())
        .count();
    for (position, text) in spec.sort_prefix.iter().enumerate().skip(filled) {
        if !text.trim().is_empty() {
            errors.push(FieldError::new(
                Field::SortPrefix(position),
                format!(
                    "fill `{}` first: sort key attributes are used left to right, without a gap",
                    sort[filled].name
                ),
            ));
            break;
        }
    }
    for (position, (attribute, text)) in sort.iter().zip(&spec.sort_prefix).take(filled).enumerate()
    {
        let field = Field::SortPrefix(position);
        if let Some(value) = typed(text, (attribute, examples), "sort key", field, errors) {
            params
                .names
                .insert(format!("#sk{position}"), attribute.name.clone());
            params.values.insert(format!(":sk{position}"), value);
            terms.push(format!("#sk{position} = :sk{position}"));
        }
    }
    if let Some(condition) = sort_term((&sort, filled), key, spec, (params, examples), errors) {
        terms.push(condition);
    }
    terms.join(" AND ")
}

/// `#pk = :pk` and, for a multi-attribute partition key, `#pk1 = :pk1` and so on.
fn partition_terms(
    key: &KeySchema,
    spec: &QuerySpec,
    (params, examples): (&mut ExpressionParams, &KeyExamples),
    errors: &mut Vec<FieldError>,
) -> Vec<String> {
    let mut terms = Vec::new();
    for (position, attribute) in key.partition_attributes().enumerate() {
        let (field, text, suffix) = match position {
            0 => (Field::Partition, spec.partition.as_str(), String::new()),
            n => (
                Field::MorePartition(n - 1),
                spec.more_partition.get(n - 1).map_or("", String::as_str),
                n.to_string(),
            ),
        };
        params
            .names
            .insert(format!("#pk{suffix}"), attribute.name.clone());
        if let Some(value) = typed(text, (attribute, examples), "partition key", field, errors) {
            params.values.insert(format!(":pk{suffix}"), value);
        }
        terms.push(format!("#pk{suffix} = :pk{suffix}"));
    }
    terms
}

/// The chosen condition on sort attribute number `position` (the only one of a one-attribute
/// sort key), or `None` when none is chosen.
fn sort_term(
    (sort, position): (&[&KeyAttribute], usize),
    key: &KeySchema,
    spec: &QuerySpec,
    (params, examples): (&mut ExpressionParams, &KeyExamples),
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    let partition = &key.partition;
    if spec.sort == SortChoice::None {
        return None;
    }
    let Some(sort) = sort.get(position).copied() else {
        errors.push(FieldError::new(
            Field::Sort,
            format!(
                "this target has no sort key (its key is `{}` alone); choose none",
                partition.name
            ),
        ));
        return None;
    };
    params.names.insert("#sk".to_owned(), sort.name.clone());
    let condition = match spec.sort {
        SortChoice::Between => {
            let sort = (sort, examples);
            let low = typed(&spec.sort_value, sort, "sort key", Field::SortValue, errors);
            let high = typed(&spec.sort_upper, sort, "sort key", Field::SortUpper, errors);
            if let (Some(low), Some(high)) = (low, high) {
                if compare_scalars(&low, &high) == Some(Ordering::Greater) {
                    errors.push(
                        FieldError::new(
                            Field::SortUpper,
                            "the upper bound is less than the lower bound (BETWEEN needs low <= high); swap them",
                        )
                        .at(0..spec.sort_upper.len()),
                    );
                }
                params.values.insert(":sk_low".to_owned(), low);
                params.values.insert(":sk_high".to_owned(), high);
            }
            "#sk BETWEEN :sk_low AND :sk_high".to_owned()
        }
        SortChoice::BeginsWith if sort.value_type == ValueType::N => {
            errors.push(FieldError::new(
                Field::Sort,
                format!(
                    "begins_with is not offered on sort key `{}` of type N (it works on S and B); use BETWEEN for a numeric range",
                    sort.name
                ),
            ));
            "begins_with(#sk, :sk)".to_owned()
        }
        choice => {
            let sort = (sort, examples);
            if let Some(value) = typed(&spec.sort_value, sort, "sort key", Field::SortValue, errors)
            {
                params.values.insert(":sk".to_owned(), value);
            }
            match choice {
                SortChoice::BeginsWith => "begins_with(#sk, :sk)".to_owned(),
                other => format!("#sk {} :sk", other.label()),
            }
        }
    };
    Some(condition)
}

fn compile_projection(
    text: &str,
    errors: &mut Vec<FieldError>,
) -> Option<crate::domain::expr::ProjectionExpr> {
    if text.trim().is_empty() {
        return None;
    }
    match parse_friendly_projection(text, &ExpressionParams::default()) {
        Ok(ast) => Some(ast),
        Err(error) => {
            errors.push(FieldError::new(Field::Projection, error.message).at(error.span));
            None
        }
    }
}

fn page_size(text: &str, errors: &mut Vec<FieldError>) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.parse::<u32>() {
        Ok(limit) if (1..=MAX_LIMIT).contains(&limit) => Some(limit),
        _ => {
            errors.push(
                FieldError::new(
                    Field::PageSize,
                    format!("the page size (Limit) is a whole number from 1 to {MAX_LIMIT}"),
                )
                .at(0..text.len()),
            );
            None
        }
    }
}

fn stop_after(text: &str, errors: &mut Vec<FieldError>) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.parse::<u64>() {
        Ok(count) if count >= 1 => Some(count),
        _ => {
            errors.push(
                FieldError::new(
                    Field::StopAfter,
                    "stop after N matches takes a whole number of at least 1 (empty: read as you scroll)",
                )
                .at(0..text.len()),
            );
            None
        }
    }
}

/// Parses the request exactly as the service will (placeholders, types, key schema).
fn check_wire(description: &TableDescription, request: &QueryRequest) -> Result<(), String> {
    let mut wire = WireRequest::new(&request.params);
    let key_condition = wire
        .condition(ExprKind::KeyCondition, &request.key_condition)
        .map_err(|error| error.message)?;
    let filter = request
        .filter
        .as_deref()
        .map(|text| wire.condition(ExprKind::Filter, text))
        .transpose()
        .map_err(|error| error.message)?;
    if let Some(projection) = request.projection.as_deref() {
        wire.projection(projection).map_err(|error| error.message)?;
    }
    wire.finish().map_err(|error| error.message)?;
    check_query(
        description,
        request.index.as_deref(),
        &key_condition,
        filter.as_ref(),
        request.consistent_read,
    )
    .map(|_| ())
    .map_err(|error| error.message)
}
