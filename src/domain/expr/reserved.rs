//! DynamoDB's reserved words, embedded at build time from the service's published list.

use std::sync::OnceLock;

const LIST: &str = include_str!("reserved-words.txt");

/// Longest reserved word, in bytes.
const LONGEST: usize = 14;

/// Words bucketed by first letter and length, so a lookup compares against a handful of words;
/// each word is kept packed into one integer, so each comparison is one instruction.
struct Table {
    buckets: Vec<Vec<u128>>,
    count: usize,
}

/// `word` upper-cased and packed into an integer: at most [`LONGEST`] bytes, which fit in 16.
fn packed(word: &[u8]) -> u128 {
    let mut bytes = [0u8; 16];
    for (slot, byte) in bytes.iter_mut().zip(word) {
        *slot = byte.to_ascii_uppercase();
    }
    u128::from_le_bytes(bytes)
}

fn bucket_of(first: u8, len: usize) -> usize {
    usize::from(first - b'A') * (LONGEST + 1) + len
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut buckets = vec![Vec::new(); 26 * (LONGEST + 1)];
        let mut count = 0;
        let words = LIST
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'));
        for word in words {
            // The list holds only upper-case ASCII words of at most LONGEST bytes.
            if let Some(&first) = word.as_bytes().first()
                && first.is_ascii_uppercase()
                && word.len() <= LONGEST
                && word.bytes().all(|b| b.is_ascii_uppercase())
            {
                let bucket = &mut buckets[bucket_of(first, word.len())];
                let word = packed(word.as_bytes());
                if !bucket.contains(&word) {
                    bucket.push(word);
                    count += 1;
                }
            }
        }
        Table { buckets, count }
    })
}

/// True when `word` is reserved (case-insensitively, as the service matches).
#[must_use]
pub fn is_reserved(word: &str) -> bool {
    // Called for every bare name the parser meets, so it allocates nothing. Reserved words are
    // letters only: names with digits or `_` (`GSI1PK`, `order_id`) are rejected at once.
    let bytes = word.as_bytes();
    if bytes.is_empty() || bytes.len() > LONGEST || !bytes.iter().all(u8::is_ascii_alphabetic) {
        return false;
    }
    let first = bytes[0].to_ascii_uppercase();
    table().buckets[bucket_of(first, bytes.len())].contains(&packed(bytes))
}

/// Number of reserved words in the embedded list.
#[must_use]
pub fn reserved_word_count() -> usize {
    table().count
}

/// True when `name` may appear bare in an expression: a letter, then letters, digits or `_`,
/// and not a reserved word. Anything else needs a `#name` placeholder.
#[must_use]
pub fn is_bare_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        && !is_reserved(name)
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
