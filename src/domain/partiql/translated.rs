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
    /// Well formed, but refused by DynamoDB's validation, in its words.
    Invalid(String),
}

impl TranslateError {
    /// The ValidationException DynamoDB answers this with, for the errors it refuses so.
    #[must_use]
    pub fn validation_message(&self) -> Option<String> {
        matches!(self, Self::Malformed(_) | Self::Invalid(_)).then(|| self.to_string())
    }
}

impl std::fmt::Display for TranslateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Malformed(detail) => {
                write!(
                    f,
                    "Statement wasn't well formed, can't be processed: {detail}"
                )
            }
            Self::Invalid(message) => f.write_str(message),
            Self::Unsupported(what) => write!(f, "not read by ddbx: {what}"),
            Self::Missing(table, None) => write!(f, "no table {table}"),
            Self::Missing(table, Some(index)) => write!(f, "table {table} has no index {index}"),
        }
    }
}

pub(super) fn unsupported<T>(what: &str) -> Result<T, TranslateError> {
    Err(TranslateError::Unsupported(what.to_owned()))
}

pub(super) fn malformed<T>(what: impl Into<String>) -> Result<T, TranslateError> {
    Err(TranslateError::Malformed(what.into()))
}
