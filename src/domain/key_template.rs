//! Key templates of a model file: `ORDER#{orderDate}#{orderId}` — literal text with named
//! placeholders — parsed once, then matched against key values to name their parts.

use std::borrow::Cow;
use std::fmt;

use super::composite_key::{KeyPart, PartKind, classify_part};

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    Literal(String),
    Placeholder(String),
}

/// A parsed key template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyTemplate {
    text: String,
    segments: Vec<Segment>,
}

/// Why a template is invalid; `offset` is the byte offset inside the template text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Matching backtracks over where each placeholder ends; this bounds the work on hostile keys.
const MATCH_STEP_BUDGET: usize = 20_000;

fn is_placeholder_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl KeyTemplate {
    /// Parses `text`; placeholders are `{name}` with an identifier name, and two placeholders
    /// must be separated by literal text (otherwise the split between them is ambiguous).
    pub fn parse(text: &str) -> Result<Self, TemplateError> {
        let error = |offset: usize, message: String| TemplateError { offset, message };
        let mut segments = Vec::new();
        let mut literal = String::new();
        let mut rest = text.char_indices();
        while let Some((offset, c)) = rest.next() {
            match c {
                '{' => {
                    let close = text[offset..].find('}').ok_or_else(|| {
                        error(offset, "unclosed `{`: placeholders look like {name}".into())
                    })?;
                    let name = &text[offset + 1..offset + close];
                    if name.contains('{') {
                        return Err(error(
                            offset,
                            "unclosed `{`: placeholders look like {name}".into(),
                        ));
                    }
                    if !is_placeholder_name(name) {
                        return Err(error(
                            offset,
                            format!(
                                "`{{{name}}}` is not a placeholder: names are letters, digits and _, starting with a letter"
                            ),
                        ));
                    }
                    if literal.is_empty()
                        && matches!(segments.last(), Some(Segment::Placeholder(_)))
                    {
                        return Err(error(
                            offset,
                            format!(
                                "placeholder {{{name}}} directly follows another: put literal text (e.g. #) between them"
                            ),
                        ));
                    }
                    if !literal.is_empty() {
                        segments.push(Segment::Literal(std::mem::take(&mut literal)));
                    }
                    segments.push(Segment::Placeholder(name.to_owned()));
                    // Skip the name and the closing brace.
                    for _ in 0..name.chars().count() + 1 {
                        rest.next();
                    }
                }
                '}' => return Err(error(offset, "`}` without a matching `{`".into())),
                c => literal.push(c),
            }
        }
        if !literal.is_empty() {
            segments.push(Segment::Literal(literal));
        }
        if segments.is_empty() {
            return Err(error(0, "a key template cannot be empty".into()));
        }
        Ok(Self {
            text: text.to_owned(),
            segments,
        })
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Placeholder names in order.
    pub fn placeholders(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().filter_map(|segment| match segment {
            Segment::Placeholder(name) => Some(name.as_str()),
            Segment::Literal(_) => None,
        })
    }

    /// The literal text before the first placeholder (`USER#` for `USER#{userId}`).
    #[must_use]
    pub fn literal_prefix(&self) -> &str {
        match self.segments.first() {
            Some(Segment::Literal(text)) => text,
            _ => "",
        }
    }

    /// The placeholder values when `key` matches, in placeholder order; each value is non-empty.
    #[must_use]
    pub fn captures<'k>(&self, key: &'k str) -> Option<Vec<&'k str>> {
        let mut captures = Vec::with_capacity(self.segments.len());
        let mut budget = MATCH_STEP_BUDGET;
        match_from(&self.segments, key, &mut captures, &mut budget).then_some(captures)
    }

    #[must_use]
    pub fn matches(&self, key: &str) -> bool {
        // The literal-prefix check rejects most keys of other entities without allocating.
        key.starts_with(self.literal_prefix()) && self.captures(key).is_some()
    }

    /// `key`'s parts named by this template: literal pieces split on `#` as unlabelled parts,
    /// placeholders labelled with their names. `None` when the key does not match.
    #[must_use]
    pub fn key_parts<'a>(&'a self, key: &'a str) -> Option<Vec<KeyPart<'a>>> {
        let captures = self.captures(key)?;
        let mut values = captures.into_iter();
        let mut parts = Vec::new();
        for segment in &self.segments {
            match segment {
                Segment::Literal(text) => {
                    parts.extend(
                        text.split('#')
                            .filter(|piece| !piece.is_empty())
                            .map(|piece| KeyPart {
                                label: None,
                                value: piece,
                                kind: PartKind::Word,
                            }),
                    );
                }
                Segment::Placeholder(name) => {
                    let value = values.next()?;
                    parts.push(KeyPart {
                        label: Some(Cow::Borrowed(name)),
                        value,
                        kind: classify_part(value),
                    });
                }
            }
        }
        Some(parts)
    }
}

fn match_from<'k>(
    segments: &[Segment],
    key: &'k str,
    captures: &mut Vec<&'k str>,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    match segments {
        [] => key.is_empty(),
        [Segment::Literal(text), rest @ ..] => key
            .strip_prefix(text.as_str())
            .is_some_and(|remaining| match_from(rest, remaining, captures, budget)),
        [Segment::Placeholder(_)] => {
            if key.is_empty() {
                return false;
            }
            captures.push(key);
            true
        }
        [Segment::Placeholder(_), Segment::Literal(next), ..] => {
            // Try each place the next literal occurs, shortest capture first.
            for (end, _) in key.match_indices(next.as_str()).filter(|(end, _)| *end > 0) {
                captures.push(&key[..end]);
                if match_from(&segments[1..], &key[end..], captures, budget) {
                    return true;
                }
                captures.pop();
                if *budget == 0 {
                    return false;
                }
            }
            false
        }
        // Adjacent placeholders are rejected by the parser.
        [Segment::Placeholder(_), Segment::Placeholder(_), ..] => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn template(text: &str) -> KeyTemplate {
        KeyTemplate::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn keys_matching_a_template_yield_their_placeholder_values() {
        let cases: &[(&str, &str, Option<&[&str]>)] = &[
            ("USER#{userId}", "USER#usr_1001", Some(&["usr_1001"])),
            (
                "ORDER#{orderDate}#{orderId}",
                "ORDER#2026-07-01#ord_9",
                Some(&["2026-07-01", "ord_9"]),
            ),
            (
                "ORDER#{orderDate}#{orderId}",
                "ORDER#2026-07-01#ord#9",
                Some(&["2026-07-01", "ord#9"]),
            ),
            ("{a}#X", "p#q#X", Some(&["p#q"])),
            ("METADATA", "METADATA", Some(&[])),
            ("METADATA", "METADATA#2", None),
            ("USER#{userId}", "USER#", None),
            ("USER#{userId}", "ORDER#o1", None),
            ("ORDER#{orderDate}#{orderId}", "ORDER#2026-07-01", None),
            ("{tenant}|{id}", "t1|u1", Some(&["t1", "u1"])),
        ];
        for (text, key, expected) in cases {
            let captures = template(text).captures(key);
            assert_eq!(captures.as_deref(), *expected, "{text} vs {key}");
        }
    }

    #[test]
    fn invalid_templates_say_where_and_what_is_wrong() {
        let cases = [
            ("USER#{userId", 5, "unclosed `{`"),
            ("USER#{a#{b}", 5, "unclosed `{`"),
            ("USER#{}", 5, "`{}` is not a placeholder"),
            ("USER#{user id}", 5, "`{user id}` is not a placeholder"),
            ("USER#userId}", 11, "`}` without a matching `{`"),
            ("{a}{b}", 3, "placeholder {b} directly follows another"),
            ("", 0, "cannot be empty"),
        ];
        for (text, offset, message) in cases {
            let error = KeyTemplate::parse(text).expect_err(text);
            assert_eq!(error.offset, offset, "{text}");
            assert!(error.message.contains(message), "{text}: {}", error.message);
        }
    }

    #[test]
    fn key_parts_are_named_by_the_template() {
        let order = template("ORDER#{orderDate}#{orderId}");
        let parts = order.key_parts("ORDER#2026-07-01#ord_9").expect("matches");
        let named: Vec<(Option<&str>, &str)> = parts
            .iter()
            .map(|part| (part.label.as_deref(), part.value))
            .collect();
        assert_eq!(
            named,
            [
                (None, "ORDER"),
                (Some("orderDate"), "2026-07-01"),
                (Some("orderId"), "ord_9")
            ]
        );
        assert!(matches!(parts[1].kind, PartKind::Timestamp(_)));
        assert_eq!(order.literal_prefix(), "ORDER#");
        assert_eq!(
            order.placeholders().collect::<Vec<_>>(),
            ["orderDate", "orderId"]
        );
    }

    #[test]
    fn matching_gives_up_on_pathological_keys_instead_of_running_long() {
        let nested = template("{a}#{b}#{c}#{d}#END");
        let hostile = "#".repeat(2000);
        assert_eq!(nested.captures(&hostile), None);
    }

    proptest! {
        #[test]
        fn matching_never_panics(key in any::<String>(), literal in "[A-Z#|]{0,4}") {
            let text = format!("{literal}{{a}}#{{b}}");
            let template = KeyTemplate::parse(&text).expect("valid template");
            if let Some(captures) = template.captures(&key) {
                prop_assert_eq!(format!("{literal}{}#{}", captures[0], captures[1]), key);
            }
        }
    }
}
