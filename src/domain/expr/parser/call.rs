//! Function-call syntax shared by conditions and updates: `name(arg, …)`.

use super::{PResult, Parser};
use crate::domain::expr::ast::Operand;
use crate::domain::expr::lexer::Tok;
use crate::domain::expr::span::Span;

/// A parsed call before it is checked against the function's rules. The name borrows the text:
/// a 4 KB filter holds a hundred calls, and none of them needs its name owned.
pub(super) struct Call<'t> {
    pub name: &'t str,
    pub name_span: Span,
    pub arguments: Arguments,
    /// From the name through the closing parenthesis.
    pub span: Span,
}

/// The arguments of a call. No function takes more than two, so two are kept inline and any
/// further ones only counted, for the arity message: a call then costs no allocation.
#[derive(Default)]
pub(super) struct Arguments {
    first: Option<Operand>,
    second: Option<Operand>,
    count: usize,
}

impl Arguments {
    fn push(&mut self, operand: Operand) {
        match self.count {
            0 => self.first = Some(operand),
            1 => self.second = Some(operand),
            _ => {}
        }
        self.count += 1;
    }

    pub fn len(&self) -> usize {
        self.count
    }

    /// The argument, when there is exactly one.
    pub fn one(self) -> Option<Operand> {
        if self.count == 1 { self.first } else { None }
    }

    /// Both arguments, when there are exactly two.
    pub fn two(self) -> Option<[Operand; 2]> {
        if self.count == 2 {
            Some([self.first?, self.second?])
        } else {
            None
        }
    }
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

impl<'t> Parser<'t, '_> {
    /// True at `word (`: a function call.
    pub(super) fn at_call(&self) -> bool {
        self.peek() == &Tok::Ident
            && self.peek_next() == &Tok::LParen
            && self
                .text_of(self.span())
                .starts_with(|c: char| c.is_ascii_alphabetic())
    }

    /// `name ( operand (, operand)* )` with condition operands.
    pub(super) fn call(&mut self) -> PResult<Call<'t>> {
        let name_span = self.advance();
        let name = self.text_of(name_span);
        self.advance();
        self.enter()?;
        let mut arguments = Arguments::default();
        arguments.push(self.operand()?);
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
