//! Why the lexer made a token [`Tok::Bad`](super::lexer::Tok::Bad).

/// Why a token is bad. A code rather than the text keeps a token at one word plus its span:
/// the parser moves three tokens per token it consumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadToken {
    EmptyPlaceholder,
    OddHex,
    UnterminatedString,
    BadUnicodeEscape,
    BadEscape,
    UnterminatedBacktick,
    EmptyBacktick,
    UnexpectedCharacter,
}

impl BadToken {
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Self::EmptyPlaceholder => "a placeholder needs a name after its sigil",
            Self::OddHex => "binary literals are 0x followed by an even number of hex digits",
            Self::UnterminatedString => "unterminated string literal",
            Self::BadUnicodeEscape => "invalid \\u escape in string literal",
            Self::BadEscape => "invalid escape in string literal",
            Self::UnterminatedBacktick => "unterminated backticked name",
            Self::EmptyBacktick => "a backticked name cannot be empty",
            Self::UnexpectedCharacter => "unexpected character",
        }
    }
}
