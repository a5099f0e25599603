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
    pub(super) fn condition_function(&mut self, call: Call) -> Option<Function> {
        let name = call.name.clone();
        let name_span = call.name_span;
        match name.as_str() {
            "attribute_exists" => self
                .single_path_argument(call)
                .map(Function::AttributeExists),
            "attribute_not_exists" => self
                .single_path_argument(call)
                .map(Function::AttributeNotExists),
            "attribute_type" => {
                let [first, second] = self.two_arguments(call)?;
                let Operand::Path(path) = first else {
                    self.defer_requires_path(&name, first.span());
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
                        other => self.defer_operand_type(&name, other.value_type(), value.span),
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
                            self.defer_operand_type(&name, value_type, value.span);
                        }
                    }
                }
                self.check_distinct(&name, &first, &second);
                Some(Function::BeginsWith(first, second))
            }
            "contains" => {
                let [first, second] = self.two_arguments(call)?;
                self.check_distinct(&name, &first, &second);
                Some(Function::Contains(first, second))
            }
            _ => {
                self.defer_misused_function(&name, name_span);
                None
            }
        }
    }

    /// The single path argument of `attribute_exists`, `attribute_not_exists` and `size`.
    pub(super) fn single_path_argument(&mut self, call: Call) -> Option<Path> {
        let name = call.name.clone();
        let [argument] = self.exact_arguments::<1>(call)?;
        match argument {
            Operand::Path(path) => Some(path),
            other => {
                self.defer_requires_path(&name, other.span());
                None
            }
        }
    }

    fn two_arguments(&mut self, call: Call) -> Option<[Operand; 2]> {
        self.exact_arguments::<2>(call)
    }

    fn exact_arguments<const N: usize>(&mut self, call: Call) -> Option<[Operand; N]> {
        let count = call.arguments.len();
        match <[Operand; N]>::try_from(call.arguments) {
            Ok(arguments) => Some(arguments),
            Err(_) => {
                self.defer_invalid(
                    format!(
                        "Incorrect number of operands for operator or function; operator or function: {}, number of operands: {count}",
                        call.name
                    ),
                    call.span,
                );
                None
            }
        }
    }

    pub(super) fn defer_requires_path(&mut self, name: &str, span: Span) {
        self.defer_invalid(
            format!("Operator or function requires a document path; operator or function: {name}"),
            span,
        );
    }
}
