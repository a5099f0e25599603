//! Expressions pasted by a user, which may be wire text straight from application code or the
//! friendly inline-literal syntax. The syntax is decided per expression from its tokens, never
//! by trial and error, so a wire text keeps the service's verdict (a bare reserved word is an
//! error there) and a friendly text keeps its conveniences.

use super::ast::{Condition, ProjectionExpr};
use super::error::{ExprError, ExprKind};
use super::lexer::{Lexer, Tok};
use super::{Syntax, WireRequest, parser};

/// The syntax `text` is written in: friendly when it holds anything only the friendly syntax
/// has (a string, number, binary, set or list literal, `true`/`false`/`null`, a backticked
/// name), wire otherwise. An integer inside `[…]` after a path is a list index, which both
/// syntaxes share.
#[must_use]
pub fn syntax_of(text: &str) -> Syntax {
    let mut lexer = Lexer::new(text);
    let mut previous = Tok::Eof;
    // How many `[` opened right after a path element are still open (list indexes).
    let mut open_indexes = 0usize;
    loop {
        let token = lexer.next_token();
        let friendly = match &token.tok {
            Tok::Eof => return Syntax::Wire,
            Tok::Str | Tok::Backtick | Tok::Hex | Tok::Decimal | Tok::LBrace => true,
            Tok::Integer => open_indexes == 0,
            Tok::LBracket => {
                let after_path = matches!(
                    previous,
                    Tok::Ident | Tok::NamePlaceholder | Tok::RBracket | Tok::Backtick
                );
                if after_path {
                    open_indexes += 1;
                }
                !after_path
            }
            Tok::RBracket => {
                open_indexes = open_indexes.saturating_sub(1);
                false
            }
            Tok::Ident => {
                let word = text.get(token.span.range()).unwrap_or_default();
                ["true", "false", "null"]
                    .iter()
                    .any(|literal| word.eq_ignore_ascii_case(literal))
            }
            _ => false,
        };
        if friendly {
            return Syntax::Friendly;
        }
        previous = token.tok;
    }
}

impl<'p> WireRequest<'p> {
    /// A condition of the request written in `syntax`: placeholders it uses count for the
    /// request-wide "unused" check whichever syntax it is in.
    pub fn condition_in(
        &mut self,
        syntax: Syntax,
        kind: ExprKind,
        text: &str,
    ) -> Result<Condition, ExprError> {
        self.check_keys(kind)?;
        let (condition, used) = parser::parse_condition(text, kind, syntax, self.params)?;
        self.record(kind, used);
        Ok(condition)
    }

    /// A projection of the request written in `syntax`.
    pub fn projection_in(
        &mut self,
        syntax: Syntax,
        text: &str,
    ) -> Result<ProjectionExpr, ExprError> {
        self.check_keys(ExprKind::Projection)?;
        let (projection, used) = parser::parse_projection(text, syntax, self.params)?;
        self.record(ExprKind::Projection, used);
        Ok(projection)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn application_code_text_is_wire_syntax() {
        for text in [
            "#pk = :pk AND begins_with(#sk, :sk)",
            "PK = :pk AND SK BETWEEN :a AND :b",
            "items[0].price > :p",
            "#a[12][3] = :v",
            "status = :s",
            "PK, SK, tags[2]",
        ] {
            assert_eq!(syntax_of(text), Syntax::Wire, "{text}");
        }
    }

    #[test]
    fn any_inline_literal_or_backtick_makes_the_text_friendly() {
        for text in [
            r#"PK = "USER#1""#,
            "price > 10",
            "price > -1.5e3",
            "data = 0x00ff",
            "tags = {\"a\", \"b\"}",
            "nums = [1, 2]",
            "flag = true",
            "gone = NULL",
            "`order-id` = :v",
            "a[0] = 7",
        ] {
            assert_eq!(syntax_of(text), Syntax::Friendly, "{text}");
        }
    }
}
