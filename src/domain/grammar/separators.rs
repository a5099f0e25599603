//! Hand-rolled keys: words and values between a separator. `#`, `|` and `:` follow the
//! composite-key rules ddbx has always used (`:` only when the key is not a timestamp or a URL);
//! `::`, `~` and `/` are read when the key has none of those and starts with a word.
//!
//! Labels are UPPER words (`USER`, `GSI1`) or lower-case words (`user`, `order-item`); ids, numbers
//! and dates are never labels. A key reads as label/value pairs when every label position holds a
//! label (`TENANT#t1#USER#u9`, `user#123`), optionally ending in a marker (`USER#u1#PROFILE`);
//! otherwise its parts are positional.

use super::decode::{Grammar, KeyDecode, Levels, Role, Segment};
use super::values::value_shape;
use crate::domain::composite_key::{is_upper_word, key_tokens, looks_like_label, separator_of};

/// Separators tried, in order, when the key holds no `#`, `|` or separating `:`.
const EXTRA_SEPARATORS: [&str; 3] = ["::", "~", "/"];

/// `key` read as a hand-rolled composite key (one value when it has no separator).
#[must_use]
pub fn decode(key: &str) -> KeyDecode<'_> {
    let Some((separator, tokens)) = tokens(key) else {
        let mut decode = KeyDecode::opaque(key);
        if is_label_word(key) {
            decode.segments[0].role = Role::Marker;
            decode.why = "one constant word";
        }
        return decode;
    };
    let pairs = pair_count(&tokens);
    let mut segments = Vec::with_capacity(tokens.len());
    for pair in tokens[..pairs * 2].chunks_exact(2) {
        segments.push(Segment {
            raw: span(key, pair[0], pair[1]),
            role: Role::Field,
            label: Some(pair[0]),
            value: pair[1],
        });
    }
    for token in &tokens[pairs * 2..] {
        let role = if is_label_word(token) {
            Role::Marker
        } else {
            Role::Value
        };
        segments.push(Segment::whole(token, role));
    }
    let why = match (pairs, separator) {
        (0, _) => "hand-rolled key: positional parts",
        (_, "#") => "hand-rolled key: LABEL#value pairs",
        _ => "hand-rolled key: label/value pairs",
    };
    KeyDecode {
        grammar: Grammar::Separators,
        separator,
        segments,
        service: None,
        collection: None,
        entity: None,
        version: None,
        why,
    }
}

/// The separator and the raw tokens of `key`, or `None` when it has no separator.
fn tokens(key: &str) -> Option<(&'static str, Vec<&str>)> {
    if let Some(separator) = separator_of(key) {
        let (_, tokens) = key_tokens(key);
        let text = match separator.as_char() {
            '#' => "#",
            '|' => "|",
            _ => ":",
        };
        return Some((text, tokens));
    }
    let separator = extra_separator(key)?;
    Some((separator, key.split(separator).collect()))
}

/// `::`, `~` or `/` when the key has one and starts with a label (so paths of ids and URLs stay
/// whole).
fn extra_separator(key: &str) -> Option<&'static str> {
    if key.contains("://") {
        return None;
    }
    EXTRA_SEPARATORS.into_iter().find(|separator| {
        key.split_once(separator)
            .is_some_and(|(first, rest)| !rest.is_empty() && is_label_word(first))
    })
}

/// How many leading tokens pair up as label/value: all of them (an even count whose label
/// positions are labels), all but a trailing marker, or none.
fn pair_count(tokens: &[&str]) -> usize {
    let labels_at_even = |tokens: &[&str]| tokens.iter().step_by(2).all(|t| is_label_word(t));
    let (len, trailing_marker) = (
        tokens.len(),
        tokens.last().is_some_and(|t| is_label_word(t)),
    );
    if len >= 2 && len % 2 == 0 && labels_at_even(tokens) {
        len / 2
    } else if len >= 3 && len % 2 == 1 && trailing_marker && labels_at_even(&tokens[..len - 1]) {
        (len - 1) / 2
    } else {
        0
    }
}

/// `USER`, `GSI1`, `user`, `order-item`: a word, never an id, a number or a date.
#[must_use]
pub fn is_label_word(text: &str) -> bool {
    let lower = text.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || matches!(b, b'_' | b'-'));
    (is_upper_word(text) || lower) && value_shape(text).is_none()
}

/// The key text from the start of `first` to the end of `last` (both sub-slices of `key`).
fn span<'a>(key: &'a str, first: &'a str, last: &'a str) -> &'a str {
    let start = first.as_ptr() as usize - key.as_ptr() as usize;
    let end = last.as_ptr() as usize - key.as_ptr() as usize + last.len();
    &key[start..end]
}

/// The collection levels of a hand-rolled partition key: its prefix, then the label of a second
/// pair when the first is a tenant- or service-like pair (`TENANT#t1#USER#u9` → `TENANT`, `USER`).
#[must_use]
pub fn partition_levels(key: &str) -> Levels<'_> {
    let Some(separator) = separator_of(key) else {
        let first = match extra_separator(key) {
            Some(separator) => key.split(separator).next(),
            None => is_upper_word(key).then_some(key),
        };
        return Levels {
            first,
            second: None,
        };
    };
    let mut tokens = key.split(separator.as_char());
    let first = tokens.next().filter(|first| looks_like_label(first));
    let second = match (first, tokens.next(), tokens.next(), tokens.next()) {
        (Some(_), Some(_), Some(label), Some(_)) => {
            Some(label).filter(|label| is_label_word(label))
        }
        _ => None,
    };
    Levels { first, second }
}
