//! Just enough of a Rust lexer to find module declarations and paths: identifiers, `::`,
//! punctuation and string values, with comments, character literals and lifetimes skipped (so a
//! `crate::x` in a comment or a string never counts as an import).

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
    /// A string literal's raw text between its quotes (escapes left as written).
    Str(String),
}

pub fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut lexer = Lexer { chars, at: 0 };
    let mut out = Vec::new();
    while let Some(token) = lexer.next_token() {
        out.push(token);
    }
    out
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn next_token(&mut self) -> Option<Token> {
        loop {
            let c = self.peek(0)?;
            match c {
                c if c.is_whitespace() => self.at += 1,
                '/' if self.peek(1) == Some('/') => self.skip_line(),
                '/' if self.peek(1) == Some('*') => self.skip_block_comment(),
                '"' => return Some(Token::Str(self.quoted())),
                '\'' => self.skip_char_or_lifetime(),
                'r' if self.raw_string_ahead(1) => {
                    self.at += 1;
                    return Some(Token::Str(self.raw_string()));
                }
                'b' if self.peek(1) == Some('"') => self.at += 1,
                'b' if self.peek(1) == Some('\'') => self.at += 1,
                'b' if self.peek(1) == Some('r') && self.raw_string_ahead(2) => {
                    self.at += 2;
                    return Some(Token::Str(self.raw_string()));
                }
                c if c.is_alphabetic() || c == '_' => return Some(Token::Ident(self.ident())),
                c if c.is_ascii_digit() => self.skip_number(),
                ':' if self.peek(1) == Some(':') => {
                    self.at += 2;
                    return Some(Token::PathSep);
                }
                other => {
                    self.at += 1;
                    return Some(Token::Punct(other));
                }
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek(0) {
            self.at += 1;
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_block_comment(&mut self) {
        let mut depth = 0usize;
        while self.at < self.chars.len() {
            if self.peek(0) == Some('/') && self.peek(1) == Some('*') {
                depth += 1;
                self.at += 2;
            } else if self.peek(0) == Some('*') && self.peek(1) == Some('/') {
                depth -= 1;
                self.at += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.at += 1;
            }
        }
    }

    fn quoted(&mut self) -> String {
        self.at += 1;
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            self.at += 1;
            match c {
                '\\' => {
                    text.push(c);
                    if let Some(escaped) = self.peek(0) {
                        text.push(escaped);
                        self.at += 1;
                    }
                }
                '"' => break,
                other => text.push(other),
            }
        }
        text
    }

    /// `r"…"` or `r#"…"#` starts `offset` characters ahead.
    fn raw_string_ahead(&self, offset: usize) -> bool {
        let mut ahead = offset;
        while self.peek(ahead) == Some('#') {
            ahead += 1;
        }
        self.peek(ahead) == Some('"')
    }

    fn raw_string(&mut self) -> String {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.at += 1;
        }
        self.at += 1;
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            if c == '"' && (1..=hashes).all(|n| self.peek(n) == Some('#')) {
                self.at += 1 + hashes;
                break;
            }
            text.push(c);
            self.at += 1;
        }
        text
    }

    /// `'x'`, `'\n'` and `'\u{1F600}'` are characters; `'a` without a closing quote is a lifetime
    /// (or a label), whose name is skipped with it.
    fn skip_char_or_lifetime(&mut self) {
        self.at += 1;
        if self.peek(0) == Some('\\') {
            self.at += 1;
            while let Some(c) = self.peek(0) {
                self.at += 1;
                if c == '\'' {
                    break;
                }
            }
        } else if self.peek(1) == Some('\'') {
            self.at += 2;
        } else {
            self.ident();
        }
    }

    fn ident(&mut self) -> String {
        if self.peek(0) == Some('r') && self.peek(1) == Some('#') {
            self.at += 2;
        }
        let start = self.at;
        while let Some(c) = self.peek(0) {
            if c.is_alphanumeric() || c == '_' {
                self.at += 1;
            } else {
                break;
            }
        }
        self.chars[start..self.at].iter().collect()
    }

    fn skip_number(&mut self) {
        while let Some(c) = self.peek(0) {
            let exponent_sign = (c == '-' || c == '+')
                && matches!(self.chars.get(self.at.wrapping_sub(1)), Some('e' | 'E'));
            let decimal_point = c == '.' && self.peek(1).is_some_and(|next| next.is_ascii_digit());
            if c.is_alphanumeric() || c == '_' || exponent_sign || decimal_point {
                self.at += 1;
            } else {
                break;
            }
        }
    }
}
