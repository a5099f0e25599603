//! UpdateExpression: `SET`, `REMOVE`, `ADD`, `DELETE` clauses, each at most once, in any order.

use super::{PResult, Parser};
use crate::domain::expr::ast::{
    Path, SetAction, SetValue, UpdateExpr, UpdateOperand, Value, ValueAction,
};
use crate::domain::expr::lexer::Tok;
use crate::domain::expr::span::Span;
use crate::domain::value::{AttrValue, ValueType};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Clause {
    Set,
    Remove,
    Add,
    Delete,
}

impl Clause {
    const ALL: [(Self, &'static str); 4] = [
        (Self::Set, "SET"),
        (Self::Remove, "REMOVE"),
        (Self::Add, "ADD"),
        (Self::Delete, "DELETE"),
    ];
}

impl Parser<'_, '_> {
    fn at_clause(&self) -> Option<(Clause, &'static str)> {
        Clause::ALL
            .into_iter()
            .find(|(_, word)| self.at_keyword(word))
    }

    pub(super) fn update(&mut self) -> PResult<UpdateExpr> {
        let mut update = UpdateExpr::default();
        let mut seen: Vec<Clause> = Vec::new();
        loop {
            let Some((clause, word)) = self.at_clause() else {
                return Err(self.syntax_error());
            };
            let clause_span = self.advance();
            if seen.contains(&clause) {
                self.defer_invalid(
                    format!(
                        "The \"{word}\" section can only be used once in an update expression;"
                    ),
                    clause_span,
                );
            }
            seen.push(clause);
            loop {
                match clause {
                    Clause::Set => {
                        let action = self.set_action()?;
                        update.set.push(action);
                    }
                    Clause::Remove => update.remove.push(self.path()?),
                    Clause::Add => {
                        let action = self.value_action("ADD")?;
                        update.add.push(action);
                    }
                    Clause::Delete => {
                        let action = self.value_action("DELETE")?;
                        update.delete.push(action);
                    }
                }
                if self.peek() != &Tok::Comma {
                    break;
                }
                self.advance();
            }
            if self.peek() == &Tok::Eof {
                break;
            }
        }
        let paths: Vec<&Path> = update.target_paths().collect();
        self.check_overlaps(&paths);
        Ok(update)
    }

    fn set_action(&mut self) -> PResult<SetAction> {
        let path = self.path()?;
        self.expect(&Tok::Eq)?;
        let first = self.update_operand(false)?;
        let value = match self.peek() {
            Tok::Plus | Tok::Minus => {
                let plus = self.peek() == &Tok::Plus;
                let op_span = self.advance();
                self.count_operator(op_span)?;
                let second = self.update_operand(false)?;
                let symbol = if plus { "+" } else { "-" };
                for operand in [&first, &second] {
                    self.check_constant_type(symbol, operand, |t| t == ValueType::N);
                }
                if plus {
                    SetValue::Plus(first, second)
                } else {
                    SetValue::Minus(first, second)
                }
            }
            _ => SetValue::Operand(first),
        };
        Ok(SetAction { path, value })
    }

    fn check_constant_type(
        &mut self,
        operator: &str,
        operand: &UpdateOperand,
        allowed: impl Fn(ValueType) -> bool,
    ) {
        if let UpdateOperand::Value(value) = operand {
            let value_type = value.value.value_type();
            if !allowed(value_type) {
                self.defer_operand_type(operator, value_type, value.span);
            }
        }
    }

    /// `path`, a value, or `if_not_exists(…)` / `list_append(…)`. Only `if_not_exists` may be
    /// nested inside another function.
    fn update_operand(&mut self, nested: bool) -> PResult<UpdateOperand> {
        if self.at_call() {
            let name_span = self.advance();
            let name = self.text_of(name_span);
            self.advance();
            self.enter()?;
            let mut arguments = Vec::with_capacity(2);
            arguments.push(self.update_operand(true)?);
            while self.peek() == &Tok::Comma {
                self.advance();
                arguments.push(self.update_operand(true)?);
            }
            self.leave();
            let close = self.expect(&Tok::RParen)?;
            let span = name_span.to(close);
            self.count_operator(name_span)?;
            return Ok(self.update_function(name, name_span, arguments, span, nested));
        }
        if self.at_value() {
            return Ok(UpdateOperand::Value(self.value()?));
        }
        if self.at_path_start() {
            return Ok(UpdateOperand::Path(self.path()?));
        }
        Err(self.syntax_error())
    }

    fn update_function(
        &mut self,
        name: &str,
        name_span: Span,
        arguments: Vec<UpdateOperand>,
        span: Span,
        nested: bool,
    ) -> UpdateOperand {
        let placeholder = UpdateOperand::Value(Value {
            value: AttrValue::Null,
            span,
        });
        if !matches!(name, "if_not_exists" | "list_append") {
            self.defer_invalid(
                format!("Invalid function name; function: {name}"),
                name_span,
            );
            return placeholder;
        }
        if nested && name != "if_not_exists" {
            self.defer_misused_function(name, name_span);
            return placeholder;
        }
        let count = arguments.len();
        let Ok([first, second]) = <[UpdateOperand; 2]>::try_from(arguments) else {
            self.defer_invalid(
                format!(
                    "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {count}"
                ),
                span,
            );
            return placeholder;
        };
        if name == "if_not_exists" {
            let UpdateOperand::Path(path) = first else {
                self.defer_requires_path(name, first.span());
                return placeholder;
            };
            return UpdateOperand::IfNotExists {
                path,
                default: Box::new(second),
                span,
            };
        }
        for operand in [&first, &second] {
            self.check_constant_type(name, operand, |t| t == ValueType::L);
        }
        UpdateOperand::ListAppend {
            first: Box::new(first),
            second: Box::new(second),
            span,
        }
    }

    /// `path value` of ADD (number or set) and DELETE (set).
    fn value_action(&mut self, operator: &str) -> PResult<ValueAction> {
        let path = self.path()?;
        if !self.at_value() {
            return Err(self.syntax_error());
        }
        let value = self.value()?;
        let value_type = value.value.value_type();
        let allowed = match operator {
            "ADD" => matches!(
                value_type,
                ValueType::N | ValueType::Ss | ValueType::Ns | ValueType::Bs
            ),
            _ => matches!(value_type, ValueType::Ss | ValueType::Ns | ValueType::Bs),
        };
        if !allowed {
            self.defer_invalid(
                format!(
                    "Incorrect operand type for operator or function; operator: {operator}, operand type: {}",
                    long_type_name(value_type)
                ),
                value.span,
            );
        }
        Ok(ValueAction { path, value })
    }
}

/// The long type names the service uses in ADD/DELETE messages.
fn long_type_name(value_type: ValueType) -> &'static str {
    match value_type {
        ValueType::S => "STRING",
        ValueType::N => "NUMBER",
        ValueType::B => "BINARY",
        ValueType::Bool => "BOOLEAN",
        ValueType::Null => "NULL",
        ValueType::M => "MAP",
        ValueType::L => "LIST",
        ValueType::Ss => "STRING_SET",
        ValueType::Ns => "NUMBER_SET",
        ValueType::Bs => "BINARY_SET",
    }
}
