//! A small JSON parser that remembers where every value starts (1-based line and column), so an
//! edit can be refused with the exact place to fix: a 39-digit number, an empty set, a duplicate
//! attribute name. `serde_json::Value` forgets positions and silently keeps the last of two equal
//! keys, which would lose an attribute the user typed.
//!
//! Numbers are kept as their text: the caller decides what they mean, nothing passes through f64.

use super::error::EditTextError;

/// Where a value starts in the text, 1-based; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    /// An error located here.
    pub fn error(self, message: impl Into<String>) -> EditTextError {
        EditTextError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// One JSON value and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Json {
    pub pos: Pos,
    pub kind: JsonKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonKind {
    Null,
    Bool(bool),
    /// The number exactly as written.
    Number(String),
    String(String),
    Array(Vec<Json>),
    /// Members in text order; keys are unique (a repeated key is a parse error).
    Object(Vec<(String, Pos, Json)>),
}

impl JsonKind {
    /// What the value is, for messages: "a string", "an array", …
    pub fn describe(&self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Bool(_) => "a boolean",
            Self::Number(_) => "a number",
            Self::String(_) => "a string",
            Self::Array(_) => "an array",
            Self::Object(_) => "an object",
        }
    }
}

/// Deeper nesting than this is refused before it can exhaust the stack. Items nest at most 32
/// levels; DynamoDB JSON doubles that with its type wrappers, so this leaves room for both.
const MAX_DEPTH: usize = 80;

/// Parses one JSON document (surrounding whitespace allowed, nothing after it).
pub fn parse(text: &str) -> Result<Json, EditTextError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        index: 0,
        line: 1,
        column: 1,
    };
    parser.skip_whitespace();
    if parser.peek().is_none() {
        return Err(parser
            .pos()
            .error("the text is empty: expected a JSON object such as {\"PK\": ...}"));
    }
    let value = parser.value(0)?;
    parser.skip_whitespace();
    if parser.peek().is_some() {
        return Err(parser
            .pos()
            .error("unexpected text after the end of the JSON object"));
    }
    Ok(value)
}

struct Parser {
    chars: Vec<char>,
    index: usize,
    line: usize,
    column: usize,
}

impl Parser {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.index).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.index += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.bump();
        }
    }

    fn expect(&mut self, wanted: char, context: &str) -> Result<(), EditTextError> {
        self.skip_whitespace();
        let pos = self.pos();
        match self.bump() {
            Some(c) if c == wanted => Ok(()),
            Some(c) => Err(pos.error(format!(
                "expected '{wanted}' {context}, found '{}'",
                c.escape_debug()
            ))),
            None => Err(pos.error(format!("expected '{wanted}' {context}, but the text ended"))),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, EditTextError> {
        self.skip_whitespace();
        let pos = self.pos();
        if depth > MAX_DEPTH {
            return Err(pos.error(format!(
                "nesting deeper than {MAX_DEPTH} levels; DynamoDB allows 32 levels of lists and maps"
            )));
        }
        let kind = match self.peek() {
            None => return Err(pos.error("expected a value, but the text ended")),
            Some('{') => self.object(depth)?,
            Some('[') => self.array(depth)?,
            Some('"') => JsonKind::String(self.string()?),
            Some('-' | '0'..='9') => JsonKind::Number(self.number()?),
            Some(c) if c.is_ascii_alphabetic() => self.word()?,
            Some(c) => {
                return Err(pos.error(format!(
                    "unexpected character '{}': expected a value (string, number, true, false, null, array or object)",
                    c.escape_debug()
                )));
            }
        };
        Ok(Json { pos, kind })
    }

    fn word(&mut self) -> Result<JsonKind, EditTextError> {
        let pos = self.pos();
        let mut word = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphanumeric) {
            word.push(c);
            self.bump();
        }
        match word.as_str() {
            "true" => Ok(JsonKind::Bool(true)),
            "false" => Ok(JsonKind::Bool(false)),
            "null" => Ok(JsonKind::Null),
            _ => Err(pos.error(format!(
                "unexpected word '{word}': strings need double quotes, and the only bare words are true, false and null"
            ))),
        }
    }

    fn object(&mut self, depth: usize) -> Result<JsonKind, EditTextError> {
        self.bump();
        let mut members: Vec<(String, Pos, Json)> = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(JsonKind::Object(members));
        }
        loop {
            self.skip_whitespace();
            let key_pos = self.pos();
            if self.peek() != Some('"') {
                return Err(key_pos.error(match self.peek() {
                    Some('}') => "trailing comma before '}': remove the last ','".to_owned(),
                    None => {
                        "expected an attribute name in double quotes, but the text ended".to_owned()
                    }
                    Some(c) => format!(
                        "expected an attribute name in double quotes, found '{}'",
                        c.escape_debug()
                    ),
                }));
            }
            let key = self.string()?;
            if members.iter().any(|(existing, _, _)| *existing == key) {
                return Err(key_pos.error(format!(
                    "\"{}\" appears twice in the same object; keep one of them",
                    key.escape_debug()
                )));
            }
            self.expect(':', "after the name")?;
            let value = self.value(depth + 1)?;
            members.push((key, key_pos, value));
            self.skip_whitespace();
            let pos = self.pos();
            match self.bump() {
                Some(',') => {}
                Some('}') => return Ok(JsonKind::Object(members)),
                Some(c) => {
                    return Err(pos.error(format!(
                        "expected ',' or '}}' after a value, found '{}' (missing comma?)",
                        c.escape_debug()
                    )));
                }
                None => {
                    return Err(pos.error("expected '}' to close the object, but the text ended"));
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<JsonKind, EditTextError> {
        self.bump();
        let mut elements = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(JsonKind::Array(elements));
        }
        loop {
            self.skip_whitespace();
            if self.peek() == Some(']') {
                return Err(self
                    .pos()
                    .error("trailing comma before ']': remove the last ','"));
            }
            elements.push(self.value(depth + 1)?);
            self.skip_whitespace();
            let pos = self.pos();
            match self.bump() {
                Some(',') => {}
                Some(']') => return Ok(JsonKind::Array(elements)),
                Some(c) => {
                    return Err(pos.error(format!(
                        "expected ',' or ']' after an element, found '{}' (missing comma?)",
                        c.escape_debug()
                    )));
                }
                None => {
                    return Err(pos.error("expected ']' to close the array, but the text ended"));
                }
            }
        }
    }

    fn string(&mut self) -> Result<String, EditTextError> {
        let start = self.pos();
        self.bump();
        let mut out = String::new();
        loop {
            let pos = self.pos();
            match self.bump() {
                None => {
                    return Err(start.error("this string is never closed: add the missing '\"'"));
                }
                Some('"') => return Ok(out),
                Some('\\') => out.push(self.escape(pos)?),
                Some(c) if (c as u32) < 0x20 => {
                    return Err(pos.error(
                        "a control character (such as a line break) inside a string must be escaped, e.g. \\n",
                    ));
                }
                Some(c) => out.push(c),
            }
        }
    }

    fn escape(&mut self, pos: Pos) -> Result<char, EditTextError> {
        Ok(match self.bump() {
            Some('"') => '"',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let high = self.hex4(pos)?;
                if (0xD800..0xDC00).contains(&high) {
                    if self.bump() != Some('\\') || self.bump() != Some('u') {
                        return Err(pos.error("a \\u escape of a high surrogate must be followed by a low surrogate \\uDC00-\\uDFFF"));
                    }
                    let low = self.hex4(pos)?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return Err(pos.error("a \\u escape of a high surrogate must be followed by a low surrogate \\uDC00-\\uDFFF"));
                    }
                    let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    char::from_u32(code).ok_or_else(|| pos.error("invalid \\u escape"))?
                } else {
                    char::from_u32(high).ok_or_else(|| {
                        pos.error("a lone surrogate \\u escape is not a character")
                    })?
                }
            }
            _ => {
                return Err(pos.error(
                    "invalid escape: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX",
                ));
            }
        })
    }

    fn hex4(&mut self, pos: Pos) -> Result<u32, EditTextError> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self
                .bump()
                .and_then(|c| c.to_digit(16))
                .ok_or_else(|| pos.error("\\u must be followed by four hex digits"))?;
            code = code * 16 + digit;
        }
        Ok(code)
    }

    fn number(&mut self) -> Result<String, EditTextError> {
        let pos = self.pos();
        let mut text = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
        {
            text.push(c);
            self.bump();
        }
        if is_json_number(&text) {
            Ok(text)
        } else {
            Err(pos.error(format!("'{text}' is not a valid JSON number")))
        }
    }
}

/// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn is_json_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = usize::from(bytes.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let integer_start = i;
    let integer = digits(&mut i);
    if integer == 0 || (integer > 1 && bytes[integer_start] == b'0') {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == bytes.len()
}

#[cfg(test)]
#[path = "json_tree_tests.rs"]
mod tests;
