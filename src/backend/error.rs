//! Backend errors, classified once at the edge of each backend so the rest of ddbx can react to
//! the kind (retry a throttle, show a conflict view) while the user still reads the service's words.

use std::fmt;

use crate::domain::throttling::{ThrottlingReason, explain_all, retried};
use crate::domain::value::Item;

/// One entry of a cancelled transaction's `CancellationReasons`, in action order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CancellationReason {
    /// `None`, `ConditionalCheckFailed`, `TransactionConflict`, `ValidationError`, …
    pub code: String,
    pub message: Option<String>,
    /// The current item, when the action asked for it on condition failure.
    pub item: Option<Item>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// `ConditionalCheckFailedException`; `current` is the item as stored now, when returned.
    ConditionFailed { current: Option<Item> },
    /// `TransactionCanceledException` with the reasons in action order.
    TransactionCanceled {
        message: String,
        reasons: Vec<CancellationReason>,
    },
    /// `ValidationException` (or a local check that matches one): the request was not valid.
    Validation(String),
    /// `ResourceNotFoundException`: the table or index does not exist.
    NotFound(String),
    /// Throttling of any kind; safe to retry later. `reasons` are the service's
    /// `ThrottlingReasons` (empty when it sent none); `retries` counts the attempts the SDK made
    /// after the first before giving up.
    Throttled {
        code: String,
        message: String,
        reasons: Vec<ThrottlingReason>,
        retries: u32,
    },
    /// Credentials missing, expired or not allowed.
    Auth { code: String, message: String },
    /// The connection broke or the server never answered: the request may have been applied.
    Network(String),
    /// No connection could be opened (refused, unknown host, TLS handshake, connect timeout) on
    /// any attempt: the request never left, so it was not applied.
    NotSent(String),
    /// A write was attempted on a read-only connection; nothing was sent.
    ReadOnly,
    /// Any other service error, with its code.
    Service { code: String, message: String },
}

impl BackendError {
    /// True for errors where retrying the same request later may succeed.
    #[must_use]
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            Self::Throttled { .. } | Self::Network(_) | Self::NotSent(_)
        )
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ConditionFailed { .. } => f.write_str(
                "ConditionalCheckFailedException: The conditional request failed (the item changed since it was read, or the condition does not hold)",
            ),
            Self::TransactionCanceled { message, .. } => {
                write!(f, "TransactionCanceledException: {message}")
            }
            Self::Validation(message) => write!(f, "ValidationException: {message}"),
            Self::NotFound(message) => write!(f, "ResourceNotFoundException: {message}"),
            Self::Throttled {
                code,
                message,
                reasons,
                retries,
            } => throttled(f, code, message, reasons, *retries),
            Self::Auth { code, message }
            | Self::Service { code, message } => write!(f, "{code}: {message}"),
            Self::Network(message) | Self::NotSent(message) => {
                write!(f, "network error: {message}")
            }
            Self::ReadOnly => f.write_str(
                "refused: this session is read-only (started with --read-only or on a file); nothing was sent",
            ),
        }
    }
}

/// With reasons, the explanation first and the service's code after it; without, the service's
/// words as they are. Either way on one line, with the retries the SDK made.
fn throttled(
    f: &mut fmt::Formatter<'_>,
    code: &str,
    message: &str,
    reasons: &[ThrottlingReason],
    retries: u32,
) -> fmt::Result {
    if reasons.is_empty() {
        write!(f, "{code}: {message}")?;
        if retries > 0 {
            write!(f, " (still throttled after {})", retried(retries))?;
        }
        return Ok(());
    }
    write!(f, "throttled: {} [{code}]", explain_all(reasons, retries))
}

impl std::error::Error for BackendError {}
