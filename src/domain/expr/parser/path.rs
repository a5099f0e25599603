//! Document paths, `#name` / `:value` resolution, and the overlap rule shared by updates and
//! projections.

use std::collections::HashMap;

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
        // Most paths have one or two steps.
        let mut elements = Vec::with_capacity(2);
        elements.push(PathElement::Name(self.path_segment()?));
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
                match self.names.get(placeholder) {
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
        let value = match self.values.get(placeholder) {
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
    ///
    /// Paths go into a trie one by one, so the check stays linear however many paths a (long,
    /// friendly) text holds; the first path that collides with an earlier one is reported
    /// together with that earlier path.
    pub(super) fn check_overlaps(&mut self, paths: &[&Path]) {
        let mut trie = vec![TrieNode::default()];
        for (current, path) in paths.iter().enumerate() {
            let mut node = 0;
            let mut earlier = None;
            for element in &path.elements {
                let here = &trie[node];
                let other_kind_owner = match element {
                    PathElement::Name(_) => here.index_child_owner,
                    PathElement::Index(_) => here.name_child_owner,
                };
                earlier = here.end.or(other_kind_owner);
                if earlier.is_some() {
                    break;
                }
                node = match here.children.get(element) {
                    Some(&child) => child,
                    None => {
                        let child = trie.len();
                        trie.push(TrieNode {
                            first: current,
                            ..TrieNode::default()
                        });
                        let here = &mut trie[node];
                        here.children.insert(element, child);
                        let owner = match element {
                            PathElement::Name(_) => &mut here.name_child_owner,
                            PathElement::Index(_) => &mut here.index_child_owner,
                        };
                        owner.get_or_insert(current);
                        child
                    }
                };
            }
            if earlier.is_none() {
                let end = &mut trie[node];
                // Reaching an existing node: the same path, or an ancestor of an earlier one.
                earlier = end.end.or((!end.children.is_empty()).then_some(end.first));
                end.end = Some(current);
            }
            if let Some(earlier) = earlier
                && let Some(error) = self.overlap_error(paths[earlier], path)
            {
                self.defer(error);
                return;
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

/// A node of the overlap trie: one position shared by every path that reaches it.
#[derive(Default)]
struct TrieNode<'a> {
    /// The path that ends here, if any.
    end: Option<usize>,
    /// The first path that reached this node.
    first: usize,
    /// The first path that continued from here with a map key / with a list index.
    name_child_owner: Option<usize>,
    index_child_owner: Option<usize>,
    children: HashMap<&'a PathElement, usize>,
}
