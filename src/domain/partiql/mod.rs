//! Reading a PartiQL statement before it is sent, enough to say what it will do: its kind, its
//! table (and index), its `?` parameters, and for a SELECT whether DynamoDB can answer it with a
//! Query (equality or `IN` on the partition key, joined by AND at the top of WHERE) or has to scan
//! the whole table. It is not a full PartiQL parser: what it does not understand it leaves to
//! the service, but it never claims a key query it cannot see. Pure, and never panics.

mod check;
mod condition;
mod insert;
mod key_condition;
mod lexer;
mod parameters;
mod plan;
mod projection;
#[cfg(test)]
mod tests;
mod token_cursor;
mod translate;
#[cfg(test)]
mod translate_tests;
mod translated;
mod write;
#[cfg(test)]
mod write_tests;

pub use check::refusal;
pub use insert::insert_item;
pub use lexer::{LexError, Spanned, Token, tokens};
pub use parameters::{check_count, parse_parameters};
pub use plan::{Plan, PlanError, plan};
pub use projection::statement_row;
pub use translate::{translate, translate_located};
pub use translated::{TranslateError, Translated};
pub use write::{KEY_REQUIRED, WriteStatement, translate_write};

use crate::domain::schema::{KeySchema, TableDescription};

/// The key schemas a statement can read on `table` alone, as `translate` asks for them: the
/// table's or one of its indexes', and none for another table.
pub fn key_schemas_of(
    table: &TableDescription,
) -> impl Fn(&str, Option<&str>) -> Option<KeySchema> + '_ {
    move |name, index| {
        (name == table.name)
            .then(|| table.key_schema_of(index).cloned())
            .flatten()
    }
}

/// What a statement does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatementKind {
    Select,
    Insert,
    Update,
    Delete,
}

impl StatementKind {
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Select => "SELECT",
            Self::Insert => "INSERT",
            Self::Update => "UPDATE",
            Self::Delete => "DELETE",
        }
    }
}

/// A value compared with an attribute in WHERE.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    Text(String),
    Number(String),
    /// The `n`-th `?` (from 0), bound to the n-th `--params` value.
    Parameter(usize),
}

/// One condition of the top-level AND chain of WHERE that ddbx understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// `name = value` (either way round).
    Equals { name: String, value: Operand },
    /// `name IN [v, …]` or `name IN (v, …)`.
    In { name: String, values: Vec<Operand> },
}

/// A statement as ddbx reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub kind: StatementKind,
    pub table: String,
    /// `FROM "table"."index"`.
    pub index: Option<String>,
    /// How many `?` the statement holds.
    pub parameters: usize,
    pub has_where: bool,
    /// True when WHERE joins conditions with OR at its top level: then no condition is known to
    /// hold for every row, and `conditions` is empty.
    pub where_has_or: bool,
    pub conditions: Vec<Condition>,
    /// How many conditions the top-level AND chain of WHERE holds, understood or not: a
    /// statement whose every condition is in `conditions` has as many.
    pub conjuncts: usize,
}

/// How DynamoDB will read the rows of a SELECT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Access {
    /// A Query per partition key value named (`partitions` of them).
    KeyQuery { partitions: usize },
    /// A full table (or index) scan, and why.
    FullScan { reason: String },
}

/// Why a statement could not be read; `at` is a character offset into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub at: usize,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at character {})", self.message, self.at + 1)
    }
}

impl From<LexError> for ParseError {
    fn from(error: LexError) -> Self {
        Self {
            message: error.message,
            at: error.at,
        }
    }
}

/// Reads `text` as one PartiQL statement.
pub fn parse(text: &str) -> Result<Statement, ParseError> {
    let tokens = tokens(text)?;
    let Some(first) = tokens.first() else {
        return Err(ParseError {
            message: "the statement is empty".to_owned(),
            at: 0,
        });
    };
    let kind = if first.token.is_keyword("select") {
        StatementKind::Select
    } else if first.token.is_keyword("insert") {
        StatementKind::Insert
    } else if first.token.is_keyword("update") {
        StatementKind::Update
    } else if first.token.is_keyword("delete") {
        StatementKind::Delete
    } else {
        return Err(ParseError {
            message: "expected SELECT, INSERT, UPDATE or DELETE".to_owned(),
            at: first.at,
        });
    };
    let name_at = match kind {
        StatementKind::Select => top_level_keyword(&tokens, 1, "from").map(|at| at + 1),
        StatementKind::Insert => expect_keyword(&tokens, 1, "into")?,
        StatementKind::Delete => expect_keyword(&tokens, 1, "from")?,
        StatementKind::Update => Some(1),
    };
    let Some(name_at) = name_at else {
        return Err(ParseError {
            message: "expected FROM and a table name".to_owned(),
            at: text.chars().count(),
        });
    };
    let (table, index, after_name) = target(&tokens, name_at, text)?;
    let where_at = top_level_keyword(&tokens, after_name, "where");
    let conditions_tokens = where_at.map_or(&[][..], |at| {
        let end = ["order", "returning"]
            .iter()
            .filter_map(|word| top_level_keyword(&tokens, at + 1, word))
            .min()
            .unwrap_or(tokens.len());
        tokens.get(at + 1..end).unwrap_or_default()
    });
    let (where_has_or, conditions, conjuncts) = read_conditions(conditions_tokens);
    Ok(Statement {
        kind,
        table,
        index,
        parameters: tokens
            .iter()
            .filter(|spanned| matches!(spanned.token, Token::Parameter(_)))
            .count(),
        has_where: where_at.is_some(),
        where_has_or,
        conditions,
        conjuncts,
    })
}

/// `at` when the token there is `word`, else the error naming it.
fn expect_keyword(tokens: &[Spanned], at: usize, word: &str) -> Result<Option<usize>, ParseError> {
    match tokens.get(at) {
        Some(spanned) if spanned.token.is_keyword(word) => Ok(Some(at + 1)),
        Some(spanned) => Err(ParseError {
            message: format!("expected {}", word.to_uppercase()),
            at: spanned.at,
        }),
        None => Ok(None),
    }
}

/// The table (and index) named at `at`, and the position after them.
fn target(
    tokens: &[Spanned],
    at: usize,
    text: &str,
) -> Result<(String, Option<String>, usize), ParseError> {
    let name = |at: usize| match tokens.get(at).map(|spanned| &spanned.token) {
        Some(Token::Word(name) | Token::Quoted(name)) => Some(name.clone()),
        _ => None,
    };
    let Some(table) = name(at) else {
        return Err(ParseError {
            message: "expected a table name".to_owned(),
            at: tokens
                .get(at)
                .map_or_else(|| text.chars().count(), |spanned| spanned.at),
        });
    };
    let dotted = tokens
        .get(at + 1)
        .is_some_and(|spanned| spanned.token == Token::Symbol("."));
    match (dotted, name(at + 2)) {
        (true, Some(index)) => Ok((table, Some(index), at + 3)),
        _ => Ok((table, None, at + 1)),
    }
}

/// The position of the first `word` at bracket depth 0 from `from` on.
fn top_level_keyword(tokens: &[Spanned], from: usize, word: &str) -> Option<usize> {
    let mut depth = 0_usize;
    for (position, spanned) in tokens.iter().enumerate() {
        match &spanned.token {
            Token::Symbol("(" | "[" | "{" | "<<") => depth += 1,
            Token::Symbol(")" | "]" | "}" | ">>") => depth = depth.saturating_sub(1),
            token if position >= from && depth == 0 && token.is_keyword(word) => {
                return Some(position);
            }
            _ => {}
        }
    }
    None
}

/// The conditions of the top-level AND chain and how many it holds, or `(true, [], 0)` when OR
/// joins them.
fn read_conditions(tokens: &[Spanned]) -> (bool, Vec<Condition>, usize) {
    let mut conjuncts: Vec<&[Spanned]> = Vec::new();
    let mut depth = 0_usize;
    let mut start = 0;
    let mut between = false;
    for (position, spanned) in tokens.iter().enumerate() {
        match &spanned.token {
            Token::Symbol("(" | "[" | "{" | "<<") => depth += 1,
            Token::Symbol(")" | "]" | "}" | ">>") => depth = depth.saturating_sub(1),
            token if depth == 0 && token.is_keyword("or") => return (true, Vec::new(), 0),
            token if depth == 0 && token.is_keyword("between") => between = true,
            // BETWEEN's own AND separates its bounds, not two conditions.
            token if depth == 0 && token.is_keyword("and") && between => between = false,
            token if depth == 0 && token.is_keyword("and") => {
                conjuncts.push(tokens.get(start..position).unwrap_or_default());
                start = position + 1;
            }
            _ => {}
        }
    }
    conjuncts.push(tokens.get(start..).unwrap_or_default());
    let count = conjuncts.iter().filter(|tokens| !tokens.is_empty()).count();
    let conditions = conjuncts.into_iter().filter_map(condition).collect();
    (false, conditions, count)
}

fn condition(mut tokens: &[Spanned]) -> Option<Condition> {
    // `(PK = 'a')` is the same condition as `PK = 'a'`.
    while let (Some(first), Some(last)) = (tokens.first(), tokens.last()) {
        let enclosed = first.token == Token::Symbol("(")
            && last.token == Token::Symbol(")")
            && tokens.len() > 2
            && closing_of_first(tokens) == Some(tokens.len() - 1);
        if !enclosed {
            break;
        }
        tokens = tokens.get(1..tokens.len() - 1)?;
    }
    let token = |at: usize| tokens.get(at).map(|spanned| &spanned.token);
    if tokens.len() == 3 && token(1) == Some(&Token::Symbol("=")) {
        return match (name_of(token(0)?), operand(token(2)?)) {
            (Some(name), Some(value)) => Some(Condition::Equals { name, value }),
            _ => match (operand(token(0)?), name_of(token(2)?)) {
                (Some(value), Some(name)) => Some(Condition::Equals { name, value }),
                _ => None,
            },
        };
    }
    if tokens.len() >= 4 && token(1).is_some_and(|token| token.is_keyword("in")) {
        let name = name_of(token(0)?)?;
        let open = token(2)?;
        let close = token(tokens.len() - 1)?;
        let bracketed = matches!(
            (open, close),
            (Token::Symbol("["), Token::Symbol("]")) | (Token::Symbol("("), Token::Symbol(")"))
        );
        if !bracketed {
            return None;
        }
        let inner = tokens.get(3..tokens.len() - 1)?;
        let mut values = Vec::new();
        for (position, spanned) in inner.iter().enumerate() {
            if position % 2 == 1 {
                if spanned.token != Token::Symbol(",") {
                    return None;
                }
            } else {
                values.push(operand(&spanned.token)?);
            }
        }
        return (!values.is_empty()).then_some(Condition::In { name, values });
    }
    None
}

/// The position of the bracket closing `tokens[0]`.
fn closing_of_first(tokens: &[Spanned]) -> Option<usize> {
    let mut depth = 0_usize;
    for (position, spanned) in tokens.iter().enumerate() {
        match spanned.token {
            Token::Symbol("(") => depth += 1,
            Token::Symbol(")") => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(position);
                }
            }
            _ => {}
        }
    }
    None
}

fn name_of(token: &Token) -> Option<String> {
    match token {
        Token::Quoted(name) => Some(name.clone()),
        Token::Word(name)
            if !["true", "false", "null", "missing"]
                .iter()
                .any(|word| name.eq_ignore_ascii_case(word)) =>
        {
            Some(name.clone())
        }
        _ => None,
    }
}

fn operand(token: &Token) -> Option<Operand> {
    match token {
        Token::Text(text) => Some(Operand::Text(text.clone())),
        Token::Number(number) => Some(Operand::Number(number.clone())),
        Token::Parameter(n) => Some(Operand::Parameter(*n)),
        _ => None,
    }
}

impl Statement {
    /// The value WHERE requires `name` to equal, if it says so at its top level.
    #[must_use]
    pub fn equality(&self, name: &str) -> Option<&Operand> {
        self.conditions
            .iter()
            .find_map(|condition| match condition {
                Condition::Equals { name: named, value } if named == name => Some(value),
                _ => None,
            })
    }

    /// How DynamoDB reads a SELECT's rows, given the key schema of its table or index.
    #[must_use]
    pub fn access(&self, key: &KeySchema) -> Access {
        let partition = key.partition.name.as_str();
        for condition in &self.conditions {
            match condition {
                Condition::Equals { name, .. } if name == partition => {
                    return Access::KeyQuery { partitions: 1 };
                }
                Condition::In { name, values } if name == partition => {
                    return Access::KeyQuery {
                        partitions: values.len(),
                    };
                }
                _ => {}
            }
        }
        let reason = if !self.has_where {
            "no WHERE clause".to_owned()
        } else if self.where_has_or {
            format!(
                "WHERE joins conditions with OR, so no equality on {partition} holds for every row"
            )
        } else {
            format!("WHERE has no equality or IN on the partition key {partition}")
        };
        Access::FullScan { reason }
    }
}
