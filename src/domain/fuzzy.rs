//! Fuzzy filtering for the palette: every character of the typed text must appear in the
//! candidate in order (case-insensitive); matches at word starts and in runs score higher.

/// The score of `candidate` for `needle`, higher is better; `None` when it does not match.
/// An empty needle matches everything with score 0.
#[must_use]
pub fn score(needle: &str, candidate: &str) -> Option<u32> {
    let mut total = 0_u32;
    let mut previous_matched = false;
    let mut previous: Option<char> = None;
    let mut wanted = needle.chars().flat_map(char::to_lowercase).peekable();
    for c in candidate.chars().flat_map(char::to_lowercase) {
        let Some(&next) = wanted.peek() else {
            break;
        };
        if c == next {
            wanted.next();
            let word_start = previous.is_none_or(|p| !p.is_alphanumeric());
            total += 1 + u32::from(word_start) * 3 + u32::from(previous_matched) * 2;
            previous_matched = true;
        } else {
            previous_matched = false;
        }
        previous = Some(c);
    }
    wanted.peek().is_none().then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_must_appear_in_order_ignoring_case() {
        assert!(score("obs", "orders_by_status").is_some());
        assert!(score("OBS", "orders_by_status").is_some());
        assert!(score("sbo", "orders_by_status").is_none());
        assert!(score("ordersx", "orders").is_none());
        assert_eq!(score("", "anything"), Some(0));
    }

    #[test]
    fn word_starts_and_runs_rank_above_scattered_matches() {
        let word_starts = score("obs", "orders_by_status").expect("matches");
        let scattered = score("obs", "jobless").expect("matches");
        assert!(word_starts > scattered, "{word_starts} vs {scattered}");
        let run = score("ord", "by_order").expect("matches");
        let spread = score("ord", "color_wand").expect("matches");
        assert!(run > spread, "{run} vs {spread}");
    }

    proptest::proptest! {
        #[test]
        fn a_candidate_always_matches_itself(text in "\\PC{0,30}") {
            proptest::prop_assert!(score(&text, &text).is_some());
        }
    }
}
