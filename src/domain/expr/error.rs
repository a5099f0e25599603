//! The one error type of the expression language, carrying DynamoDB's own message text and the
//! byte range of the mistake in the text the user typed.

use std::fmt;
use std::ops::Range;

/// Which expression parameter of a request an expression belongs to. It decides the wording of
/// messages (`Invalid FilterExpression: …`) and a few rules (key conditions are restricted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    Condition,
    Filter,
    KeyCondition,
    Update,
    Projection,
}

impl ExprKind {
    /// The request parameter name, as the service spells it in messages.
    #[must_use]
    pub const fn parameter(self) -> &'static str {
        match self {
            Self::Condition => "ConditionExpression",
            Self::Filter => "FilterExpression",
            Self::KeyCondition => "KeyConditionExpression",
            Self::Update => "UpdateExpression",
            Self::Projection => "ProjectionExpression",
        }
    }
}

impl fmt::Display for ExprKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.parameter())
    }
}

/// A rejected expression: the service's full message (`Display`) and where in the user's text the
/// problem is. `span` is a byte range into the text that was parsed; it may be empty (for example
/// at the end of the text, or for request-wide problems such as an unused placeholder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    pub kind: ExprKind,
    /// The complete message as DynamoDB words it, e.g.
    /// `Invalid KeyConditionExpression: Syntax error; token: ")", near: "()"`.
    pub message: String,
    pub span: Range<usize>,
}

impl ExprError {
    /// `Invalid <Kind>Expression: <detail>`, the service's prefix for most expression errors.
    pub fn invalid(kind: ExprKind, detail: impl fmt::Display, span: Range<usize>) -> Self {
        Self {
            kind,
            message: format!("Invalid {}: {detail}", kind.parameter()),
            span,
        }
    }

    /// A message the service words without the `Invalid <Kind>Expression:` prefix.
    pub fn plain(kind: ExprKind, message: impl Into<String>, span: Range<usize>) -> Self {
        Self {
            kind,
            message: message.into(),
            span,
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExprError {}
