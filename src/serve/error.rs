//! Errors as the service sends them: HTTP 400 with a JSON body naming the exception in `__type`
//! (the part after `#` is what SDKs match on) and the service's message.

use serde_json::{Map, Value, json};

use crate::backend::BackendError;
use crate::domain::ddb_json::item_to_json;

/// The namespace of DynamoDB's own exceptions.
const DYNAMODB: &str = "com.amazonaws.dynamodb.v20120810";
/// The namespace of the request-validation and protocol exceptions of the service framework.
const VALIDATE: &str = "com.amazon.coral.validate";
const SERVICE: &str = "com.amazon.coral.service";

/// One error response.
#[derive(Clone, Debug, PartialEq)]
pub struct WireError {
    pub status: u16,
    /// `namespace#Name`.
    pub kind: String,
    pub message: String,
    /// Fields besides `__type` and `message` (`Item`, `CancellationReasons`).
    pub extra: Map<String, Value>,
}

impl WireError {
    fn new(namespace: &str, name: &str, message: impl Into<String>) -> Self {
        Self {
            status: 400,
            kind: format!("{namespace}#{name}"),
            message: message.into(),
            extra: Map::new(),
        }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(VALIDATE, "ValidationException", message)
    }

    pub fn serialization(message: impl Into<String>) -> Self {
        Self::new(SERVICE, "SerializationException", message)
    }

    pub fn unknown_operation(target: &str) -> Self {
        let mut error = Self::new(SERVICE, "UnknownOperationException", "");
        error.message = format!("ddbx serve does not implement the operation {target:?}");
        error
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(DYNAMODB, "ResourceNotFoundException", message)
    }

    pub fn in_use(message: impl Into<String>) -> Self {
        Self::new(DYNAMODB, "ResourceInUseException", message)
    }

    pub fn access_denied(message: impl Into<String>) -> Self {
        Self::new(SERVICE, "AccessDeniedException", message)
    }

    /// A write on a read-only endpoint; nothing changed.
    pub fn read_only(operation: &str) -> Self {
        Self::new(
            SERVICE,
            "AccessDeniedException",
            format!(
                "ddbx serve is read-only (--read-only, the default for --file): {operation} refused, nothing was changed"
            ),
        )
    }

    /// The error as item, batch, statement and transaction operations give it: their
    /// ResourceNotFoundException does not say which table is missing.
    #[must_use]
    pub fn naming_no_table(mut self) -> Self {
        if self.name() == "ResourceNotFoundException" {
            "Requested resource not found".clone_into(&mut self.message);
        }
        self
    }

    /// The name SDKs see (after `#`).
    #[must_use]
    pub fn name(&self) -> &str {
        self.kind.rsplit('#').next().unwrap_or(&self.kind)
    }

    /// The response body.
    #[must_use]
    pub fn body(&self) -> Value {
        let mut body = self.extra.clone();
        body.insert("__type".into(), json!(self.kind));
        body.insert("message".into(), json!(self.message));
        Value::Object(body)
    }

    /// An engine error; `return_item` says whether a failed condition returns the item
    /// (`ReturnValuesOnConditionCheckFailure=ALL_OLD`).
    #[must_use]
    pub fn from_backend(error: BackendError, return_item: bool) -> Self {
        match error {
            BackendError::ConditionFailed { current } => {
                let mut wire = Self::new(
                    DYNAMODB,
                    "ConditionalCheckFailedException",
                    "The conditional request failed",
                );
                if let (true, Some(item)) = (return_item, current) {
                    wire.extra.insert("Item".into(), item_to_json(&item));
                }
                wire
            }
            BackendError::TransactionCanceled { message, reasons } => {
                let mut wire = Self::new(DYNAMODB, "TransactionCanceledException", message);
                let reasons: Vec<Value> = reasons
                    .into_iter()
                    .map(|reason| {
                        let mut entry = Map::new();
                        entry.insert("Code".into(), json!(reason.code));
                        if let Some(message) = reason.message {
                            entry.insert("Message".into(), json!(message));
                        }
                        if let Some(item) = reason.item {
                            entry.insert("Item".into(), item_to_json(&item));
                        }
                        Value::Object(entry)
                    })
                    .collect();
                wire.extra
                    .insert("CancellationReasons".into(), Value::Array(reasons));
                wire
            }
            BackendError::Validation(message) => Self::validation(message),
            BackendError::NotFound(message) => Self::not_found(message),
            BackendError::ReadOnly => Self::read_only("the write"),
            // The service's own failure (a write serve could not keep on disk) is a 500, which
            // SDKs retry.
            BackendError::Service { code, message } if code == "InternalServerError" => {
                let mut wire = Self::new(DYNAMODB, &code, message);
                wire.status = 500;
                wire
            }
            BackendError::Throttled { code, message, .. }
            | BackendError::Auth { code, message }
            | BackendError::Service { code, message } => Self::new(DYNAMODB, &code, message),
            BackendError::Network(message) | BackendError::NotSent(message) => {
                let mut wire = Self::new(SERVICE, "InternalFailure", message);
                wire.status = 500;
                wire
            }
        }
    }
}

impl From<BackendError> for WireError {
    fn from(error: BackendError) -> Self {
        Self::from_backend(error, false)
    }
}
