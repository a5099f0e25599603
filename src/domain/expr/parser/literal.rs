//! Inline literals of the friendly syntax. Each one becomes a `Value`, exactly what a `:value`
//! placeholder would have resolved to, so both syntaxes yield the same AST.

use std::collections::BTreeSet;

use super::{PResult, Parser, Syntax};
use crate::domain::expr::ast::Value;
use crate::domain::expr::lexer::{Tok, decode_hex, decode_string};
use crate::domain::number::Number;
use crate::domain::value::AttrValue;

impl Parser<'_, '_> {
    /// True when the current token starts a friendly literal.
    pub(super) fn at_literal(&self) -> bool {
        if self.syntax != Syntax::Friendly {
            return false;
        }
        match self.peek() {
            Tok::Str | Tok::Integer | Tok::Decimal | Tok::Hex | Tok::LBracket | Tok::LBrace => true,
            Tok::Minus => matches!(self.peek_at(1), Tok::Integer | Tok::Decimal),
            Tok::Ident => {
                self.at_keyword("true") || self.at_keyword("false") || self.at_keyword("null")
            }
            _ => false,
        }
    }

    /// True when the current token is a value: a `:placeholder` or a friendly literal.
    pub(super) fn at_value(&self) -> bool {
        matches!(self.peek(), Tok::ValuePlaceholder) || self.at_literal()
    }

    /// A `:placeholder` or a friendly literal.
    pub(super) fn value(&mut self) -> PResult<Value> {
        if matches!(self.peek(), Tok::ValuePlaceholder) {
            return Ok(self.value_placeholder());
        }
        if !self.at_literal() {
            return Err(self.syntax_error());
        }
        self.enter()?;
        let literal = self.literal();
        self.leave();
        literal
    }

    fn literal(&mut self) -> PResult<Value> {
        let start = self.span();
        let value = match *self.peek() {
            Tok::Str => {
                self.advance();
                AttrValue::S(decode_string(self.text_of(start)))
            }
            Tok::Hex => {
                self.advance();
                AttrValue::B(decode_hex(self.text_of(start)))
            }
            Tok::Integer | Tok::Decimal => self.number(false),
            Tok::Minus => {
                self.advance();
                self.number(true)
            }
            Tok::LBracket => self.list()?,
            Tok::LBrace => self.set()?,
            Tok::Ident => {
                self.advance();
                match self.text_of(start).to_ascii_lowercase().as_str() {
                    "true" => AttrValue::Bool(true),
                    "false" => AttrValue::Bool(false),
                    _ => AttrValue::Null,
                }
            }
            _ => return Err(self.syntax_error()),
        };
        Ok(Value {
            value,
            span: start.to(self.prev_span()),
        })
    }

    fn number(&mut self, negative: bool) -> AttrValue {
        let span = self.advance();
        let digits = self.text_of(span);
        let text = if negative {
            format!("-{digits}")
        } else {
            digits.to_owned()
        };
        match Number::parse(&text) {
            Ok(number) => AttrValue::N(number),
            Err(error) => {
                self.defer_invalid(error, span);
                AttrValue::N(Number::zero())
            }
        }
    }

    /// `[literal, …]`
    fn list(&mut self) -> PResult<AttrValue> {
        self.advance();
        let mut elements = Vec::new();
        if self.peek() != &Tok::RBracket {
            elements.push(self.value()?.value);
            while self.peek() == &Tok::Comma {
                self.advance();
                elements.push(self.value()?.value);
            }
        }
        self.expect(&Tok::RBracket)?;
        Ok(AttrValue::L(elements))
    }

    /// `{"a", "b"}` (SS), `{1, 2}` (NS) or `{0x01, 0x02}` (BS). Sets are never empty and never
    /// hold duplicates, as in the service.
    fn set(&mut self) -> PResult<AttrValue> {
        let open = self.advance();
        let mut members = vec![self.value()?];
        while self.peek() == &Tok::Comma {
            self.advance();
            members.push(self.value()?);
        }
        let close = self.expect(&Tok::RBrace)?;
        let span = open.to(close);
        let count = members.len();
        let set = match members.first().map(|member| &member.value) {
            Some(AttrValue::S(_)) => collect_set(members, |v| match v {
                AttrValue::S(s) => Some(s),
                _ => None,
            })
            .map(AttrValue::Ss),
            Some(AttrValue::N(_)) => collect_set(members, |v| match v {
                AttrValue::N(n) => Some(n),
                _ => None,
            })
            .map(AttrValue::Ns),
            Some(AttrValue::B(_)) => collect_set(members, |v| match v {
                AttrValue::B(b) => Some(b),
                _ => None,
            })
            .map(AttrValue::Bs),
            _ => None,
        };
        match set {
            Some(set) if set_len(&set) == count => Ok(set),
            Some(_) => {
                self.defer_invalid("Input collection contains duplicates", span);
                Ok(AttrValue::Null)
            }
            None => {
                self.defer_invalid(
                    "a set literal holds only strings, only numbers or only binaries",
                    span,
                );
                Ok(AttrValue::Null)
            }
        }
    }
}

fn collect_set<T: Ord>(
    members: Vec<Value>,
    extract: impl Fn(AttrValue) -> Option<T>,
) -> Option<BTreeSet<T>> {
    members
        .into_iter()
        .map(|member| extract(member.value))
        .collect()
}

fn set_len(set: &AttrValue) -> usize {
    match set {
        AttrValue::Ss(s) => s.len(),
        AttrValue::Ns(s) => s.len(),
        AttrValue::Bs(s) => s.len(),
        _ => 0,
    }
}
