//! ExecuteStatement: a SELECT read as the Query or Scan DynamoDB answers it with (see
//! `domain::partiql::translate`), run on the engine's own reads, its cursor carried in
//! `NextToken`; an INSERT, UPDATE or DELETE as the conditioned single-item write DynamoDB makes
//! of it (`domain::partiql::translate_write`). What that reading does not cover is refused,
//! saying so, rather than answered differently from DynamoDB.

use super::engine::MemoryBackend;
use crate::backend::{BackendError, Page, StatementPage, StatementRequest};
use crate::domain::ddb_json;
use crate::domain::partiql::{
    TranslateError, Translated, WriteStatement, statement_row, translate, translate_write,
};
use crate::domain::value::{AttrValue, Item};

impl MemoryBackend {
    pub(super) fn execute_statement_now(
        &self,
        request: &StatementRequest,
    ) -> Result<StatementPage, BackendError> {
        if let Some(write) = self.write_of(&request.statement, &request.parameters) {
            return self.statement_write(&write?);
        }
        let translated = translate(&request.statement, &request.parameters, |table, index| {
            self.describe(table).ok()?.key_schema_of(index).cloned()
        })
        .map_err(|error| self.refusal(error))?;
        let start_key = request.next_token.as_deref().map(decode).transpose()?;
        let (page, projection, params) = match translated {
            Translated::Query(mut query) => {
                query.limit = request.limit;
                query.consistent_read = request.consistent_read;
                query.start_key = start_key;
                (self.query_now(&query)?, query.projection, query.params)
            }
            Translated::Scan(mut scan) => {
                scan.limit = request.limit;
                scan.consistent_read = request.consistent_read;
                scan.start_key = start_key;
                (self.scan_now(&scan)?, scan.projection, scan.params)
            }
        };
        let Page {
            items,
            last_evaluated_key,
            consumed,
            ..
        } = page;
        let items = items
            .into_iter()
            .map(|item| statement_row(projection.as_deref(), &params, item))
            .collect();
        Ok(StatementPage {
            items,
            next_token: last_evaluated_key.as_ref().map(encode),
            consumed,
        })
    }

    /// The write an INSERT, UPDATE or DELETE makes on this engine's tables, with DynamoDB's
    /// errors; `None` for any other statement.
    pub fn write_of(
        &self,
        statement: &str,
        parameters: &[AttrValue],
    ) -> Option<Result<WriteStatement, BackendError>> {
        let key_of = |table: &str| Some(self.describe(table).ok()?.key);
        translate_write(statement, parameters, key_of)
            .map(|write| write.map_err(|error| self.refusal(error)))
    }

    /// One INSERT, UPDATE or DELETE; what RETURNING asked for is its one row.
    pub fn statement_write(&self, write: &WriteStatement) -> Result<StatementPage, BackendError> {
        let output = match write {
            WriteStatement::Insert(put) => self.put_now(put).map_err(|error| match error {
                BackendError::ConditionFailed { .. } => duplicate_item(),
                other => other,
            })?,
            WriteStatement::Update(update) => self.update_now(update)?,
            WriteStatement::Delete(delete) => self.delete_now(delete)?,
        };
        Ok(StatementPage {
            items: output.attributes.into_iter().collect(),
            next_token: None,
            consumed: output.consumed,
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

/// An INSERT whose key exists, in DynamoDB's words.
#[must_use]
pub fn duplicate_item() -> BackendError {
    BackendError::Service {
        code: "DuplicateItemException".to_owned(),
        message: "Duplicate primary key exists in table".to_owned(),
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
