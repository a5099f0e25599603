//! A position in a statement's tokens, for the readers that walk a statement one token at a time.

use super::lexer::{Spanned, Token};

pub(super) struct TokenCursor<'a> {
    tokens: &'a [Spanned],
    at: usize,
}

impl<'a> TokenCursor<'a> {
    pub(super) fn new(tokens: &'a [Spanned]) -> Self {
        Self { tokens, at: 0 }
    }

    pub(super) fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.at).map(|spanned| &spanned.token)
    }

    /// The token under the cursor, and the cursor past it.
    pub(super) fn next(&mut self) -> Option<&'a Token> {
        let token = self.peek();
        self.advance();
        token
    }

    /// The character the token under the cursor starts at; `None` past the last token.
    pub(super) fn offset(&self) -> Option<usize> {
        self.tokens.get(self.at).map(|spanned| spanned.at)
    }

    /// How many of all the statement's tokens match.
    pub(super) fn count(&self, matches: impl Fn(&Token) -> bool) -> usize {
        self.tokens
            .iter()
            .filter(|spanned| matches(&spanned.token))
            .count()
    }

    pub(super) fn advance(&mut self) {
        self.at += 1;
    }

    /// Steps over `word` (any case) when it is next.
    pub(super) fn keyword(&mut self, word: &str) -> bool {
        self.step_if(|token| token.is_keyword(word))
    }

    /// Steps over the symbol when it is next.
    pub(super) fn symbol(&mut self, symbol: &str) -> bool {
        self.step_if(|token| matches!(token, Token::Symbol(s) if *s == symbol))
    }

    fn step_if(&mut self, matches: impl Fn(&Token) -> bool) -> bool {
        let found = self.peek().is_some_and(matches);
        if found {
            self.advance();
        }
        found
    }
}
