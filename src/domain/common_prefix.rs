//! The longest prefix several strings share, cut on a character boundary (partition-key
//! completion, key-shape inference).

/// The longest prefix every one of `words` starts with; `None` when there are no words.
#[must_use]
pub fn common_prefix<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut words = words.into_iter();
    let mut common = words.next()?.to_owned();
    for other in words {
        let shared = common
            .char_indices()
            .zip(other.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((index, c), _)| index + c.len_utf8());
        common.truncate(shared);
    }
    Some(common)
}

#[cfg(test)]
mod tests {
    use super::common_prefix;

    #[test]
    fn common_prefix_is_cut_where_the_words_first_differ() {
        let cases: [(&[&str], Option<&str>); 6] = [
            (&[], None),
            (&["USER#usr_1001"], Some("USER#usr_1001")),
            (&["USER#usr_1001", "USER#usr_1002"], Some("USER#usr_100")),
            (&["USER#a", "ORDER#a"], Some("")),
            (&["ab", "abc", "abd"], Some("ab")),
            (&["", "abc"], Some("")),
        ];
        for (words, expected) in cases {
            assert_eq!(
                common_prefix(words.iter().copied()).as_deref(),
                expected,
                "{words:?}"
            );
        }
    }

    #[test]
    fn common_prefix_never_splits_a_multibyte_character() {
        // "é" and "è" share their first UTF-8 byte; the prefix must stop before both.
        assert_eq!(common_prefix(["caé", "caè"]).as_deref(), Some("ca"));
        assert_eq!(common_prefix(["日本語", "日本人"]).as_deref(), Some("日本"));
    }
}
