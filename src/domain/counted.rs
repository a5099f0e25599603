//! Counts as people read them: digits grouped by thousands, and the noun in the singular for
//! one. Every count shown to a person, in the terminal UI and the headless commands alike, goes
//! through here so that `1 page` and `1,603 partitions` read the same everywhere.

/// `1,234,567`.
#[must_use]
pub fn count(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 item`, `0 items`, `1,603 partitions`: the count and the noun that agrees with it.
/// `plural` is spelled out because English plurals are not all `+s` (`entities`, `prefixes`).
#[must_use]
pub fn counted(value: u64, singular: &str, plural: &str) -> String {
    format!("{} {}", count(value), noun(value, singular, plural))
}

/// The noun alone, for text that prints the count elsewhere.
#[must_use]
pub fn noun<'a>(value: u64, singular: &'a str, plural: &'a str) -> &'a str {
    if value == 1 { singular } else { plural }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_group_thousands() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1_000), "1,000");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn the_noun_is_singular_for_one_only() {
        assert_eq!(counted(1, "page", "pages"), "1 page");
        assert_eq!(counted(0, "page", "pages"), "0 pages");
        assert_eq!(counted(2, "entity", "entities"), "2 entities");
        assert_eq!(
            counted(1_603, "partition", "partitions"),
            "1,603 partitions"
        );
    }
}
