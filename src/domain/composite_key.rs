//! Splitting single-table composite keys into labelled parts.
//!
//! `STATUS#PENDING#DATE#2026-07-18` reads as label/value pairs (status=PENDING, date=2026-07-18)
//! because every label position holds an UPPER word; `ORDER#2026-07-01#ord_9` reads positionally
//! (ORDER, 2026-07-01, ord_9). `#` is the separator almost every design uses; `|` and `:` are
//! accepted only when no `#` is present, and `:` only when the key does not read as one timestamp or
//! URL and starts with a word — a colon inside `2026-07-18T10:00:00Z` is not a separator.

use std::borrow::Cow;

use super::timestamp::{Timestamp, recognise_timestamp_text};

/// The character that separates the parts of a composite key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    Hash,
    Pipe,
    Colon,
}

impl Separator {
    #[must_use]
    pub const fn as_char(self) -> char {
        match self {
            Self::Hash => '#',
            Self::Pipe => '|',
            Self::Colon => ':',
        }
    }
}

/// What a part of a key looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// An UPPER constant such as `ORDER`, `METADATA`, `PENDING`.
    Word,
    Timestamp(Timestamp),
    /// Anything else: an ID, a name, a number.
    Value,
}

/// One part of a composite key, borrowed from the key text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPart<'a> {
    /// `status` for `STATUS#PENDING`, a model template's name (`orderId`), or `None` when positional.
    pub label: Option<Cow<'a, str>>,
    pub value: &'a str,
    pub kind: PartKind,
}

/// A key split into its parts; a key without a separator is one part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompositeKey<'a> {
    pub separator: Option<Separator>,
    pub parts: Vec<KeyPart<'a>>,
}

/// `ORDER`, `STATUS`, `GSI1`, `ORDER_ITEM`: an ASCII upper-case letter, then upper-case letters,
/// digits or underscores.
#[must_use]
pub fn is_upper_word(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_uppercase())
        && bytes.all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The separator `key` uses, if any (see the module doc for the conservative rules).
#[must_use]
pub fn separator_of(key: &str) -> Option<Separator> {
    if key.contains('#') {
        Some(Separator::Hash)
    } else if key.contains('|') {
        Some(Separator::Pipe)
    } else if colon_separates(key) {
        Some(Separator::Colon)
    } else {
        None
    }
}

fn colon_separates(key: &str) -> bool {
    let Some((first, _)) = key.split_once(':') else {
        return false;
    };
    let word_like = first
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        && first
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'$'));
    word_like
        && !key.contains("::")
        && !key.contains("://")
        && !key.ends_with(':')
        && recognise_timestamp_text(key).is_none()
}

/// Whether a first key part reads as a label (`USER`, `order`, `GSI1`, `$shop`, `_schema`) rather
/// than a value: it starts with a letter, `$`, `_` or `@` and holds at most two digits. IDs, UUIDs
/// and dates fail, so keys that start with one do not each become a group of their own.
#[must_use]
pub fn looks_like_label(part: &str) -> bool {
    let starts_well = part
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || matches!(c, '$' | '_' | '@'));
    starts_well && part.bytes().filter(u8::is_ascii_digit).count() <= 2
}

/// The first part of a key, used to group items: `USER` for `USER#usr_1001`, `METADATA` for
/// `METADATA`. `None` when the key has no separator and is not an UPPER word (a bare ID, a UUID),
/// or when its first part is not a label (empty, an ID, a date).
#[must_use]
pub fn key_prefix(key: &str) -> Option<&str> {
    let prefix = match separator_of(key) {
        Some(separator) => key.split(separator.as_char()).next().unwrap_or(key),
        None if is_upper_word(key) => key,
        None => return None,
    };
    looks_like_label(prefix).then_some(prefix)
}

/// The key's parts, without labels or classification; a colon-separated key keeps an embedded
/// timestamp (`EVENT:2026-07-18T10:00:00Z:evt_1`) whole.
#[must_use]
pub fn key_tokens(key: &str) -> (Option<Separator>, Vec<&str>) {
    let Some(separator) = separator_of(key) else {
        return (None, vec![key]);
    };
    let tokens: Vec<&str> = key.split(separator.as_char()).collect();
    if separator == Separator::Colon {
        return (Some(separator), merge_colon_timestamps(key, &tokens));
    }
    (Some(separator), tokens)
}

/// Rejoins runs of colon-split tokens that together form a timestamp, longest run first.
fn merge_colon_timestamps<'a>(key: &'a str, tokens: &[&'a str]) -> Vec<&'a str> {
    let offsets: Vec<usize> = tokens
        .iter()
        .scan(0, |offset, token| {
            let start = *offset;
            *offset += token.len() + 1;
            Some(start)
        })
        .collect();
    let mut merged = Vec::with_capacity(tokens.len());
    let mut index = 0;
    while index < tokens.len() {
        let start = offsets[index];
        // `2026-07-18T10:00:00+02:00` spans at most four colons; bounding the run keeps hostile
        // keys with thousands of colons linear.
        let furthest = (index + 4).min(tokens.len() - 1);
        let longest = (index + 1..=furthest).rev().find_map(|last| {
            let end = offsets[last] + tokens[last].len();
            let run = &key[start..end];
            recognise_timestamp_text(run).map(|_| (last, run))
        });
        match longest {
            Some((last, run)) => {
                merged.push(run);
                index = last + 1;
            }
            None => {
                merged.push(tokens[index]);
                index += 1;
            }
        }
    }
    merged
}

/// Classifies one part.
#[must_use]
pub fn classify_part(value: &str) -> PartKind {
    if let Some(timestamp) = recognise_timestamp_text(value) {
        PartKind::Timestamp(timestamp)
    } else if is_upper_word(value) {
        PartKind::Word
    } else {
        PartKind::Value
    }
}

/// The label that names a partition key's entity: the deepest label/value pair whose value
/// identifies something, so `TENANT#acme#TICKET#tkt_1` (a ticket's partition, inside a tenant)
/// names `TICKET` and `USER#u1#STATUS#ACTIVE` (a state, not a child) names `USER`. Keys that are
/// not label/value pairs throughout fall back to [`key_prefix`]. Allocation-free: it runs for
/// every scanned item.
#[must_use]
pub fn entity_label(key: &str) -> Option<&str> {
    let paired = separator_of(key)
        .filter(|separator| *separator != Separator::Colon)
        .and_then(|separator| deepest_identified_label(key, separator.as_char()));
    paired.or_else(|| key_prefix(key))
}

fn deepest_identified_label(key: &str, separator: char) -> Option<&str> {
    let mut parts = key.split(separator);
    let mut deepest = None;
    while let Some(label) = parts.next() {
        let value = parts.next()?;
        if !is_upper_word(label) {
            return None;
        }
        if !value.is_empty() && !is_upper_word(value) {
            deepest = Some(label);
        }
    }
    deepest
}

/// Splits `key` into labelled (pairs of UPPER label and value) or positional parts.
#[must_use]
pub fn split_key(key: &str) -> CompositeKey<'_> {
    let (separator, tokens) = key_tokens(key);
    let labelled = separator.is_some()
        && tokens.len() % 2 == 0
        && tokens.iter().step_by(2).all(|label| is_upper_word(label));
    let parts = if labelled {
        tokens
            .chunks_exact(2)
            .map(|pair| KeyPart {
                label: Some(Cow::Owned(pair[0].to_ascii_lowercase())),
                value: pair[1],
                kind: classify_part(pair[1]),
            })
            .collect()
    } else {
        tokens
            .into_iter()
            .map(|value| KeyPart {
                label: None,
                value,
                kind: classify_part(value),
            })
            .collect()
    };
    CompositeKey { separator, parts }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A part rendered compactly for table-driven expectations: `label=value` or `value`, with `@`
    /// after a timestamp and `!` after an UPPER word.
    fn summary(key: &CompositeKey<'_>) -> Vec<String> {
        key.parts
            .iter()
            .map(|part| {
                let mark = match part.kind {
                    PartKind::Word => "!",
                    PartKind::Timestamp(_) => "@",
                    PartKind::Value => "",
                };
                match &part.label {
                    Some(label) => format!("{label}={}{mark}", part.value),
                    None => format!("{}{mark}", part.value),
                }
            })
            .collect()
    }

    #[test]
    fn keys_split_into_labelled_or_positional_parts() {
        let cases: &[(&str, &[&str])] = &[
            (
                "STATUS#PENDING#DATE#2026-07-18",
                &["status=PENDING!", "date=2026-07-18@"],
            ),
            (
                "ORDER#2026-07-01#ord_9",
                &["ORDER!", "2026-07-01@", "ord_9"],
            ),
            ("USER#usr_1001", &["user=usr_1001"]),
            ("METADATA", &["METADATA!"]),
            ("usr_1001", &["usr_1001"]),
            ("ORDER_ITEM#ord_9#ITEM#3", &["order_item=ord_9", "item=3"]),
            ("Order#ord_9", &["Order", "ord_9"]),
            ("EVENT#1752832800", &["event=1752832800@"]),
            ("USER#", &["user="]),
            ("#META", &["", "META!"]),
            ("A#B#c", &["A!", "B!", "c"]),
            ("USER|usr_1|PROFILE", &["USER!", "usr_1", "PROFILE!"]),
            ("user:123", &["user", "123"]),
            ("_schema:Current", &["_schema", "Current"]),
            (
                "EVENT:2026-07-18T10:00:00Z:evt_1",
                &["EVENT!", "2026-07-18T10:00:00Z@", "evt_1"],
            ),
            ("TENANT:t1:USER:u1", &["tenant=t1", "user=u1"]),
            ("USER#a:b", &["user=a:b"]),
            ("USER#a|b", &["user=a|b"]),
        ];
        for (key, expected) in cases {
            assert_eq!(summary(&split_key(key)), *expected, "{key}");
        }
    }

    #[test]
    fn colons_that_are_not_separators_leave_the_key_whole() {
        for key in [
            "2026-07-18T10:00:00Z",
            "https://example.com/a",
            "arn:aws::x",
            "12:30",
            "trailing:",
            ":leading",
            "ns::Type",
            "a b:c",
        ] {
            let split = split_key(key);
            assert_eq!(split.separator, None, "{key}");
            assert_eq!(split.parts.len(), 1, "{key}");
            assert_eq!(split.parts[0].value, key);
        }
    }

    #[test]
    fn pipe_is_used_only_when_no_hash_is_present() {
        assert_eq!(separator_of("A|B"), Some(Separator::Pipe));
        assert_eq!(separator_of("A#B|C"), Some(Separator::Hash));
        assert_eq!(separator_of("A|B:C"), Some(Separator::Pipe));
        assert_eq!(separator_of("AB"), None);
    }

    #[test]
    fn prefixes_name_the_first_part_or_a_bare_upper_word() {
        let cases = [
            ("USER#usr_1001", Some("USER")),
            ("ORDER#2026-07-01#ord_9", Some("ORDER")),
            ("METADATA", Some("METADATA")),
            ("$shop#userid_1", Some("$shop")),
            ("user:123", Some("user")),
            ("usr_1001", None),
            ("6f1c2d3e-0000-4000-8000-000000000000", None),
            ("#orphan", None),
            ("", None),
            ("2026-07-18T10:00:00Z", None),
            ("2026-07-01#ord_9", None),
            ("usr_1001#PROFILE", None),
            ("550e8400-e29b-41d4-a716-446655440000#x", None),
            ("e29b41d4-a716-4466-5544-0000deadbeef|x", None),
            ("GSI1#x", Some("GSI1")),
            ("_schema:Current", Some("_schema")),
            ("@type|x", Some("@type")),
            ("注文#1", Some("注文")),
        ];
        for (key, prefix) in cases {
            assert_eq!(key_prefix(key), prefix, "{key}");
        }
    }

    #[test]
    fn upper_words_start_with_a_capital_and_hold_no_lower_case() {
        for word in ["ORDER", "GSI1", "ORDER_ITEM", "A"] {
            assert!(is_upper_word(word), "{word}");
        }
        for word in ["", "Order", "1ST", "_X", "ORDER-ITEM", "ÜBER"] {
            assert!(!is_upper_word(word), "{word}");
        }
    }

    #[test]
    fn the_entity_label_is_the_deepest_pair_that_holds_an_identifier() {
        let cases = [
            ("TENANT#acme#TICKET#tkt_00001", Some("TICKET")),
            ("TENANT#acme", Some("TENANT")),
            ("USER#u1#STATUS#ACTIVE", Some("USER")),
            ("ORG|o1|TEAM|t9", Some("TEAM")),
            ("TENANT#acme#TICKET#", Some("TENANT")),
            ("TENANT#acme#TICKET", Some("TENANT")),
            ("Tenant#acme#TICKET#t1", Some("Tenant")),
            ("user:123", Some("user")),
            ("usr_1001", None),
        ];
        for (key, expected) in cases {
            assert_eq!(entity_label(key), expected, "{key}");
        }
    }

    proptest! {
        #[test]
        fn splitting_never_panics_and_parts_rejoin_to_the_key(key in any::<String>()) {
            let split = split_key(&key);
            let prefix = key_prefix(&key);
            if let Some(prefix) = prefix {
                prop_assert!(key.starts_with(prefix));
            }
            if let Some(label) = entity_label(&key) {
                prop_assert!(key.contains(label));
            }
            let (separator, tokens) = key_tokens(&key);
            let joined = match separator {
                Some(separator) => tokens.join(&separator.as_char().to_string()),
                None => tokens.concat(),
            };
            prop_assert_eq!(joined, key.clone());
            prop_assert!(!split.parts.is_empty());
        }

        #[test]
        fn key_shaped_text_never_panics(key in "[A-Za-z0-9_#|:.+ -]{0,40}") {
            let _ = split_key(&key);
            let _ = key_prefix(&key);
        }
    }
}
