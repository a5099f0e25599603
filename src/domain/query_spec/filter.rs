//! Filter rows and the raw filter → one filter condition. Each row is parsed on its own so an
//! error points into the row's attribute or value as the user typed it.

use super::{Field, FieldError, FilterOperator, FilterRow, Join, QuerySpec};
use crate::domain::expr::validate::check_filter;
use crate::domain::expr::{Condition, ExprError, ExprKind, parse_friendly_condition};
use crate::domain::request::ExpressionParams;
use crate::domain::schema::TableDescription;

/// The combined filter (rows joined by the join, then ANDed with the raw filter), or `None`
/// when there is none. Errors are pushed per field.
pub(super) fn compile_filter(
    description: &TableDescription,
    spec: &QuerySpec,
    errors: &mut Vec<FieldError>,
) -> Option<Condition> {
    let before = errors.len();
    let mut rows: Option<Condition> = None;
    for (index, row) in spec.filters.iter().enumerate() {
        if row.attribute.trim().is_empty() && row.value.trim().is_empty() {
            continue;
        }
        let Some(condition) = compile_row(description, spec.index.as_deref(), index, row, errors)
        else {
            continue;
        };
        rows = Some(match rows {
            None => condition,
            Some(left) => match spec.join {
                Join::And => left.and(condition),
                Join::Or => left.or(condition),
            },
        });
    }
    let raw = compile_raw(description, spec.index.as_deref(), &spec.raw_filter, errors);
    if errors.len() > before {
        return None;
    }
    match (rows, raw) {
        (Some(rows), Some(raw)) => Some(rows.and(raw)),
        (rows, raw) => rows.or(raw),
    }
}

fn compile_raw(
    description: &TableDescription,
    index: Option<&str>,
    text: &str,
    errors: &mut Vec<FieldError>,
) -> Option<Condition> {
    if text.trim().is_empty() {
        return None;
    }
    let parsed = parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
        .and_then(|ast| check_filter(&ast, description, index).map(|()| ast));
    match parsed {
        Ok(ast) => Some(ast),
        Err(error) => {
            errors.push(FieldError::new(Field::RawFilter, error.message).at(error.span));
            None
        }
    }
}

/// A value as a friendly literal: literals stay as typed, any other text becomes a string, so
/// `PENDING` means the text and never an attribute. Returns the literal and how far the user's
/// text moved inside it (1 for the added opening quote).
fn literal(value: &str) -> (String, usize) {
    let trimmed = value.trim();
    let is_literal = trimmed.starts_with(['"', '{', '-', '+', '.'])
        || trimmed.starts_with(|c: char| c.is_ascii_digit())
        || matches!(trimmed, "true" | "false" | "null");
    if is_literal {
        (value.to_owned(), 0)
    } else {
        // serde_json quoting is the friendly syntax's string escaping (JSON escapes).
        let quoted = serde_json::Value::String(value.to_owned()).to_string();
        (quoted, 1)
    }
}

fn compile_row(
    description: &TableDescription,
    index: Option<&str>,
    position: usize,
    row: &FilterRow,
    errors: &mut Vec<FieldError>,
) -> Option<Condition> {
    if row.attribute.trim().is_empty() {
        errors.push(FieldError::new(
            Field::FilterAttribute(position),
            "name the attribute to filter on",
        ));
        return None;
    }
    if row.operator.takes_value() && row.value.trim().is_empty() {
        errors.push(FieldError::new(
            Field::FilterValue(position),
            format!("{} needs a value", row.operator.label()),
        ));
        return None;
    }
    let (value, shift) = literal(&row.value);
    let attribute = &row.attribute;
    let (text, attribute_at, value_at) = match row.operator {
        FilterOperator::Exists | FilterOperator::NotExists => {
            let function = if row.operator == FilterOperator::Exists {
                "attribute_exists("
            } else {
                "attribute_not_exists("
            };
            (
                format!("{function}{attribute})"),
                function.len(),
                usize::MAX,
            )
        }
        FilterOperator::BeginsWith | FilterOperator::Contains => {
            let function = if row.operator == FilterOperator::BeginsWith {
                "begins_with("
            } else {
                "contains("
            };
            let value_at = function.len() + attribute.len() + 2;
            (
                format!("{function}{attribute}, {value})"),
                function.len(),
                value_at,
            )
        }
        comparison => {
            let value_at = attribute.len() + comparison.label().len() + 2;
            (
                format!("{attribute} {} {value}", comparison.label()),
                0,
                value_at,
            )
        }
    };
    let parsed = parse_friendly_condition(ExprKind::Filter, &text, &ExpressionParams::default())
        .and_then(|ast| check_filter(&ast, description, index).map(|()| ast));
    match parsed {
        Ok(ast) => Some(ast),
        Err(error) => {
            errors.push(row_error(
                &error,
                position,
                attribute_at,
                value_at,
                shift,
                row,
            ));
            None
        }
    }
}

/// Maps an error in the row's generated text back to the field and offset the user typed.
fn row_error(
    error: &ExprError,
    position: usize,
    attribute_at: usize,
    value_at: usize,
    shift: usize,
    row: &FilterRow,
) -> FieldError {
    let start = error.span.start;
    if start >= value_at {
        let offset = (start - value_at)
            .saturating_sub(shift)
            .min(row.value.len());
        let end = (error.span.end.saturating_sub(value_at)).saturating_sub(shift);
        let end = end.clamp(offset, row.value.len());
        FieldError::new(Field::FilterValue(position), error.message.clone()).at(offset..end)
    } else {
        let offset = start.saturating_sub(attribute_at).min(row.attribute.len());
        let end = error
            .span
            .end
            .saturating_sub(attribute_at)
            .clamp(offset, row.attribute.len());
        FieldError::new(Field::FilterAttribute(position), error.message.clone()).at(offset..end)
    }
}
