//! PartiQL tokens, as far as ddbx needs them to tell a statement's kind, its table and whether a
//! SELECT names its partition key: names (bare or `"quoted"`), `'strings'`, numbers, `?`
//! parameters and punctuation. Anything else is one [`Token::Other`] character, never an error.

/// One token and the character offset it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned {
    pub token: Token,
    pub at: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A bare word: a keyword or a name (compared case-insensitively as a keyword).
    Word(String),
    /// A `"quoted"` name, unquoted (`""` inside stands for one `"`).
    Quoted(String),
    /// A `'string'` literal, unquoted (`''` inside stands for one `'`).
    Text(String),
    /// A number literal as written.
    Number(String),
    /// The `n`-th `?` parameter of the statement, counted from 0.
    Parameter(usize),
    /// Punctuation or an operator: `=`, `<>`, `(`, `[`, `,`, `.`, …
    Symbol(&'static str),
    /// A character PartiQL has no use for here.
    Other(char),
}

impl Token {
    /// True for the keyword `word` (any case).
    #[must_use]
    pub fn is_keyword(&self, word: &str) -> bool {
        matches!(self, Self::Word(text) if text.eq_ignore_ascii_case(word))
    }
}

/// Why a statement could not be split into tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub message: String,
    pub at: usize,
}

const SYMBOLS: [&str; 17] = [
    "<<", ">>", "<>", "!=", "<=", ">=", "=", "<", ">", "(", ")", "[", "]", "{", "}", ",", ".",
];

/// The tokens of `text`; an unterminated quote is the only error.
pub fn tokens(text: &str) -> Result<Vec<Spanned>, LexError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut parameters = 0;
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        let start = at;
        let token = if c.is_whitespace() {
            at += 1;
            continue;
        } else if c == '-' && chars.get(at + 1) == Some(&'-') {
            // A comment runs to the end of the line.
            while chars.get(at).is_some_and(|c| *c != '\n') {
                at += 1;
            }
            continue;
        } else if c == '"' || c == '\'' {
            let (inner, end) = quoted(&chars, at, c)?;
            at = end;
            if c == '"' {
                Token::Quoted(inner)
            } else {
                Token::Text(inner)
            }
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = run_end(&chars, at, |c| c.is_ascii_alphanumeric() || c == '_');
            let word = chars[at..end].iter().collect();
            at = end;
            Token::Word(word)
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(at + 1).is_some_and(char::is_ascii_digit))
        {
            let end = run_end(&chars, at + 1, |c| {
                c.is_ascii_alphanumeric() || c == '.' || c == '+' || c == '-'
            });
            let number = chars[at..end].iter().collect();
            at = end;
            Token::Number(number)
        } else if c == '?' {
            at += 1;
            parameters += 1;
            Token::Parameter(parameters - 1)
        } else if let Some(symbol) = symbol_at(&chars, at) {
            at += symbol.chars().count();
            Token::Symbol(symbol)
        } else {
            at += 1;
            Token::Other(c)
        };
        out.push(Spanned { token, at: start });
    }
    Ok(out)
}

fn run_end(chars: &[char], from: usize, keep: impl Fn(char) -> bool) -> usize {
    let mut end = from;
    while chars.get(end).is_some_and(|c| keep(*c)) {
        end += 1;
    }
    end
}

/// The text between the quote at `start` and its closing quote, and the offset after it.
fn quoted(chars: &[char], start: usize, quote: char) -> Result<(String, usize), LexError> {
    let mut inner = String::new();
    let mut at = start + 1;
    loop {
        match chars.get(at) {
            None => {
                return Err(LexError {
                    message: format!("unterminated {quote}…{quote}: it is never closed"),
                    at: start,
                });
            }
            Some(c) if *c == quote && chars.get(at + 1) == Some(&quote) => {
                inner.push(quote);
                at += 2;
            }
            Some(c) if *c == quote => return Ok((inner, at + 1)),
            Some(c) => {
                inner.push(*c);
                at += 1;
            }
        }
    }
}

fn symbol_at(chars: &[char], at: usize) -> Option<&'static str> {
    SYMBOLS.into_iter().find(|symbol| {
        symbol
            .chars()
            .enumerate()
            .all(|(offset, c)| chars.get(at + offset) == Some(&c))
    })
}
