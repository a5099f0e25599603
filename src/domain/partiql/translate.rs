//! A PartiQL SELECT of the subset ddbx reads, as the Query or Scan DynamoDB answers it with:
//! projection, `FROM table` or `"table"."index"`, WHERE with comparisons, `BETWEEN`, `IN`,
//! `begins_with`, AND and OR, parameters, and `ORDER BY` the sort key of a key query. The
//! partition key's equality (and one sort key condition beside it) becomes the key condition;
//! the rest the filter. What this reading does not cover is refused in words — never guessed —
//! so a backend built on it answers like DynamoDB or not at all. Pure, and never panics.

use super::condition::Cond;
use super::key_condition::{ReadStatement, read_of};
use super::lexer::{Spanned, Token, tokens};
use super::token_cursor::TokenCursor;
use super::translated::{TranslateError, Translated, malformed, unsupported};
use crate::domain::expr::ExpressionParams;
use crate::domain::number::Number;
use crate::domain::schema::KeySchema;
use crate::domain::value::AttrValue;

/// Reads a statement's names, values and conditions into placeholders; the writes read
/// their SET, REMOVE and WHERE with it too.
pub(super) struct Reader<'a> {
    pub(super) cursor: TokenCursor<'a>,
    parameters: &'a [AttrValue],
    pub(super) params: ExpressionParams,
    /// The number of the next `:v` placeholder.
    next_value: usize,
    /// Parentheses open around the condition being read.
    depth: usize,
}

/// Most parentheses a condition may nest: each level is a recursion of the reader, and a
/// statement's 8,192 characters could otherwise nest deep enough to overflow the stack.
const MAX_PARENTHESES: usize = 100;

impl<'a> Reader<'a> {
    pub(super) fn new(tokens: &'a [Spanned], parameters: &'a [AttrValue]) -> Self {
        Self {
            cursor: TokenCursor::new(tokens),
            parameters,
            params: ExpressionParams::default(),
            next_value: 0,
            depth: 0,
        }
    }

    /// A new `:v` placeholder standing for `value`.
    pub(super) fn value_placeholder(&mut self, value: AttrValue) -> String {
        let placeholder = format!(":v{}", self.next_value);
        self.next_value += 1;
        self.params.values.insert(placeholder.clone(), value);
        placeholder
    }

    /// A literal of any type (maps, lists and sets too) or a parameter, as its placeholder.
    pub(super) fn literal(&mut self) -> Result<String, TranslateError> {
        let value = super::insert::literal(&mut self.cursor, self.parameters)
            .map_err(TranslateError::Malformed)?;
        Ok(self.value_placeholder(value))
    }

    /// An attribute name, or a path of names and list positions, as placeholders.
    pub(super) fn path(&mut self) -> Result<String, TranslateError> {
        let Some(name) = self.name()? else {
            return malformed("expected an attribute name");
        };
        let mut path = self.placeholder_name(name);
        loop {
            if self.cursor.symbol(".") {
                let Some(name) = self.name()? else {
                    return malformed("expected a name after the dot");
                };
                path = format!("{path}.{}", self.placeholder_name(name));
            } else if self.cursor.symbol("[") {
                let Some(Token::Number(position)) = self.cursor.next().cloned() else {
                    return malformed("expected a list position in [ ]");
                };
                if !self.cursor.symbol("]") {
                    return malformed("expected ]");
                }
                path = format!("{path}[{position}]");
            } else {
                return Ok(path);
            }
        }
    }

    /// Whether the statement holds more `?` than there are parameters.
    pub(super) fn lacks_parameters(&self) -> bool {
        self.cursor
            .count(|token| matches!(token, Token::Parameter(_)))
            > self.parameters.len()
    }
}

/// `text` with `parameters` bound, as a read; `key_of(index)` gives the key schema of the table
/// (`None`) or of an index, or `None` when the table or index does not exist.
pub fn translate(
    text: &str,
    parameters: &[AttrValue],
    key_of: impl Fn(&str, Option<&str>) -> Option<KeySchema>,
) -> Result<Translated, TranslateError> {
    translate_located(text, parameters, key_of).map_err(|(error, _)| error)
}

/// [`translate`], with the character (counted from 0) where the reading stopped: the token it
/// could not read, or the statement's length when the statement ended first.
pub fn translate_located(
    text: &str,
    parameters: &[AttrValue],
    key_of: impl Fn(&str, Option<&str>) -> Option<KeySchema>,
) -> Result<Translated, (TranslateError, usize)> {
    let tokens =
        tokens(text).map_err(|error| (TranslateError::Malformed(error.message), error.at))?;
    let mut reader = Reader::new(&tokens, parameters);
    let end = text.chars().count();
    let statement = reader
        .statement()
        .map_err(|error| (error, reader.cursor.offset().unwrap_or(end)))?;
    let Some(key) = key_of(&statement.table, statement.index.as_deref()) else {
        return Err((TranslateError::Missing(statement.table, statement.index), 0));
    };
    read_of(statement, &key).map_err(|error| (error, 0))
}

impl Reader<'_> {
    /// The whole SELECT, before its conditions are split between key condition and filter.
    fn statement(&mut self) -> Result<ReadStatement, TranslateError> {
        if !self.cursor.keyword("select") {
            let write = ["insert", "update", "delete", "exists"].iter().any(|word| {
                self.cursor
                    .peek()
                    .is_some_and(|token| token.is_keyword(word))
            });
            if write {
                return unsupported("only SELECT statements");
            }
            return malformed("expected SELECT, INSERT, UPDATE, DELETE or EXISTS");
        }
        let projection = self.projection()?;
        if !self.cursor.keyword("from") {
            return malformed("expected FROM");
        }
        let table = self
            .name()?
            .ok_or_else(|| TranslateError::Malformed("expected a table name".to_owned()))?;
        let index = if self.cursor.symbol(".") {
            Some(self.name()?.ok_or_else(|| {
                TranslateError::Malformed("expected an index name after the dot".to_owned())
            })?)
        } else {
            None
        };
        let condition = if self.cursor.keyword("where") {
            Some(self.or()?)
        } else {
            None
        };
        let order = self.order_by()?;
        if self.cursor.peek().is_some() {
            return unsupported("anything after WHERE and ORDER BY");
        }
        // DynamoDB Local ignores values beyond the statement's `?`; too few is an error.
        if self.lacks_parameters() {
            return malformed("Number of parameters in request and statement don't match.");
        }
        Ok(ReadStatement {
            table,
            index,
            projection,
            condition,
            order,
            params: std::mem::take(&mut self.params),
        })
    }
}

impl Reader<'_> {
    /// An attribute, table or index name (bare or quoted); dotted paths are not read.
    pub(super) fn name(&mut self) -> Result<Option<String>, TranslateError> {
        let name = match self.cursor.peek() {
            Some(Token::Quoted(name)) => name.clone(),
            Some(Token::Word(name)) if !is_reserved(name) => name.clone(),
            _ => return Ok(None),
        };
        self.cursor.advance();
        Ok(Some(name))
    }

    pub(super) fn placeholder_name(&mut self, name: String) -> String {
        if let Some((placeholder, _)) = self.params.names.iter().find(|(_, each)| **each == name) {
            return placeholder.clone();
        }
        let placeholder = format!("#n{}", self.params.names.len());
        self.params.names.insert(placeholder.clone(), name);
        placeholder
    }

    /// An attribute name in WHERE, as its placeholder; a path (`a.b`, `a[0]`) is refused.
    pub(super) fn attribute(&mut self) -> Result<Option<String>, TranslateError> {
        let Some(name) = self.name()? else {
            return Ok(None);
        };
        if matches!(self.cursor.peek(), Some(Token::Symbol("." | "["))) {
            return unsupported("document paths (a.b, a[0]) in WHERE");
        }
        Ok(Some(self.placeholder_name(name)))
    }

    /// A literal or a parameter, as its `:v` placeholder.
    pub(super) fn operand(&mut self) -> Result<Option<String>, TranslateError> {
        let value = match self.cursor.peek() {
            Some(Token::Text(text)) => AttrValue::S(text.clone()),
            Some(Token::Number(text)) => match Number::parse(text) {
                Ok(number) => AttrValue::N(number),
                Err(error) => return malformed(format!("the number {text}: {error}")),
            },
            Some(Token::Word(word)) if word.eq_ignore_ascii_case("true") => AttrValue::Bool(true),
            Some(Token::Word(word)) if word.eq_ignore_ascii_case("false") => AttrValue::Bool(false),
            Some(Token::Parameter(n)) => match self.parameters.get(*n) {
                Some(value) => value.clone(),
                None => {
                    return malformed("Number of parameters in request and statement don't match.");
                }
            },
            Some(Token::Word(word)) if is_reserved(word) => {
                return unsupported("NULL and MISSING as values");
            }
            Some(Token::Symbol("{" | "[" | "<<")) => {
                return unsupported("maps, lists and sets as values in WHERE");
            }
            _ => return Ok(None),
        };
        self.cursor.advance();
        Ok(Some(self.value_placeholder(value)))
    }

    fn projection(&mut self) -> Result<Option<String>, TranslateError> {
        if matches!(self.cursor.peek(), Some(Token::Other('*'))) {
            self.cursor.advance();
            return Ok(None);
        }
        let mut names = Vec::new();
        loop {
            if !matches!(self.cursor.peek(), Some(Token::Word(_) | Token::Quoted(_))) {
                return unsupported("a projection other than * or attribute names");
            }
            names.push(self.path()?);
            if !self.cursor.symbol(",") {
                break;
            }
        }
        Ok(Some(names.join(", ")))
    }

    pub(super) fn or(&mut self) -> Result<Cond, TranslateError> {
        let mut parts = vec![self.and()?];
        while self.cursor.keyword("or") {
            parts.push(self.and()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Cond::Or(parts)
        })
    }

    fn and(&mut self) -> Result<Cond, TranslateError> {
        let mut parts = vec![self.primary()?];
        while self.cursor.keyword("and") {
            parts.push(self.primary()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Cond::And(parts)
        })
    }

    fn primary(&mut self) -> Result<Cond, TranslateError> {
        if self.cursor.keyword("not") {
            // PartiQL's NOT over a missing attribute differs from an expression's NOT.
            return unsupported("NOT");
        }
        if self.cursor.symbol("(") {
            if self.depth == MAX_PARENTHESES {
                return malformed(format!("parentheses nest more than {MAX_PARENTHESES} deep"));
            }
            self.depth += 1;
            let inner = self.or();
            self.depth -= 1;
            let inner = inner?;
            if !self.cursor.symbol(")") {
                return malformed("expected )");
            }
            return Ok(inner);
        }
        if self
            .cursor
            .peek()
            .is_some_and(|token| token.is_keyword("begins_with"))
        {
            self.cursor.advance();
            return self.begins_with();
        }
        if let Some(name) = self.attribute()? {
            return self.after_name(name);
        }
        if let Some(value) = self.operand()? {
            let Some(Token::Symbol(op)) = self.cursor.peek().cloned() else {
                return malformed("expected a comparison");
            };
            let Some(flipped) = flip(op) else {
                return unsupported("this comparison");
            };
            self.cursor.advance();
            let Some(name) = self.attribute()? else {
                return unsupported("a comparison of two values");
            };
            return Ok(Cond::Compare {
                name,
                op: flipped,
                value,
            });
        }
        malformed("expected a condition")
    }

    fn begins_with(&mut self) -> Result<Cond, TranslateError> {
        if !self.cursor.symbol("(") {
            return malformed("expected ( after begins_with");
        }
        let Some(name) = self.attribute()? else {
            return unsupported("begins_with of something other than an attribute");
        };
        if !self.cursor.symbol(",") {
            return malformed("expected , in begins_with");
        }
        let Some(prefix) = self.operand()? else {
            return malformed("expected a value in begins_with");
        };
        if !self.cursor.symbol(")") {
            return malformed("expected ) after begins_with");
        }
        Ok(Cond::BeginsWith { name, prefix })
    }

    fn after_name(&mut self, name: String) -> Result<Cond, TranslateError> {
        if self.cursor.keyword("between") {
            let low = self.operand()?;
            if !self.cursor.keyword("and") {
                return malformed("expected AND in BETWEEN");
            }
            let high = self.operand()?;
            let (Some(low), Some(high)) = (low, high) else {
                return malformed("expected values in BETWEEN");
            };
            return Ok(Cond::Between { name, low, high });
        }
        if self.cursor.keyword("in") {
            return self.in_list(name);
        }
        let op = match self.cursor.peek() {
            Some(Token::Symbol(op @ ("=" | "<" | "<=" | ">" | ">="))) => *op,
            Some(Token::Symbol("<>" | "!=")) => {
                // A missing attribute is unequal to every value in an expression, but
                // PartiQL compares MISSING to nothing.
                return unsupported("<> and !=");
            }
            _ => {
                return unsupported(
                    "this condition (only =, <, <=, >, >=, BETWEEN, IN, begins_with)",
                );
            }
        };
        self.cursor.advance();
        let Some(value) = self.operand()? else {
            return unsupported("a comparison of two attributes");
        };
        Ok(Cond::Compare { name, op, value })
    }

    fn in_list(&mut self, name: String) -> Result<Cond, TranslateError> {
        let close = if self.cursor.symbol("[") {
            "]"
        } else if self.cursor.symbol("(") {
            ")"
        } else {
            return malformed("expected [ or ( after IN");
        };
        let mut values = Vec::new();
        loop {
            let Some(value) = self.operand()? else {
                return malformed("expected a value in the IN list");
            };
            values.push(value);
            if self.cursor.symbol(close) {
                break;
            }
            if !self.cursor.symbol(",") {
                return malformed("expected , or the end of the IN list");
            }
        }
        Ok(Cond::In { name, values })
    }

    /// `ORDER BY name [ASC|DESC]`: the name's placeholder and whether it is ascending.
    fn order_by(&mut self) -> Result<Option<(String, bool)>, TranslateError> {
        if !self.cursor.keyword("order") {
            return Ok(None);
        }
        if !self.cursor.keyword("by") {
            return malformed("expected BY after ORDER");
        }
        let Some(name) = self.name()? else {
            return malformed("expected a name after ORDER BY");
        };
        let ascending = !self.cursor.keyword("desc");
        if ascending {
            self.cursor.keyword("asc");
        }
        Ok(Some((name, ascending)))
    }
}

fn flip(op: &str) -> Option<&'static str> {
    Some(match op {
        "=" => "=",
        "<" => ">",
        "<=" => ">=",
        ">" => "<",
        ">=" => "<=",
        _ => return None,
    })
}

fn is_reserved(word: &str) -> bool {
    [
        "true", "false", "null", "missing", "and", "or", "not", "where", "from", "order", "select",
        "in", "between",
    ]
    .iter()
    .any(|reserved| word.eq_ignore_ascii_case(reserved))
}
