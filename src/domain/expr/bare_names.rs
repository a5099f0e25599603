//! Bare words that may have been meant as values: in `status = PENDING` DynamoDB reads `PENDING`
//! as an attribute name, which matches nothing when no item has such an attribute. Those are the
//! top-level names on the value side of a comparison, of `BETWEEN`'s bounds and of `IN`'s
//! candidates; whether any item has them is for the caller to tell.

use std::borrow::Borrow;

use super::ast::{Condition, Operand};
use super::{ExprKind, ExpressionParams, parse_friendly_condition};
use crate::domain::value::{AttrValue, Item};

/// The bare words in value positions of the filter `text` (friendly syntax); none when it does
/// not parse, because then the filter's own error is what to show.
#[must_use]
pub fn filter_bare_words(text: &str) -> Vec<String> {
    parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
        .map(|condition| names_in_value_positions(&condition))
        .unwrap_or_default()
}

/// The bare words of the filter `text` that were most likely meant as values: no item in
/// `seen` has an attribute of that name, and some item has it as a string value, so the quoted
/// word would match where the bare one matches nothing.
#[must_use]
pub fn suspect_bare_words<I>(text: &str, seen: I) -> Vec<String>
where
    I: Iterator + Clone,
    I::Item: Borrow<Item>,
{
    filter_bare_words(text)
        .into_iter()
        .filter(|word| {
            let mut items = seen.clone();
            !items.any(|item| item.borrow().contains_key(word))
                && seen.clone().any(|item| {
                    item.borrow()
                        .values()
                        .any(|value| matches!(value, AttrValue::S(text) if text == word))
                })
        })
        .collect()
}

/// `"PENDING"`: the word as a string literal of the filter syntax, quotes and backslashes
/// escaped, for a `did you mean` hint.
#[must_use]
pub fn quoted(word: &str) -> String {
    serde_json::Value::String(word.to_owned()).to_string()
}

/// The top-level attribute names in value positions of `condition`, in order, without repeats.
#[must_use]
pub fn names_in_value_positions(condition: &Condition) -> Vec<String> {
    let mut names = Vec::new();
    collect(condition, &mut names);
    names
}

fn collect(condition: &Condition, names: &mut Vec<String>) {
    let mut add = |operand: &Operand| {
        if let Operand::Path(path) = operand
            && path.is_top_level()
            && !names.iter().any(|known| known == path.root())
        {
            names.push(path.root().to_owned());
        }
    };
    match condition {
        Condition::Compare { left, right, .. } => {
            if matches!(left, Operand::Path(_)) {
                add(right);
            }
        }
        Condition::Between { low, high, .. } => {
            add(low);
            add(high);
        }
        Condition::In { candidates, .. } => candidates.iter().for_each(add),
        Condition::Function { .. } => {}
        Condition::Not { inner, .. } => collect(inner, names),
        Condition::And { left, right, .. } | Condition::Or { left, right, .. } => {
            collect(left, names);
            collect(right, names);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::expr::{ExprKind, ExpressionParams, parse_friendly_condition};

    fn names(text: &str) -> Vec<String> {
        let condition =
            parse_friendly_condition(ExprKind::Filter, text, &ExpressionParams::default())
                .expect("valid");
        names_in_value_positions(&condition)
    }

    fn item(pairs: &[(&str, &str)]) -> Item {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
            .collect()
    }

    #[test]
    fn a_bare_word_is_suspect_when_no_item_has_it_as_an_attribute_but_one_has_it_as_a_value() {
        let seen = [
            item(&[("status", "PENDING"), ("other", "x")]),
            item(&[("status", "SHIPPED")]),
        ];
        assert_eq!(
            suspect_bare_words("status = PENDING", seen.iter()),
            ["PENDING"]
        );
        assert!(suspect_bare_words(r#"status = "PENDING""#, seen.iter()).is_empty());
        // An attribute of some item: a comparison of two attributes, as DynamoDB means it.
        assert!(suspect_bare_words("status = other", seen.iter()).is_empty());
        // Neither an attribute nor a value seen: nothing says what was meant.
        assert!(suspect_bare_words("status = UNKNOWN", seen.iter()).is_empty());
        assert!(suspect_bare_words("status = (", seen.iter()).is_empty());
        assert_eq!(quoted("a\"b"), r#""a\"b""#);
    }

    #[test]
    fn value_sides_of_comparisons_between_and_in_are_collected() {
        assert_eq!(names("status = PENDING"), ["PENDING"]);
        assert_eq!(names(r#"status = "PENDING""#), Vec::<String>::new());
        assert_eq!(
            names("NOT (a BETWEEN low AND 5) OR b IN (X, \"y\", X)"),
            ["low", "X"]
        );
        assert_eq!(
            names("a.b = c.d AND attribute_exists(e)"),
            Vec::<String>::new()
        );
    }
}
