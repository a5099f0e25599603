//! `ddbx query --expr`: the raw key condition (application-code text with `--values`/`--names`,
//! or inline literals) checked by [`build_raw_query`], the same code as the terminal UI's raw
//! mode, so both refuse the same input with the same words.

use crate::backend::QueryRequest;
use crate::cli::args::QueryArgs;
use crate::cli::error::CliError;
use crate::domain::raw_query::{RawField, RawQueryError, RawQueryInput, build_raw_query};
use crate::domain::schema::TableDescription;

/// The flag each field of a raw query comes from, for messages.
fn flag_of(field: RawField) -> &'static str {
    match field {
        RawField::Index => "--index",
        RawField::KeyCondition => "--expr",
        RawField::Filter => "--filter",
        RawField::Projection => "--project",
        RawField::Values => "--values",
        RawField::Names => "--names",
    }
}

/// The wire request of `--expr` (index already resolved by the caller), before paging options.
pub(super) fn raw_request(
    table: &TableDescription,
    index: Option<&str>,
    expr: &str,
    args: &QueryArgs,
) -> Result<QueryRequest, CliError> {
    let input = RawQueryInput {
        table: &table.name,
        index,
        key_condition: expr,
        filter: args.read.filter.as_deref(),
        projection: args.read.project.as_deref(),
        values_json: args.values.as_deref(),
        names_json: args.names.as_deref(),
    };
    build_raw_query(table, &input).map_err(|error| usage(&input, &error))
}

/// The service's message, prefixed with the flag, plus a caret under the mistake.
fn usage(input: &RawQueryInput<'_>, error: &RawQueryError) -> CliError {
    let flag = flag_of(error.field);
    let mut message = format!("{flag}: {}", error.message);
    let text = match error.field {
        RawField::KeyCondition => Some(input.key_condition),
        RawField::Filter => input.filter,
        RawField::Projection => input.projection,
        _ => None,
    };
    if let (Some(text), Some(span)) = (text, &error.span) {
        let printable = !text.chars().any(char::is_control);
        if printable && span.start <= text.len() && text.is_char_boundary(span.start) {
            let column = text[..span.start].chars().count();
            message.push_str(&format!("\n  {text}\n  {}^", " ".repeat(column)));
        }
    }
    CliError::usage(message)
}

#[cfg(test)]
#[path = "raw_tests.rs"]
mod tests;
