//! Completion data for an expression editor: given the text and a cursor, what may come next.
//! It works on tokens only (no full parse), so it answers for incomplete text too.

use std::ops::Range;

use super::error::ExprKind;
use super::lexer::{Tok, Token, tokenize};
use super::reserved::is_bare_name;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuggestionKind {
    Attribute,
    Function,
    Keyword,
    Operator,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// Text to insert; attribute names that cannot be bare come backticked (friendly syntax).
    pub text: String,
    pub kind: SuggestionKind,
}

/// What to offer at the cursor, and which byte range of the text a chosen suggestion replaces
/// (the partial word under the cursor; empty when the cursor is between tokens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub replace: Range<usize>,
    pub suggestions: Vec<Suggestion>,
}

/// What the grammar expects at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// A condition or operand may start here.
    ConditionStart,
    /// An operand (after a comparator or inside a function call).
    Operand,
    /// An operator after a complete operand.
    AfterOperand,
    /// An update clause keyword.
    Clause,
    /// A path (REMOVE, ADD, DELETE targets, projection items, left side of SET).
    PathOnly,
    /// The value side of a SET.
    SetValue,
    /// After a complete update action or projection path.
    AfterAction,
}

const CONDITION_FUNCTIONS: [&str; 6] = [
    "attribute_exists",
    "attribute_not_exists",
    "attribute_type",
    "begins_with",
    "contains",
    "size",
];

/// Suggestions at byte `cursor` of `text`, for an expression of `kind`. `attribute_names` are the
/// schema's key names plus names seen in sampled items.
#[must_use]
pub fn complete(text: &str, cursor: usize, kind: ExprKind, attribute_names: &[&str]) -> Completion {
    let mut cursor = cursor.min(text.len());
    while !text.is_char_boundary(cursor) {
        cursor -= 1;
    }
    let tokens = tokenize(&text[..cursor]);
    let mut significant: Vec<&Token> = tokens.iter().filter(|t| t.tok != Tok::Eof).collect();
    let (replace, prefix) = match significant.last() {
        Some(last) if last.tok == Tok::Ident && last.span.end() == cursor => {
            let range = last.span.range();
            significant.pop();
            (range.clone(), text.get(range).unwrap_or_default())
        }
        _ => (cursor..cursor, ""),
    };
    let expect = expectation(text, kind, &significant);
    let mut suggestions = Vec::new();
    let mut add = |candidate: &str, suggestion_kind: SuggestionKind| {
        let matches = candidate
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix));
        if matches {
            suggestions.push(Suggestion {
                text: candidate.to_owned(),
                kind: suggestion_kind,
            });
        }
    };
    let attributes = |add: &mut dyn FnMut(&str, SuggestionKind)| {
        for name in attribute_names {
            if is_bare_name(name) {
                add(name, SuggestionKind::Attribute);
            } else {
                add(
                    &format!("`{}`", name.replace('`', "``")),
                    SuggestionKind::Attribute,
                );
            }
        }
    };
    match expect {
        Expect::ConditionStart => {
            attributes(&mut add);
            for function in CONDITION_FUNCTIONS {
                add(function, SuggestionKind::Function);
            }
            add("NOT", SuggestionKind::Keyword);
        }
        Expect::Operand => {
            attributes(&mut add);
            add("size", SuggestionKind::Function);
        }
        Expect::AfterOperand => {
            for operator in ["=", "<>", "<", "<=", ">", ">="] {
                add(operator, SuggestionKind::Operator);
            }
            for keyword in ["BETWEEN", "IN", "AND", "OR"] {
                add(keyword, SuggestionKind::Keyword);
            }
        }
        Expect::Clause => {
            for keyword in ["SET", "REMOVE", "ADD", "DELETE"] {
                add(keyword, SuggestionKind::Keyword);
            }
        }
        Expect::PathOnly => attributes(&mut add),
        Expect::SetValue => {
            attributes(&mut add);
            add("if_not_exists", SuggestionKind::Function);
            add("list_append", SuggestionKind::Function);
        }
        Expect::AfterAction => {
            add(",", SuggestionKind::Operator);
            if kind == ExprKind::Update {
                for keyword in ["SET", "REMOVE", "ADD", "DELETE"] {
                    add(keyword, SuggestionKind::Keyword);
                }
                add("+", SuggestionKind::Operator);
                add("-", SuggestionKind::Operator);
            }
        }
    }
    Completion {
        replace,
        suggestions,
    }
}

fn word<'a>(text: &'a str, token: &Token) -> &'a str {
    text.get(token.span.range()).unwrap_or_default()
}

fn is_keyword(text: &str, token: &Token, words: &[&str]) -> bool {
    token.tok == Tok::Ident
        && words
            .iter()
            .any(|w| word(text, token).eq_ignore_ascii_case(w))
}

fn expectation(text: &str, kind: ExprKind, tokens: &[&Token]) -> Expect {
    let Some(last) = tokens.last() else {
        return match kind {
            ExprKind::Update => Expect::Clause,
            ExprKind::Projection => Expect::PathOnly,
            _ => Expect::ConditionStart,
        };
    };
    match kind {
        ExprKind::Projection => match last.tok {
            Tok::Comma | Tok::Dot => Expect::PathOnly,
            _ => Expect::AfterAction,
        },
        ExprKind::Update => {
            if is_keyword(text, last, &["SET", "REMOVE", "ADD", "DELETE"]) || last.tok == Tok::Dot {
                return Expect::PathOnly;
            }
            match last.tok {
                Tok::Eq | Tok::Plus | Tok::Minus | Tok::LParen => Expect::SetValue,
                Tok::Comma => {
                    // Inside a function call a comma separates arguments; otherwise actions.
                    let depth: i32 = tokens
                        .iter()
                        .map(|t| match t.tok {
                            Tok::LParen => 1,
                            Tok::RParen => -1,
                            _ => 0,
                        })
                        .sum();
                    if depth > 0 {
                        Expect::SetValue
                    } else {
                        Expect::PathOnly
                    }
                }
                _ => Expect::AfterAction,
            }
        }
        _ => {
            if is_keyword(text, last, &["AND", "OR", "NOT"]) {
                return Expect::ConditionStart;
            }
            if is_keyword(text, last, &["BETWEEN"]) {
                return Expect::Operand;
            }
            match last.tok {
                Tok::LParen => Expect::ConditionStart,
                Tok::Comma | Tok::Dot => Expect::Operand,
                Tok::Eq | Tok::Ne | Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge => Expect::Operand,
                _ => Expect::AfterOperand,
            }
        }
    }
}
