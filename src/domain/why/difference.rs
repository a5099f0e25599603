//! Where two key strings part: the first character at which an item's value and a condition's
//! value differ, which is usually all a reader needs to see why `ORDER#2026-06-30#…` is not
//! `begins_with "ORDER#2026-07"`.

/// Where `value` first differs from `wanted`, counted in characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Same text.
    None,
    /// At `at`, `value` has `found` where `wanted` has `expected`.
    At {
        at: usize,
        found: char,
        expected: char,
    },
    /// `value` is `wanted` followed by more characters, starting at `at`.
    Longer { at: usize },
    /// `value` stops at character `at - 1`, where `wanted` goes on.
    Shorter { at: usize },
}

#[must_use]
pub fn first_difference(value: &str, wanted: &str) -> Difference {
    let mut found = value.chars();
    let mut expected = wanted.chars();
    let mut at = 1;
    loop {
        match (found.next(), expected.next()) {
            (None, None) => return Difference::None,
            (Some(_), None) => return Difference::Longer { at },
            (None, Some(_)) => return Difference::Shorter { at },
            (Some(f), Some(e)) if f != e => {
                return Difference::At {
                    at,
                    found: f,
                    expected: e,
                };
            }
            _ => at += 1,
        }
    }
}

/// `they differ at character 13: '6' where "ORDER#2026-07" has '7'`, for an explanation line.
#[must_use]
pub fn difference_text(value: &str, wanted: &str) -> String {
    let quoted = serde_json::Value::String(wanted.to_owned());
    match first_difference(value, wanted) {
        Difference::None => "they are the same".to_owned(),
        Difference::At {
            at,
            found,
            expected,
        } => format!("they differ at character {at}: {found:?} where {quoted} has {expected:?}"),
        Difference::Longer { at } => {
            format!("it starts with {quoted} and goes on from character {at}")
        }
        Difference::Shorter { at } => {
            format!("it ends after character {}, where {quoted} goes on", at - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_first_differing_character_is_named_with_both_sides() {
        assert_eq!(
            first_difference("ORDER#2026-06-30#ord_1", "ORDER#2026-07"),
            Difference::At {
                at: 13,
                found: '6',
                expected: '7'
            }
        );
        assert_eq!(
            difference_text("ORDER#2026-06-30#ord_1", "ORDER#2026-07"),
            r#"they differ at character 13: '6' where "ORDER#2026-07" has '7'"#
        );
        assert_eq!(
            first_difference("ORDER#2026-06-30#x", "ORDER#2026-06-30"),
            Difference::Longer { at: 17 }
        );
        assert_eq!(
            first_difference("ORDER", "ORDER#"),
            Difference::Shorter { at: 6 }
        );
    }

    #[test]
    fn characters_are_counted_not_bytes() {
        assert_eq!(
            first_difference("café#1", "café#2"),
            Difference::At {
                at: 6,
                found: '1',
                expected: '2'
            }
        );
    }

    proptest! {
        #[test]
        fn a_difference_is_none_exactly_when_the_texts_are_equal(a in ".{0,12}", b in ".{0,12}") {
            prop_assert_eq!(first_difference(&a, &b) == Difference::None, a == b);
            let _ = difference_text(&a, &b);
        }
    }
}
