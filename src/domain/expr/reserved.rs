//! DynamoDB's reserved words, embedded at build time from the service's published list.

use std::collections::HashSet;
use std::sync::OnceLock;

const LIST: &str = include_str!("reserved-words.txt");

fn words() -> &'static HashSet<&'static str> {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        LIST.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .collect()
    })
}

/// True when `word` is reserved (case-insensitively, as the service matches).
#[must_use]
pub fn is_reserved(word: &str) -> bool {
    // The longest reserved word has 14 characters; longer words skip the allocation.
    if word.len() > 14 || word.is_empty() {
        return false;
    }
    words().contains(word.to_ascii_uppercase().as_str())
}

/// Number of reserved words in the embedded list.
#[must_use]
pub fn reserved_word_count() -> usize {
    words().len()
}

/// True when `name` may appear bare in an expression: a letter, then letters, digits or `_`,
/// and not a reserved word. Anything else needs a `#name` placeholder.
#[must_use]
pub fn is_bare_name(name: &str) -> bool {
    let mut chars = name.chars();
    let starts_with_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    starts_with_letter && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') && !is_reserved(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_list_holds_all_573_words() {
        assert_eq!(reserved_word_count(), 573);
    }

    #[test]
    fn reserved_words_match_case_insensitively() {
        for word in ["status", "NAME", "Data", "ttl", "and", "between", "size"] {
            assert!(is_reserved(word), "{word}");
        }
        for word in [
            "id",
            "version",
            "PK",
            "SK",
            "GSI1PK",
            "REMOVE",
            "begins_with",
            "timestamps",
        ] {
            assert!(!is_reserved(word), "{word}");
        }
    }

    #[test]
    fn bare_names_start_with_a_letter_and_avoid_reserved_words() {
        assert!(is_bare_name("Alpha_Numeric_123"));
        for name in ["_abc", "123a", "hi-there", "a.b", "status", "", "a b"] {
            assert!(!is_bare_name(name), "{name}");
        }
    }
}
