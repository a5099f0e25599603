//! Tokens of both syntaxes. The lexer never fails: a character it cannot use becomes a
//! [`Tok::Bad`] token, which the parser reports as a syntax error at that position. It runs in
//! one pass over the bytes, so its cost is linear in the input.

use super::bad_token::BadToken;
use super::span::Span;

/// What a token is. Text-carrying variants borrow or own their decoded text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A bare word: an attribute name, a keyword or a function name (the parser decides).
    Ident,
    /// `#name` (the whole token text, sigil included).
    NamePlaceholder,
    /// `:value` (sigil included).
    ValuePlaceholder,
    /// Only decimal digits: a list index, or (friendly syntax) an integer.
    Integer,
    /// A decimal with a point or exponent, e.g. `1.5e3` (friendly syntax only).
    Decimal,
    /// A valid double-quoted string with JSON escapes (friendly syntax only); decode it with
    /// [`decode_string`]. Tokens carry no owned data so a 4 KB text tokenizes into one small
    /// allocation.
    Str,
    /// A valid backticked attribute name (friendly syntax only); see [`decode_backtick`].
    Backtick,
    /// `0x…` binary with an even number of hex digits (friendly syntax only); see [`decode_hex`].
    Hex,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Dot,
    Plus,
    Minus,
    /// Something no syntax allows, and why (for the friendly syntax's messages).
    Bad(BadToken),
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// `[A-Za-z0-9_]`, by table: most of a text's bytes are in names and placeholders, and one
/// load per byte beats three range checks.
const WORD_CHARS: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        // `byte` < 256, so the cast cannot truncate.
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || b == b'_';
        byte += 1;
    }
    table
};

fn is_word_char(byte: u8) -> bool {
    WORD_CHARS[usize::from(byte)]
}

/// Splits `text` into tokens, ending with one `Eof` token.
#[must_use]
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut lexer = Lexer::new(text);
    let mut tokens = Vec::new();
    loop {
        let token = lexer.next_token();
        let end = token.tok == Tok::Eof;
        tokens.push(token);
        if end {
            return tokens;
        }
    }
}

/// Produces tokens one at a time, so the parser needs no token buffer (a 4 KB text would
/// otherwise cost one large allocation per parse).
pub struct Lexer<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Lexer<'t> {
    #[must_use]
    pub fn new(text: &'t str) -> Self {
        Self { text, pos: 0 }
    }

    /// The next token; `Eof` (repeatedly) at the end.
    pub fn next_token(&mut self) -> Token {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut pos = self.pos;
        while pos < bytes.len() && matches!(bytes[pos], b' ' | b'\t' | b'\n' | b'\r') {
            pos += 1;
        }
        if pos >= bytes.len() {
            self.pos = bytes.len();
            return Token {
                tok: Tok::Eof,
                span: Span::new(bytes.len(), bytes.len()),
            };
        }
        let start = pos;
        let byte = bytes[pos];
        let tok = match byte {
            b'#' | b':' => {
                pos += 1;
                while pos < bytes.len() && is_word_char(bytes[pos]) {
                    pos += 1;
                }
                if pos == start + 1 {
                    Tok::Bad(BadToken::EmptyPlaceholder)
                } else if byte == b'#' {
                    Tok::NamePlaceholder
                } else {
                    Tok::ValuePlaceholder
                }
            }
            b'0' if bytes.get(pos + 1).is_some_and(|b| *b == b'x' || *b == b'X') => {
                pos += 2;
                match lex_hex(bytes, &mut pos) {
                    Ok(_) => Tok::Hex,
                    Err(reason) => Tok::Bad(reason),
                }
            }
            b'0'..=b'9' => lex_number(bytes, &mut pos),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while pos < bytes.len() && is_word_char(bytes[pos]) {
                    pos += 1;
                }
                Tok::Ident
            }
            b'"' => match lex_string(text, &mut pos) {
                Ok(_) => Tok::Str,
                Err(reason) => Tok::Bad(reason),
            },
            b'`' => match lex_backtick(text, &mut pos) {
                Ok(_) => Tok::Backtick,
                Err(reason) => Tok::Bad(reason),
            },
            b'<' => match bytes.get(pos + 1) {
                Some(b'>') => {
                    pos += 2;
                    Tok::Ne
                }
                Some(b'=') => {
                    pos += 2;
                    Tok::Le
                }
                _ => {
                    pos += 1;
                    Tok::Lt
                }
            },
            b'>' => {
                if bytes.get(pos + 1) == Some(&b'=') {
                    pos += 2;
                    Tok::Ge
                } else {
                    pos += 1;
                    Tok::Gt
                }
            }
            _ => {
                pos += 1;
                match byte {
                    b'=' => Tok::Eq,
                    b'(' => Tok::LParen,
                    b')' => Tok::RParen,
                    b'[' => Tok::LBracket,
                    b']' => Tok::RBracket,
                    b'{' => Tok::LBrace,
                    b'}' => Tok::RBrace,
                    b',' => Tok::Comma,
                    b'.' => Tok::Dot,
                    b'+' => Tok::Plus,
                    b'-' => Tok::Minus,
                    _ => {
                        // Keep the whole UTF-8 character in the token so messages can quote it.
                        while pos < bytes.len() && !text.is_char_boundary(pos) {
                            pos += 1;
                        }
                        Tok::Bad(BadToken::UnexpectedCharacter)
                    }
                }
            }
        };
        // A bad escape may stop inside a multi-byte character; spans always end on a boundary.
        while !text.is_char_boundary(pos) {
            pos += 1;
        }
        self.pos = pos;
        Token {
            tok,
            span: Span::new(start, pos),
        }
    }
}

fn lex_number(bytes: &[u8], pos: &mut usize) -> Tok {
    let digits = |pos: &mut usize| {
        let start = *pos;
        while *pos < bytes.len() && bytes[*pos].is_ascii_digit() {
            *pos += 1;
        }
        *pos > start
    };
    digits(pos);
    let mut decimal = false;
    if bytes.get(*pos) == Some(&b'.') && bytes.get(*pos + 1).is_some_and(u8::is_ascii_digit) {
        *pos += 1;
        digits(pos);
        decimal = true;
    }
    if matches!(bytes.get(*pos), Some(b'e' | b'E')) {
        let mark = *pos;
        *pos += 1;
        if matches!(bytes.get(*pos), Some(b'+' | b'-')) {
            *pos += 1;
        }
        if digits(pos) {
            decimal = true;
        } else {
            *pos = mark;
        }
    }
    // `123abc` is one bad word, not a number followed by a name.
    if *pos < bytes.len() && is_word_char(bytes[*pos]) {
        while *pos < bytes.len() && is_word_char(bytes[*pos]) {
            *pos += 1;
        }
        return Tok::Ident;
    }
    if decimal { Tok::Decimal } else { Tok::Integer }
}

fn lex_hex(bytes: &[u8], pos: &mut usize) -> Result<Vec<u8>, BadToken> {
    let start = *pos;
    while *pos < bytes.len() && is_word_char(bytes[*pos]) {
        *pos += 1;
    }
    let digits = &bytes[start..*pos];
    if !digits.len().is_multiple_of(2) || !digits.iter().all(u8::is_ascii_hexdigit) {
        return Err(BadToken::OddHex);
    }
    let nibble = |b: u8| match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b - b'A' + 10,
    };
    Ok(digits
        .chunks(2)
        .map(|pair| nibble(pair[0]) << 4 | nibble(pair[1]))
        .collect())
}

/// A JSON string literal. `pos` is on the opening quote.
fn lex_string(text: &str, pos: &mut usize) -> Result<String, BadToken> {
    let bytes = text.as_bytes();
    *pos += 1;
    let mut out = String::new();
    let mut run_start = *pos;
    loop {
        let Some(&byte) = bytes.get(*pos) else {
            return Err(BadToken::UnterminatedString);
        };
        match byte {
            b'"' => {
                out.push_str(&text[run_start..*pos]);
                *pos += 1;
                return Ok(out);
            }
            b'\\' => {
                out.push_str(&text[run_start..*pos]);
                *pos += 1;
                let Some(&escape) = bytes.get(*pos) else {
                    return Err(BadToken::UnterminatedString);
                };
                *pos += 1;
                match escape {
                    b'"' => out.push('"'),
                    b'\\' => out.push('\\'),
                    b'/' => out.push('/'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'n' => out.push('\n'),
                    b'r' => out.push('\r'),
                    b't' => out.push('\t'),
                    b'u' => match lex_unicode_escape(bytes, pos) {
                        Some(c) => out.push(c),
                        None => return Err(BadToken::BadUnicodeEscape),
                    },
                    _ => return Err(BadToken::BadEscape),
                }
                run_start = *pos;
            }
            _ => *pos += 1,
        }
    }
}

fn hex4(bytes: &[u8], pos: &mut usize) -> Option<u32> {
    let digits = bytes.get(*pos..*pos + 4)?;
    let text = std::str::from_utf8(digits).ok()?;
    let value = u32::from_str_radix(text, 16).ok()?;
    *pos += 4;
    Some(value)
}

/// `\uXXXX`, with a following `\uXXXX` low surrogate when the first is a high one.
fn lex_unicode_escape(bytes: &[u8], pos: &mut usize) -> Option<char> {
    let first = hex4(bytes, pos)?;
    if (0xD800..0xDC00).contains(&first) {
        if bytes.get(*pos..*pos + 2) != Some(b"\\u") {
            return None;
        }
        *pos += 2;
        let second = hex4(bytes, pos)?;
        if !(0xDC00..0xE000).contains(&second) {
            return None;
        }
        return char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00));
    }
    char::from_u32(first)
}

/// A backticked name; a doubled backtick stands for one backtick.
fn lex_backtick(text: &str, pos: &mut usize) -> Result<String, BadToken> {
    let bytes = text.as_bytes();
    *pos += 1;
    let mut out = String::new();
    let mut run_start = *pos;
    loop {
        match bytes.get(*pos) {
            None => return Err(BadToken::UnterminatedBacktick),
            Some(b'`') if bytes.get(*pos + 1) == Some(&b'`') => {
                out.push_str(&text[run_start..=*pos]);
                *pos += 2;
                run_start = *pos;
            }
            Some(b'`') => {
                out.push_str(&text[run_start..*pos]);
                *pos += 1;
                if out.is_empty() {
                    return Err(BadToken::EmptyBacktick);
                }
                return Ok(out);
            }
            Some(_) => *pos += 1,
        }
    }
}

/// The value of a [`Tok::Str`] token, given the token's text.
#[must_use]
pub fn decode_string(token_text: &str) -> String {
    lex_string(token_text, &mut 0).unwrap_or_default()
}

/// The name of a [`Tok::Backtick`] token, given the token's text.
#[must_use]
pub fn decode_backtick(token_text: &str) -> String {
    lex_backtick(token_text, &mut 0).unwrap_or_default()
}

/// The bytes of a [`Tok::Hex`] token, given the token's text (with its `0x`).
#[must_use]
pub fn decode_hex(token_text: &str) -> Vec<u8> {
    lex_hex(token_text.as_bytes(), &mut 2).unwrap_or_default()
}
