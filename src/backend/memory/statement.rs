//! ExecuteStatement for SELECT: the statement read as the Query or Scan DynamoDB answers it
//! with (see `domain::partiql::translate`), run on the engine's own reads, its cursor carried
//! in `NextToken`. What that reading does not cover is refused, saying so, rather than answered
//! differently from DynamoDB.

use super::engine::MemoryBackend;
use crate::backend::{BackendError, Page, StatementPage, StatementRequest};
use crate::domain::ddb_json;
use crate::domain::partiql::{TranslateError, Translated, translate};
use crate::domain::value::Item;

impl MemoryBackend {
    pub(super) fn execute_statement_now(
        &self,
        request: &StatementRequest,
    ) -> Result<StatementPage, BackendError> {
        let translated = translate(&request.statement, &request.parameters, |table, index| {
            self.describe(table).ok()?.key_schema_of(index).cloned()
        })
        .map_err(|error| self.refusal(error))?;
        let start_key = request.next_token.as_deref().map(decode).transpose()?;
        let page = match translated {
            Translated::Query(mut query) => {
                query.limit = request.limit;
                query.consistent_read = request.consistent_read;
                query.start_key = start_key;
                self.query_now(&query)?
            }
            Translated::Scan(mut scan) => {
                scan.limit = request.limit;
                scan.consistent_read = request.consistent_read;
                scan.start_key = start_key;
                self.scan_now(&scan)?
            }
        };
        let Page {
            items,
            last_evaluated_key,
            consumed,
            ..
        } = page;
        Ok(StatementPage {
            items,
            next_token: last_evaluated_key.as_ref().map(encode),
            consumed,
        })
    }

    fn refusal(&self, error: TranslateError) -> BackendError {
        match error {
            TranslateError::Malformed(_) | TranslateError::Invalid(_) => {
                BackendError::Validation(error.to_string())
            }
            TranslateError::Unsupported(what) => BackendError::Service {
                code: "PartiqlNotSupported".to_owned(),
                message: format!(
                    "the embedded engine does not run PartiQL with {what}; DynamoDB does: run \
                     it against a DynamoDB endpoint"
                ),
            },
            TranslateError::Missing(table, index) => match self.describe(&table) {
                Err(missing) => missing,
                Ok(_) => BackendError::Validation(format!(
                    "The table does not have the specified index: {}",
                    index.unwrap_or_default()
                )),
            },
        }
    }
}

/// The cursor of a page as an opaque `NextToken`.
fn encode(key: &Item) -> String {
    ddb_json::item_to_json(key).to_string()
}

fn decode(token: &str) -> Result<Item, BackendError> {
    serde_json::from_str(token)
        .ok()
        .and_then(|json| ddb_json::item_from_json(&json).ok())
        .ok_or_else(|| BackendError::Validation("The provided NextToken is not valid".to_owned()))
}
