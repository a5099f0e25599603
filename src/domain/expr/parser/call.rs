//! Function-call syntax shared by conditions and updates: `name(arg, …)`.

use super::{PResult, Parser};
use crate::domain::expr::ast::Operand;
use crate::domain::expr::lexer::Tok;
use crate::domain::expr::span::Span;

/// A parsed call before it is checked against the function's rules.
pub(super) struct Call {
    pub name: String,
    pub name_span: Span,
    pub arguments: Vec<Operand>,
    /// From the name through the closing parenthesis.
    pub span: Span,
}

/// Every function name the service knows, in any expression kind. Names are case-sensitive.
pub(super) fn is_known_function(name: &str) -> bool {
    matches!(
        name,
        "attribute_exists"
            | "attribute_not_exists"
            | "attribute_type"
            | "begins_with"
            | "contains"
            | "size"
            | "if_not_exists"
            | "list_append"
    )
}

impl Parser<'_, '_> {
    /// True at `word (`: a function call.
    pub(super) fn at_call(&self) -> bool {
        self.peek() == &Tok::Ident
            && self.peek_at(1) == &Tok::LParen
            && self
                .text_of(self.span())
                .starts_with(|c: char| c.is_ascii_alphabetic())
    }

    /// `name ( operand (, operand)* )` with condition operands.
    pub(super) fn call(&mut self) -> PResult<Call> {
        let name_span = self.advance();
        let name = self.text_of(name_span).to_owned();
        self.advance();
        self.enter()?;
        let mut arguments = vec![self.operand()?];
        while self.peek() == &Tok::Comma {
            self.advance();
            arguments.push(self.operand()?);
        }
        self.leave();
        let close = self.expect(&Tok::RParen)?;
        Ok(Call {
            name,
            name_span,
            arguments,
            span: name_span.to(close),
        })
    }
}
