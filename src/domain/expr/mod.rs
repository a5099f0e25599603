//! The DynamoDB expression language: parse, validate, render and evaluate condition, filter,
//! key-condition, update and projection expressions. Pure: no I/O.
//!
//! Two ways in:
//! - **wire text** as a request carries it (`#n = :v` plus one [`ExpressionParams`] per
//!   request), parsed with [`WireRequest`], which also applies the service's request-wide rule
//!   that every placeholder must be used;
//! - **friendly text** a user types (`status = "PENDING" AND begins_with(SK, "ORDER#")`), parsed
//!   with [`parse_friendly_condition`] and friends.
//!
//! Both give the same AST ([`ast`]), with names and values resolved. [`render::Renderer`] turns
//! ASTs back into wire text with deterministic placeholders; [`validate`] and
//! [`key_condition`] check ASTs against a table schema; [`prepare`] runs every check of one
//! request (what the embedded engine calls first); [`eval`] evaluates conditions, updates and
//! projections on items; [`order`] sorts key values; [`complete`] says what may come next at a
//! cursor.

pub mod ast;
mod bad_token;
pub mod bare_names;
pub mod complete;
pub mod error;
pub mod eval;
pub mod key_condition;
mod key_terms;
mod lexer;
mod multi_key_condition;
pub mod order;
pub mod params;
mod parser;
mod placeholder_numbers;
pub mod prepare;
pub mod raw_syntax;
pub mod render;
pub mod reserved;
pub mod span;
pub mod validate;

use std::collections::BTreeMap;

pub use ast::{Condition, Path, PathElement, ProjectionExpr, UpdateExpr};
pub use error::{ExprError, ExprKind};
pub use params::ExpressionParams;
pub use parser::{MAX_EXPRESSION_BYTES, MAX_IN_CANDIDATES, MAX_OPERATORS, MAX_PATH_DEPTH, Syntax};
pub use span::Span;

/// Parses the wire expressions of one request against its shared [`ExpressionParams`].
///
/// Call one method per expression the request carries, then [`WireRequest::finish`], which
/// reports placeholders defined in the params but used by none of the expressions, exactly as
/// the service checks them across the whole request.
#[derive(Debug)]
pub struct WireRequest<'p> {
    params: &'p ExpressionParams,
    /// Keys of `params` the expressions used (see [`parser::PlaceholderUse`]).
    used_names: Vec<&'p String>,
    used_values: Vec<&'p String>,
    first_kind: Option<ExprKind>,
}

impl<'p> WireRequest<'p> {
    #[must_use]
    pub fn new(params: &'p ExpressionParams) -> Self {
        Self {
            params,
            used_names: Vec::new(),
            used_values: Vec::new(),
            first_kind: None,
        }
    }

    /// The service checks the shape of every params key before it reads any expression:
    /// `#` or `:` followed by one or more of `[A-Za-z0-9_]`.
    fn check_keys(&self, kind: ExprKind) -> Result<(), ExprError> {
        if self.first_kind.is_some() {
            return Ok(());
        }
        let valid = |key: &str, sigil: char| {
            key.strip_prefix(sigil).is_some_and(|rest| {
                !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            })
        };
        let names = self
            .params
            .names
            .keys()
            .map(|key| (key, '#', "ExpressionAttributeNames"));
        let values = self
            .params
            .values
            .keys()
            .map(|key| (key, ':', "ExpressionAttributeValues"));
        for (key, sigil, parameter) in names.chain(values) {
            if !valid(key, sigil) {
                return Err(ExprError::plain(
                    kind,
                    format!("{parameter} contains invalid key: Syntax error; key: \"{key}\""),
                    0..0,
                ));
            }
        }
        Ok(())
    }

    fn record(&mut self, kind: ExprKind, used: parser::PlaceholderUse<'p>) {
        self.first_kind.get_or_insert(kind);
        self.used_names.extend(used.names);
        self.used_values.extend(used.values);
    }

    /// A ConditionExpression, FilterExpression or KeyConditionExpression (`kind` says which).
    pub fn condition(&mut self, kind: ExprKind, text: &str) -> Result<Condition, ExprError> {
        self.check_keys(kind)?;
        let (condition, used) = parser::parse_condition(text, kind, Syntax::Wire, self.params)?;
        self.record(kind, used);
        Ok(condition)
    }

    pub fn update(&mut self, text: &str) -> Result<UpdateExpr, ExprError> {
        self.check_keys(ExprKind::Update)?;
        let (update, used) = parser::parse_update(text, Syntax::Wire, self.params)?;
        self.record(ExprKind::Update, used);
        Ok(update)
    }

    pub fn projection(&mut self, text: &str) -> Result<ProjectionExpr, ExprError> {
        self.check_keys(ExprKind::Projection)?;
        let (projection, used) = parser::parse_projection(text, Syntax::Wire, self.params)?;
        self.record(ExprKind::Projection, used);
        Ok(projection)
    }

    /// The request-wide check: every `#name` and `:value` defined must be used somewhere.
    pub fn finish(self) -> Result<(), ExprError> {
        let kind = self.first_kind.unwrap_or(ExprKind::Condition);
        let unused_names = unused(&self.params.names, &self.used_names);
        if !unused_names.is_empty() {
            return Err(ExprError::plain(
                kind,
                format!(
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
                    unused_names.join(", ")
                ),
                0..0,
            ));
        }
        let unused_values = unused(&self.params.values, &self.used_values);
        if !unused_values.is_empty() {
            return Err(ExprError::plain(
                kind,
                format!(
                    "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
                    unused_values.join(", ")
                ),
                0..0,
            ));
        }
        Ok(())
    }
}

/// The keys of `defined` no expression used, in key order. The used keys are the params' own,
/// so identity (address) decides membership.
fn unused<V>(defined: &BTreeMap<String, V>, used: &[&String]) -> Vec<String> {
    let mut addresses: Vec<*const String> =
        used.iter().map(|key| std::ptr::from_ref(*key)).collect();
    addresses.sort_unstable();
    addresses.dedup();
    // Every used key is a defined one: as many distinct keys as defined means none is unused.
    if addresses.len() == defined.len() {
        return Vec::new();
    }
    defined
        .keys()
        .filter(|key| addresses.binary_search(&std::ptr::from_ref(*key)).is_err())
        .cloned()
        .collect()
}

/// Parses a condition, filter or key condition typed in the friendly syntax. `#name` / `:value`
/// placeholders may be mixed in; they resolve against `params` (pass an empty one if unused).
pub fn parse_friendly_condition(
    kind: ExprKind,
    text: &str,
    params: &ExpressionParams,
) -> Result<Condition, ExprError> {
    parser::parse_condition(text, kind, Syntax::Friendly, params).map(|(ast, _)| ast)
}

/// Parses an update expression typed in the friendly syntax.
pub fn parse_friendly_update(
    text: &str,
    params: &ExpressionParams,
) -> Result<UpdateExpr, ExprError> {
    parser::parse_update(text, Syntax::Friendly, params).map(|(ast, _)| ast)
}

/// Parses a projection expression typed in the friendly syntax.
pub fn parse_friendly_projection(
    text: &str,
    params: &ExpressionParams,
) -> Result<ProjectionExpr, ExprError> {
    parser::parse_projection(text, Syntax::Friendly, params).map(|(ast, _)| ast)
}
