//! What DynamoDB refuses of a SELECT before it reads a row, found before the statement is sent:
//! the statement is read as the embedded engine answers it (the same translation, then the
//! Query's or Scan's own checks), so what the engine refuses is refused here first, in the same
//! words. What that reading does not cover is left to the service, never guessed at.

use super::key_schemas_of;
use super::translate::translate_located;
use super::translated::{TranslateError, Translated};
use crate::domain::expr::prepare::{prepare_query, prepare_scan};
use crate::domain::schema::TableDescription;
use crate::domain::value::AttrValue;

/// Why DynamoDB would refuse `text` on `table`, with where a malformed statement stops being
/// readable; `None` when nothing here refuses it.
#[must_use]
pub fn refusal(text: &str, parameters: &[AttrValue], table: &TableDescription) -> Option<String> {
    let translated = translate_located(text, parameters, key_schemas_of(table));
    match translated {
        Err((error @ TranslateError::Malformed(_), at)) => Some(located(&error, text, at)),
        Err((error, _)) => error.validation_message(),
        Ok(Translated::Query(query)) => prepare_query(table, &query.expressions(), &query.params)
            .err()
            .map(|error| error.message),
        Ok(Translated::Scan(scan)) => prepare_scan(table, &scan.expressions(), &scan.params)
            .err()
            .map(|error| error.message),
    }
}

fn located(error: &TranslateError, text: &str, at: usize) -> String {
    if at >= text.chars().count() {
        format!("{error} (at the end of the statement)")
    } else {
        format!("{error} (at character {})", at + 1)
    }
}
