//! Document paths, `#name` / `:value` resolution, and the overlap rule shared by updates and
//! projections.

use super::{MAX_PATH_DEPTH, PResult, Parser, Syntax};
use crate::domain::expr::ast::{Path, PathElement, Value};
use crate::domain::expr::lexer::{Tok, decode_backtick};
use crate::domain::expr::reserved::is_reserved;
use crate::domain::expr::span::Span;
use crate::domain::value::AttrValue;

impl Parser<'_, '_> {
    /// True when the current token can start a document path.
    pub(super) fn at_path_start(&self) -> bool {
        match self.peek() {
            Tok::Ident | Tok::NamePlaceholder => true,
            Tok::Backtick => self.syntax == Syntax::Friendly,
            _ => false,
        }
    }

    /// `segment ( . segment | [ n ] )*`
    pub(super) fn path(&mut self) -> PResult<Path> {
        let start = self.span();
        let mut elements = vec![PathElement::Name(self.path_segment()?)];
        loop {
            match self.peek() {
                Tok::Dot => {
                    self.advance();
                    elements.push(PathElement::Name(self.path_segment()?));
                }
                Tok::LBracket => {
                    self.advance();
                    let index = match self.peek() {
                        Tok::Integer => self.text_of(self.span()).parse::<usize>().ok(),
                        _ => None,
                    };
                    let Some(index) = index else {
                        return Err(self.syntax_error());
                    };
                    self.advance();
                    self.expect(&Tok::RBracket)?;
                    elements.push(PathElement::Index(index));
                }
                _ => break,
            }
        }
        let span = start.to(self.prev_span());
        if elements.len() - 1 > MAX_PATH_DEPTH {
            self.defer_invalid(
                format!(
                    "The document path has too many nesting levels; nesting levels: {}",
                    elements.len()
                ),
                span,
            );
        }
        Ok(Path { elements, span })
    }

    /// One name: bare word, `#placeholder`, or (friendly) backticked name.
    fn path_segment(&mut self) -> PResult<String> {
        let span = self.span();
        match *self.peek() {
            Tok::Ident => {
                let word = self.text_of(span);
                if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    return Err(self.syntax_error());
                }
                if self.syntax == Syntax::Wire && is_reserved(word) {
                    self.defer_invalid(
                        format!("Attribute name is a reserved keyword; reserved keyword: {word}"),
                        span,
                    );
                }
                self.advance();
                Ok(word.to_owned())
            }
            Tok::NamePlaceholder => {
                let placeholder = self.text_of(span);
                self.advance();
                match self.params.names.get_key_value(placeholder) {
                    Some((key, name)) => {
                        self.used.names.push(key);
                        Ok(name.clone())
                    }
                    None => {
                        self.defer_invalid(
                            format!(
                                "An expression attribute name used in the document path is not defined; attribute name: {placeholder}"
                            ),
                            span,
                        );
                        Ok(String::new())
                    }
                }
            }
            Tok::Backtick if self.syntax == Syntax::Friendly => {
                self.advance();
                Ok(decode_backtick(self.text_of(span)))
            }
            _ => Err(self.syntax_error()),
        }
    }

    /// Resolves the `:value` at the cursor.
    pub(super) fn value_placeholder(&mut self) -> Value {
        let span = self.advance();
        let placeholder = self.text_of(span);
        let value = match self.params.values.get_key_value(placeholder) {
            Some((key, value)) => {
                self.used.values.push(key);
                value.clone()
            }
            None => {
                self.defer_invalid(
                    format!(
                        "An expression attribute value used in expression is not defined; attribute value: {placeholder}"
                    ),
                    span,
                );
                AttrValue::Null
            }
        };
        Value { value, span }
    }

    /// Two paths may not overlap (one a prefix of the other) or conflict (the same position used
    /// as a map key and a list index). Compared after `#name` resolution.
    pub(super) fn check_overlaps(&mut self, paths: &[&Path]) {
        for (position, first) in paths.iter().enumerate() {
            for second in &paths[position + 1..] {
                if let Some(error) = self.overlap_error(first, second) {
                    self.defer(error);
                    return;
                }
            }
        }
    }

    fn overlap_error(&self, first: &Path, second: &Path) -> Option<crate::domain::expr::ExprError> {
        let span = Span::to(first.span, second.span);
        for (a, b) in first.elements.iter().zip(&second.elements) {
            let same_kind = matches!(
                (a, b),
                (PathElement::Name(_), PathElement::Name(_))
                    | (PathElement::Index(_), PathElement::Index(_))
            );
            if !same_kind {
                return Some(self.invalid_plain(
                    format!(
                        "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: {first}, path two: {second}"
                    ),
                    span,
                ));
            }
            if a != b {
                return None;
            }
        }
        Some(self.invalid_plain(
            format!(
                "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: {first}, path two: {second}"
            ),
            span,
        ))
    }

    fn invalid_plain(&self, detail: String, span: Span) -> crate::domain::expr::ExprError {
        self.invalid(detail, span)
    }
}
