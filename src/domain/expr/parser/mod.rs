//! Recursive-descent parser for every expression kind and both syntaxes.
//!
//! Design:
//! - one token of look-ahead, no backtracking: cost is linear in the input;
//! - syntax errors stop parsing at once; semantic errors (undefined placeholders, misused
//!   functions, operand types, …) are *deferred*: the first one is kept and reported only if the
//!   whole text is syntactically valid, which is the order in which the service reports them;
//! - nesting is bounded twice: by the service's 300-operator limit (every nesting level but a
//!   redundant parenthesis costs an operator) and by a hard depth guard, so no input can overflow
//!   the stack.

mod call;
mod condition;
mod function;
mod key_index;
mod literal;
mod path;
mod update;

use super::ast::{Condition, ProjectionExpr, UpdateExpr};
use super::error::{ExprError, ExprKind};
use super::lexer::{Lexer, Tok, Token};
use super::params::ExpressionParams;
use super::span::Span;
use crate::domain::value::AttrValue;
use key_index::KeyIndex;

/// Which syntax a text is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// DynamoDB's own syntax: constants only as `:value`, reserved words only as `#name`.
    Wire,
    /// The wire syntax plus inline literals (`"text"`, `42`, `-1.5e3`, `true`, `false`, `null`,
    /// `0x0aff` binary, `[…]` lists, `{…}` sets) and backticked names (`` `order-id` ``). Bare
    /// reserved words are accepted as attribute names; only `true`, `false` and `null` must be
    /// backticked to name an attribute, and `NOT` at the start of a condition. The service's
    /// limits on operators, `IN` operands and path depth apply; the 4 KB limit applies to the
    /// rendered wire text, not to what the user typed. Maps have no literal (a `:value` works).
    Friendly,
}

/// Most operators the service accepts in one expression.
pub const MAX_OPERATORS: usize = 300;
/// Longest expression text the service accepts, in bytes.
pub const MAX_EXPRESSION_BYTES: usize = 4096;
/// Most dereference operators (`.`, `[]`) in one document path.
pub const MAX_PATH_DEPTH: usize = 32;
/// Most candidates of `IN`.
pub const MAX_IN_CANDIDATES: usize = 100;
/// Hard recursion guard (parentheses, function arguments, literals). Chains of `NOT` are parsed
/// iteratively and do not count. 128 levels keep debug builds far from a 2 MB thread stack; a
/// real expression reaching it would have to nest 128 parenthesised operators deep.
const MAX_NESTING: usize = 128;

/// Defined placeholders an expression used, for the request-wide "unused" check. It holds the
/// params' own keys and compares them by address: the parser already found each key in the
/// params, so recording it costs no string comparison and no allocation per use.
#[derive(Clone, Debug, Default)]
pub struct PlaceholderUse<'a> {
    pub names: Vec<&'a String>,
    pub values: Vec<&'a String>,
}

pub(crate) struct Parser<'t, 'p> {
    text: &'t str,
    /// Tokens stream from the lexer with one token of look-ahead; `prev` and `next` also give
    /// syntax errors their `near:` context.
    lexer: Lexer<'t>,
    prev: Option<Token>,
    current: Token,
    next: Token,
    /// Number of tokens consumed: the index of `current`.
    pos: usize,
    kind: ExprKind,
    syntax: Syntax,
    names: KeyIndex<'p, String>,
    values: KeyIndex<'p, AttrValue>,
    used: PlaceholderUse<'p>,
    deferred: Option<ExprError>,
    operators: usize,
    depth: usize,
    /// Token indices of the last closed parenthesis pair, to spot `((…))`.
    last_group: Option<(usize, usize)>,
}

type PResult<T> = Result<T, ExprError>;

impl<'t, 'p> Parser<'t, 'p> {
    fn new(text: &'t str, kind: ExprKind, syntax: Syntax, params: &'p ExpressionParams) -> Self {
        let mut lexer = Lexer::new(text);
        let current = lexer.next_token();
        let next = lexer.next_token();
        Self {
            text,
            lexer,
            prev: None,
            current,
            next,
            pos: 0,
            kind,
            syntax,
            names: KeyIndex::new(&params.names),
            values: KeyIndex::new(&params.values),
            used: PlaceholderUse::default(),
            deferred: None,
            operators: 0,
            depth: 0,
            last_group: None,
        }
    }

    /// Checks shared by all kinds before any parsing: size limit (wire text only, where the
    /// service applies it) and emptiness.
    fn check_whole_text(&self) -> PResult<()> {
        if self.syntax == Syntax::Wire && self.text.len() > MAX_EXPRESSION_BYTES {
            return Err(self.invalid(
                format!(
                    "Expression size has exceeded the maximum allowed size; expression size: {}",
                    self.text.len()
                ),
                Span::new(MAX_EXPRESSION_BYTES, self.text.len()),
            ));
        }
        if self.current.tok == Tok::Eof {
            return Err(self.invalid(
                "The expression can not be empty;",
                Span::new(0, self.text.len()),
            ));
        }
        Ok(())
    }

    fn finish<T>(mut self, ast: T) -> PResult<(T, PlaceholderUse<'p>)> {
        if !matches!(self.peek(), Tok::Eof) {
            return Err(self.syntax_error());
        }
        match self.deferred.take() {
            Some(error) => Err(error),
            None => Ok((ast, self.used)),
        }
    }

    // ---- token cursor ----

    fn peek(&self) -> &Tok {
        &self.current.tok
    }

    /// The token after the current one.
    fn peek_next(&self) -> &Tok {
        &self.next.tok
    }

    fn span(&self) -> Span {
        self.current.span
    }

    /// Span of the token just consumed (the current one before anything was consumed).
    fn prev_span(&self) -> Span {
        self.prev
            .as_ref()
            .map_or(self.current.span, |prev| prev.span)
    }

    fn text_of(&self, span: Span) -> &'t str {
        self.text.get(span.range()).unwrap_or_default()
    }

    fn advance(&mut self) -> Span {
        let span = self.span();
        if self.current.tok != Tok::Eof {
            let following = self.lexer.next_token();
            let next = std::mem::replace(&mut self.next, following);
            self.prev = Some(std::mem::replace(&mut self.current, next));
            self.pos += 1;
        }
        span
    }

    fn expect(&mut self, tok: &Tok) -> PResult<Span> {
        if self.peek() == tok {
            Ok(self.advance())
        } else {
            Err(self.syntax_error())
        }
    }

    /// True when the current token is the bare keyword `word` (case-insensitive).
    fn at_keyword(&self, word: &str) -> bool {
        self.current.tok == Tok::Ident && self.text_of(self.current.span).eq_ignore_ascii_case(word)
    }

    // ---- errors ----

    fn invalid(&self, detail: impl std::fmt::Display, span: Span) -> ExprError {
        ExprError::invalid(self.kind, detail, span.range())
    }

    /// Keeps the first semantic error; it is reported if the text turns out syntactically valid.
    fn defer(&mut self, error: ExprError) {
        if self.deferred.is_none() {
            self.deferred = Some(error);
        }
    }

    fn defer_invalid(&mut self, detail: impl std::fmt::Display, span: Span) {
        let error = self.invalid(detail, span);
        self.defer(error);
    }

    /// `Syntax error; token: "<tok>", near: "<prev tok … next tok>"` at the current token.
    fn syntax_error(&self) -> ExprError {
        let token = &self.current;
        let shown = if token.tok == Tok::Eof {
            "<EOF>"
        } else {
            self.text_of(token.span)
        };
        let near_start = self
            .prev
            .as_ref()
            .map_or(token.span.start(), |prev| prev.span.start());
        let near_end = if token.tok == Tok::Eof {
            // Trailing spaces are not part of any token.
            self.prev
                .as_ref()
                .map_or(token.span.end(), |prev| prev.span.end())
        } else if self.next.tok == Tok::Eof {
            token.span.end()
        } else {
            self.next.span.end()
        };
        let near = self.text.get(near_start..near_end).unwrap_or_default();
        let mut detail = format!("Syntax error; token: \"{shown}\", near: \"{near}\"");
        if let (Syntax::Friendly, Tok::Bad(reason)) = (self.syntax, &token.tok) {
            detail.push_str(&format!(" ({})", reason.reason()));
        }
        self.invalid(detail, token.span)
    }

    // ---- limits ----

    fn count_operator(&mut self, span: Span) -> PResult<()> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(self.invalid(
                format!(
                    "The expression contains too many operators; operator count: {}",
                    self.operators
                ),
                span,
            ));
        }
        Ok(())
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.syntax_error());
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }
}

/// Parses a condition, filter or key condition.
pub(crate) fn parse_condition<'p>(
    text: &str,
    kind: ExprKind,
    syntax: Syntax,
    params: &'p ExpressionParams,
) -> PResult<(Condition, PlaceholderUse<'p>)> {
    let mut parser = Parser::new(text, kind, syntax, params);
    parser.check_whole_text()?;
    let condition = parser.condition()?;
    parser.finish(*condition)
}

pub(crate) fn parse_update<'p>(
    text: &str,
    syntax: Syntax,
    params: &'p ExpressionParams,
) -> PResult<(UpdateExpr, PlaceholderUse<'p>)> {
    let mut parser = Parser::new(text, ExprKind::Update, syntax, params);
    parser.check_whole_text()?;
    let update = parser.update()?;
    parser.finish(update)
}

pub(crate) fn parse_projection<'p>(
    text: &str,
    syntax: Syntax,
    params: &'p ExpressionParams,
) -> PResult<(ProjectionExpr, PlaceholderUse<'p>)> {
    let mut parser = Parser::new(text, ExprKind::Projection, syntax, params);
    parser.check_whole_text()?;
    let mut paths = vec![parser.path()?];
    while parser.peek() == &Tok::Comma {
        parser.advance();
        paths.push(parser.path()?);
    }
    parser.check_overlaps(&paths.iter().collect::<Vec<_>>());
    parser.finish(ProjectionExpr { paths })
}
