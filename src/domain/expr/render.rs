//! AST → wire text. One [`Renderer`] per request: it hands out placeholders deterministically
//! (in order of first use), shares `#names` across all the request's expressions, and yields
//! exactly the [`ExpressionParams`] the texts use, so nothing is undefined or unused.
//!
//! Names are written bare when the service allows it (a letter, then letters, digits or `_`,
//! and not a reserved word); every other name gets a `#placeholder`. Every value becomes a
//! `:placeholder`, since the wire syntax has no literals.

use std::collections::HashMap;

use foldhash::fast::RandomState;

use super::ast::{
    Condition, Function, Operand, Path, PathElement, ProjectionExpr, SetValue, UpdateExpr,
    UpdateOperand, Value,
};
use super::params::ExpressionParams;
use super::placeholder_numbers::{push_decimal, text_order};
use super::reserved::is_bare_name;
use crate::domain::value::AttrValue;

/// Renders the expressions of one request.
#[derive(Debug, Default)]
pub struct Renderer {
    params: ExpressionParams,
    /// Attribute name → its placeholder; foldhash, as the keys are the request's own names.
    name_placeholders: HashMap<String, String, RandomState>,
    next_name: usize,
    /// `:v0`, `:v1`… in order; turned into the map once, in [`Renderer::finish`].
    values: Vec<AttrValue>,
}

/// Longest placeholder derived from a name; longer names get a numbered one (the service caps
/// placeholders at 255 bytes).
const MAX_DERIVED_PLACEHOLDER: usize = 32;

impl Renderer {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The names and values used by everything rendered so far.
    #[must_use]
    pub fn finish(self) -> ExpressionParams {
        let mut params = self.params;
        let count = self.values.len();
        let mut values: Vec<Option<AttrValue>> = self.values.into_iter().map(Some).collect();
        // The map sorts what it is built from; handing it the keys already in their text order
        // (`:v0`, `:v1`, `:v10`, …, `:v2`) turns that sort into one pass.
        let mut entries = Vec::with_capacity(count);
        for index in text_order(count) {
            if let Some(value) = values.get_mut(index).and_then(Option::take) {
                let mut key = String::with_capacity(6);
                key.push_str(":v");
                push_decimal(&mut key, index);
                entries.push((key, value));
            }
        }
        params.values = entries.into_iter().collect();
        params
    }

    pub fn condition(&mut self, condition: &Condition) -> String {
        // A parsed condition renders to about the length of its source; growing a 4 KB text
        // from a small buffer would copy it several times.
        let source = condition.span().range().len();
        let mut out = String::with_capacity(256.max(source + source / 8));
        self.write_condition(&mut out, condition, Level::Or);
        out
    }

    pub fn update(&mut self, update: &UpdateExpr) -> String {
        let mut out = String::new();
        if !update.set.is_empty() {
            out.push_str("SET ");
            for (position, action) in update.set.iter().enumerate() {
                if position > 0 {
                    out.push_str(", ");
                }
                self.write_path(&mut out, &action.path);
                out.push_str(" = ");
                match &action.value {
                    SetValue::Operand(operand) => self.write_update_operand(&mut out, operand),
                    SetValue::Plus(a, b) | SetValue::Minus(a, b) => {
                        self.write_update_operand(&mut out, a);
                        out.push_str(if matches!(action.value, SetValue::Plus(..)) {
                            " + "
                        } else {
                            " - "
                        });
                        self.write_update_operand(&mut out, b);
                    }
                }
            }
        }
        self.write_path_clause(&mut out, "REMOVE", update.remove.iter().map(|p| (p, None)));
        for (keyword, actions) in [("ADD", &update.add), ("DELETE", &update.delete)] {
            let actions = actions
                .iter()
                .map(|action| (&action.path, Some(&action.value)));
            self.write_path_clause(&mut out, keyword, actions);
        }
        out
    }

    pub fn projection(&mut self, projection: &ProjectionExpr) -> String {
        let mut out = String::new();
        for (position, path) in projection.paths.iter().enumerate() {
            if position > 0 {
                out.push_str(", ");
            }
            self.write_path(&mut out, path);
        }
        out
    }

    fn write_path_clause<'a>(
        &mut self,
        out: &mut String,
        keyword: &str,
        actions: impl Iterator<Item = (&'a Path, Option<&'a Value>)>,
    ) {
        for (position, (path, value)) in actions.enumerate() {
            if position == 0 {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(keyword);
                out.push(' ');
            } else {
                out.push_str(", ");
            }
            self.write_path(out, path);
            if let Some(value) = value {
                out.push(' ');
                self.write_value(out, &value.value);
            }
        }
    }

    fn write_condition(&mut self, out: &mut String, condition: &Condition, level: Level) {
        let own = Level::of(condition);
        // Parenthesise only where precedence demands it; one pair is never redundant.
        let wrap = own < level;
        if wrap {
            out.push('(');
        }
        match condition {
            Condition::Or { left, right, .. } => {
                self.write_condition(out, left, Level::Or);
                out.push_str(" OR ");
                self.write_condition(out, right, Level::And);
            }
            Condition::And { left, right, .. } => {
                self.write_condition(out, left, Level::And);
                out.push_str(" AND ");
                self.write_condition(out, right, Level::Not);
            }
            Condition::Not { inner, .. } => {
                out.push_str("NOT ");
                self.write_condition(out, inner, Level::Not);
            }
            Condition::Compare {
                left, op, right, ..
            } => {
                self.write_operand(out, left);
                out.push(' ');
                out.push_str(op.symbol());
                out.push(' ');
                self.write_operand(out, right);
            }
            Condition::Between {
                operand, low, high, ..
            } => {
                self.write_operand(out, operand);
                out.push_str(" BETWEEN ");
                self.write_operand(out, low);
                out.push_str(" AND ");
                self.write_operand(out, high);
            }
            Condition::In {
                operand,
                candidates,
                ..
            } => {
                self.write_operand(out, operand);
                out.push_str(" IN (");
                for (position, candidate) in candidates.iter().enumerate() {
                    if position > 0 {
                        out.push_str(", ");
                    }
                    self.write_operand(out, candidate);
                }
                out.push(')');
            }
            Condition::Function { function, .. } => self.write_function(out, function),
        }
        if wrap {
            out.push(')');
        }
    }

    fn write_function(&mut self, out: &mut String, function: &Function) {
        out.push_str(function.name());
        out.push('(');
        match function {
            Function::AttributeExists(path) | Function::AttributeNotExists(path) => {
                self.write_path(out, path);
            }
            Function::AttributeType(path, operand) => {
                self.write_path(out, path);
                out.push_str(", ");
                self.write_operand(out, operand);
            }
            Function::BeginsWith(a, b) | Function::Contains(a, b) => {
                self.write_operand(out, a);
                out.push_str(", ");
                self.write_operand(out, b);
            }
        }
        out.push(')');
    }

    fn write_operand(&mut self, out: &mut String, operand: &Operand) {
        match operand {
            Operand::Path(path) => self.write_path(out, path),
            Operand::Value(value) => self.write_value(out, &value.value),
            Operand::Size { path, .. } => {
                out.push_str("size(");
                self.write_path(out, path);
                out.push(')');
            }
            Operand::SizeOfValue { value, .. } => {
                out.push_str("size(");
                self.write_value(out, &value.value);
                out.push(')');
            }
        }
    }

    fn write_update_operand(&mut self, out: &mut String, operand: &UpdateOperand) {
        match operand {
            UpdateOperand::Path(path) => self.write_path(out, path),
            UpdateOperand::Value(value) => self.write_value(out, &value.value),
            UpdateOperand::IfNotExists { path, default, .. } => {
                out.push_str("if_not_exists(");
                self.write_path(out, path);
                out.push_str(", ");
                self.write_update_operand(out, default);
                out.push(')');
            }
            UpdateOperand::ListAppend { first, second, .. } => {
                out.push_str("list_append(");
                self.write_update_operand(out, first);
                out.push_str(", ");
                self.write_update_operand(out, second);
                out.push(')');
            }
        }
    }

    /// Writes a path, using placeholders for names that cannot appear bare.
    pub fn write_path(&mut self, out: &mut String, path: &Path) {
        for (position, element) in path.elements.iter().enumerate() {
            match element {
                PathElement::Name(name) => {
                    if position > 0 {
                        out.push('.');
                    }
                    if is_bare_name(name) {
                        out.push_str(name);
                    } else {
                        out.push_str(self.name_placeholder(name));
                    }
                }
                PathElement::Index(index) => {
                    out.push('[');
                    push_decimal(out, *index);
                    out.push(']');
                }
            }
        }
    }

    /// The placeholder of `name`, handed out on its first use.
    fn name_placeholder(&mut self, name: &str) -> &str {
        // Looked up twice so the borrow of a hit does not outlive the miss branch.
        if self.name_placeholders.contains_key(name) {
            return self.name_placeholders.get(name).map_or("", String::as_str);
        }
        // `#status` reads better than `#n0`; names that are not placeholder-safe get numbers.
        let derived = !name.is_empty()
            && name.len() <= MAX_DERIVED_PLACEHOLDER
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !self.params.names.contains_key(&format!("#{name}"));
        let placeholder = if derived {
            format!("#{name}")
        } else {
            loop {
                let candidate = format!("#n{}", self.next_name);
                self.next_name += 1;
                if !self.params.names.contains_key(&candidate) {
                    break candidate;
                }
            }
        };
        self.params
            .names
            .insert(placeholder.clone(), name.to_owned());
        self.name_placeholders
            .entry(name.to_owned())
            .or_insert(placeholder)
    }

    fn write_value(&mut self, out: &mut String, value: &AttrValue) {
        out.push_str(":v");
        push_decimal(out, self.values.len());
        self.values.push(value.clone());
    }
}

/// Binding strength, loosest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Or,
    And,
    Not,
    Atom,
}

impl Level {
    fn of(condition: &Condition) -> Self {
        match condition {
            Condition::Or { .. } => Self::Or,
            Condition::And { .. } => Self::And,
            Condition::Not { .. } => Self::Not,
            _ => Self::Atom,
        }
    }
}
