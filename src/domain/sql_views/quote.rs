//! Text from the table (attribute names, entity names, key prefixes) is untrusted: in SQL it is
//! only ever a string literal, written with quotes doubled and every control character taken out
//! of the literal as `chr(N)`, so no name can end a literal or a statement, and the SQL printed
//! holds no control character for a terminal to act on. Identifiers the SQL declares are derived
//! names, quoted the same way (`"` doubled), with control characters replaced.

/// `text` as a SQL string literal: `'it''s'`, `('a' || chr(10) || 'b')`.
#[must_use]
pub fn literal(text: &str) -> String {
    let mut pieces: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c.is_control() {
            if !current.is_empty() {
                pieces.push(quoted(&current));
                current.clear();
            }
            pieces.push(format!("chr({})", u32::from(c)));
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(quoted(&current));
    }
    // In parentheses, so the concatenation binds before the operator the literal is given to.
    match pieces.as_slice() {
        [one] => one.clone(),
        _ => format!("({})", pieces.join(" || ")),
    }
}

fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `name` as a double-quoted identifier; a control character becomes `?`.
#[must_use]
pub fn identifier(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("\"{}\"", clean.replace('"', "\"\""))
}

/// A name Athena accepts for a view or column (lower-case letters, digits and `_`), read from
/// `name`: `Order›Item` → `order_item`.
#[must_use]
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_').to_owned();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("e_{out}")
    } else {
        out
    }
}

/// A JSON pointer to the member `name` (RFC 6901: `~` as `~0`, `/` as `~1`), as DuckDB's `->`
/// takes it, so a name starting with `$` is never read as a path.
#[must_use]
pub fn pointer(name: &str) -> String {
    format!("/{}", name.replace('~', "~0").replace('/', "~1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_or_a_control_character_cannot_leave_the_literal() {
        assert_eq!(literal("it's"), "'it''s'");
        assert_eq!(literal(""), "''");
        assert_eq!(literal("a\nb"), "('a' || chr(10) || 'b')");
        assert_eq!(literal("\u{1b}[2J"), "(chr(27) || '[2J')");
        assert_eq!(literal("x'); DROP TABLE t; --"), "'x''); DROP TABLE t; --'");
        for hostile in ["a'b", "\u{0}", "';\n--", "\u{7f}\u{9b}"] {
            let sql = literal(hostile);
            assert!(!sql.chars().any(char::is_control), "{sql:?}");
        }
    }

    #[test]
    fn identifiers_double_their_quotes_and_lose_control_characters() {
        assert_eq!(identifier("a\"b"), "\"a\"\"b\"");
        assert_eq!(identifier("x\ny"), "\"x?y\"");
        assert_eq!(snake("Order›Item"), "order_item");
        assert_eq!(snake("\"; DROP"), "drop");
        assert_eq!(snake("1st"), "e_1st");
        assert_eq!(snake("›"), "e_");
        assert_eq!(pointer("a/b~c"), "/a~1b~0c");
    }
}
