//! What reading a SELECT gives: the read it becomes, or why it does not become one.

use crate::domain::request::{QueryRequest, ScanRequest};

/// The read a SELECT becomes.
#[derive(Clone, Debug, PartialEq)]
pub enum Translated {
    Query(QueryRequest),
    Scan(ScanRequest),
}

/// Why a statement does not become a read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranslateError {
    /// Not well formed (DynamoDB refuses it too).
    Malformed(String),
    /// Well formed, but outside what this reading covers.
    Unsupported(String),
    /// The table (or its index) does not exist: `(table, index)`.
    Missing(String, Option<String>),
}

pub(super) fn unsupported<T>(what: &str) -> Result<T, TranslateError> {
    Err(TranslateError::Unsupported(what.to_owned()))
}

pub(super) fn malformed<T>(what: impl Into<String>) -> Result<T, TranslateError> {
    Err(TranslateError::Malformed(what.into()))
}
