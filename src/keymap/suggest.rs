//! "Did you mean …?" for misspelled action and section names.

/// The candidate closest to `input` by edit distance, if it is close enough to be a plausible typo.
#[must_use]
pub fn nearest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(input, candidate), candidate))
        .filter(|(distance, candidate)| *distance <= candidate.len().max(input.len()) / 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over characters.
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("cursor_down", "cursor_down"), 0);
        assert_eq!(edit_distance("cursor_dwn", "cursor_down"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn nearest_suggests_a_close_name_and_nothing_for_gibberish() {
        let names = ["cursor_down", "cursor_up", "quit"];
        assert_eq!(nearest("cursor_dwn", names), Some("cursor_down"));
        assert_eq!(nearest("qiut", names), Some("quit"));
        assert_eq!(nearest("zzzzzzzzzzzzzzzzzz", names), None);
    }
}
