//! The item of `INSERT INTO "table" VALUE {…}`: PartiQL's literals (`'text'`, numbers, `true`,
//! `false`, `null`, `[lists]`, `{maps}`, `<<sets>>` of strings or numbers) and `?` parameters,
//! as DynamoDB values. Anything after the value (or any other shape) is refused. Pure, never
//! panics.

use std::collections::{BTreeMap, BTreeSet};

use super::lexer::{Token, tokens};
use super::token_cursor::TokenCursor;
use crate::domain::number::Number;
use crate::domain::value::{AttrValue, Item};

/// The table and the item an INSERT writes.
pub fn insert_item(text: &str, parameters: &[AttrValue]) -> Result<(String, Item), String> {
    let tokens = tokens(text).map_err(|error| error.message)?;
    let mut cursor = TokenCursor::new(&tokens);
    let mut reader = Values {
        cursor: &mut cursor,
        parameters,
    };
    if !(reader.cursor.keyword("insert") && reader.cursor.keyword("into")) {
        return Err("expected INSERT INTO".to_owned());
    }
    let table = match reader.cursor.next() {
        Some(Token::Word(name) | Token::Quoted(name)) => name.clone(),
        _ => return Err("expected a table name after INSERT INTO".to_owned()),
    };
    if !reader.cursor.keyword("value") {
        return Err("expected VALUE {…} after the table name".to_owned());
    }
    let AttrValue::M(item) = reader.value(0)? else {
        return Err("VALUE must be a map: {'PK': '…', …}".to_owned());
    };
    if reader.cursor.next().is_some() {
        return Err("nothing may follow the VALUE map".to_owned());
    }
    Ok((table, item))
}

/// Deeper than DynamoDB allows is refused by the write anyway; this bound keeps reading safe.
const MAX_DEPTH: usize = 40;

/// The literal (or `?` parameter) under `cursor`, as a DynamoDB value; the cursor moves past it.
pub(super) fn literal(
    cursor: &mut TokenCursor<'_>,
    parameters: &[AttrValue],
) -> Result<AttrValue, String> {
    Values { cursor, parameters }.value(0)
}

struct Values<'c, 'a, 'p> {
    cursor: &'c mut TokenCursor<'a>,
    parameters: &'p [AttrValue],
}

impl Values<'_, '_, '_> {
    fn value(&mut self, depth: usize) -> Result<AttrValue, String> {
        if depth > MAX_DEPTH {
            return Err("the value is nested too deeply".to_owned());
        }
        match self.cursor.next().cloned() {
            Some(Token::Text(text)) => Ok(AttrValue::S(text)),
            Some(Token::Number(text)) => Number::parse(&text)
                .map(AttrValue::N)
                .map_err(|error| format!("the number {text}: {error}")),
            Some(Token::Word(word)) if word.eq_ignore_ascii_case("true") => {
                Ok(AttrValue::Bool(true))
            }
            Some(Token::Word(word)) if word.eq_ignore_ascii_case("false") => {
                Ok(AttrValue::Bool(false))
            }
            Some(Token::Word(word)) if word.eq_ignore_ascii_case("null") => Ok(AttrValue::Null),
            Some(Token::Parameter(n)) => self
                .parameters
                .get(n)
                .cloned()
                .ok_or_else(|| format!("parameter {} is missing", n + 1)),
            Some(Token::Symbol("{")) => self.map(depth),
            Some(Token::Symbol("[")) => Ok(AttrValue::L(self.list("]", depth)?)),
            Some(Token::Symbol("<<")) => set(self.list(">>", depth)?),
            _ => Err(
                "expected a value ('text', a number, true, false, null, [..], {..}, <<..>>, ?)"
                    .to_owned(),
            ),
        }
    }

    fn list(&mut self, close: &str, depth: usize) -> Result<Vec<AttrValue>, String> {
        let mut values = Vec::new();
        if self.cursor.symbol(close) {
            return Ok(values);
        }
        loop {
            values.push(self.value(depth + 1)?);
            if self.cursor.symbol(close) {
                return Ok(values);
            }
            if !self.cursor.symbol(",") {
                return Err(format!("expected , or {close}"));
            }
        }
    }

    fn map(&mut self, depth: usize) -> Result<AttrValue, String> {
        let mut map = BTreeMap::new();
        if self.cursor.symbol("}") {
            return Ok(AttrValue::M(map));
        }
        loop {
            let Some(Token::Text(name)) = self.cursor.next().cloned() else {
                return Err("a map's names are 'quoted text'".to_owned());
            };
            if self.cursor.next() != Some(&Token::Other(':')) {
                return Err(format!("expected : after '{name}'"));
            }
            let value = self.value(depth + 1)?;
            if map.insert(name.clone(), value).is_some() {
                return Err(format!("'{name}' is given twice"));
            }
            if self.cursor.symbol("}") {
                return Ok(AttrValue::M(map));
            }
            if !self.cursor.symbol(",") {
                return Err("expected , or }".to_owned());
            }
        }
    }
}

fn set(values: Vec<AttrValue>) -> Result<AttrValue, String> {
    let mut strings = BTreeSet::new();
    let mut numbers = BTreeSet::new();
    for value in values {
        match value {
            AttrValue::S(text) => strings.insert(text),
            AttrValue::N(number) => numbers.insert(number),
            _ => return Err("a set holds strings or numbers".to_owned()),
        };
    }
    match (strings.is_empty(), numbers.is_empty()) {
        (false, true) => Ok(AttrValue::Ss(strings)),
        (true, false) => Ok(AttrValue::Ns(numbers)),
        (true, true) => Err("a set cannot be empty".to_owned()),
        (false, false) => Err("a set holds one type: strings or numbers".to_owned()),
    }
}
