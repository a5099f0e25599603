//! Boolean functions of conditions (`attribute_exists`, `attribute_type`, `begins_with`,
//! `contains`) and `size`: arity, document-path and operand-type rules, with the service's
//! messages.

use super::Parser;
use super::call::Call;
use crate::domain::expr::ast::{Function, Operand, Path};
use crate::domain::expr::span::Span;
use crate::domain::value::{AttrValue, ValueType};

impl Parser<'_, '_> {
    /// Builds the typed boolean function, deferring the service's semantic errors.
    pub(super) fn condition_function(&mut self, call: Call<'_>) -> Option<Function> {
        let name = call.name;
        let name_span = call.name_span;
        match name {
            "attribute_exists" => self
                .single_path_argument(call)
                .map(Function::AttributeExists),
            "attribute_not_exists" => self
                .single_path_argument(call)
                .map(Function::AttributeNotExists),
            "attribute_type" => {
                let [first, second] = self.two_arguments(call)?;
                let Operand::Path(path) = first else {
                    self.defer_requires_path(name, first.span());
                    return None;
                };
                if let Operand::Value(value) = &second {
                    match &value.value {
                        AttrValue::S(text) if ValueType::from_descriptor(text).is_some() => {}
                        AttrValue::S(text) => self.defer_invalid(
                            format!(
                                "Invalid attribute type name found; type: {text}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"
                            ),
                            value.span,
                        ),
                        other => self.defer_operand_type(name, other.value_type(), value.span),
                    }
                }
                Some(Function::AttributeType(path, second))
            }
            "begins_with" => {
                let [first, second] = self.two_arguments(call)?;
                for operand in [&first, &second] {
                    if let Operand::Value(value) = operand {
                        let value_type = value.value.value_type();
                        if !matches!(value_type, ValueType::S | ValueType::B) {
                            self.defer_operand_type(name, value_type, value.span);
                        }
                    }
                }
                self.check_distinct(name, &first, &second);
                Some(Function::BeginsWith(first, second))
            }
            "contains" => {
                let [first, second] = self.two_arguments(call)?;
                self.check_distinct(name, &first, &second);
                Some(Function::Contains(first, second))
            }
            _ => {
                self.defer_misused_function(name, name_span);
                None
            }
        }
    }

    /// The single path argument of `attribute_exists`, `attribute_not_exists` and `size`.
    pub(super) fn single_path_argument(&mut self, call: Call<'_>) -> Option<Path> {
        let name = call.name;
        let argument = self.one_argument(call)?;
        match argument {
            Operand::Path(path) => Some(path),
            other => {
                self.defer_requires_path(name, other.span());
                None
            }
        }
    }

    pub(super) fn one_argument(&mut self, call: Call<'_>) -> Option<Operand> {
        let (name, count, span) = (call.name, call.arguments.len(), call.span);
        let argument = call.arguments.one();
        if argument.is_none() {
            self.defer_arity(name, count, span);
        }
        argument
    }

    fn two_arguments(&mut self, call: Call<'_>) -> Option<[Operand; 2]> {
        let (name, count, span) = (call.name, call.arguments.len(), call.span);
        let arguments = call.arguments.two();
        if arguments.is_none() {
            self.defer_arity(name, count, span);
        }
        arguments
    }

    fn defer_arity(&mut self, name: &str, count: usize, span: Span) {
        self.defer_invalid(
            format!(
                "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {count}"
            ),
            span,
        );
    }

    pub(super) fn defer_requires_path(&mut self, name: &str, span: Span) {
        self.defer_invalid(
            format!("Operator or function requires a document path; operator or function: {name}"),
            span,
        );
    }
}
