//! One value as a results-table cell shows it (one line, control characters escaped), and the
//! order the table sorts values in.

use std::borrow::Cow;
use std::cmp::Ordering;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use unicode_width::UnicodeWidthStr;

use crate::domain::escape::escape_for_terminal;
use crate::domain::expr::order::compare_scalars;
use crate::domain::value::AttrValue;

/// The cell text of `value`: scalars in full (numbers with every digit, binary as base64),
/// documents and sets as a type and size (`{M 3}`, `[L 2]`, `{SS 4}`); never a control character.
#[must_use]
pub fn cell_text(value: &AttrValue) -> Cow<'_, str> {
    match value {
        AttrValue::S(text) => escape_for_terminal(text),
        AttrValue::N(number) => Cow::Owned(number.to_string()),
        AttrValue::B(bytes) => Cow::Owned(BASE64.encode(bytes)),
        AttrValue::Bool(true) => Cow::Borrowed("true"),
        AttrValue::Bool(false) => Cow::Borrowed("false"),
        AttrValue::Null => Cow::Borrowed("null"),
        AttrValue::M(map) => Cow::Owned(format!("{{M {}}}", map.len())),
        AttrValue::L(list) => Cow::Owned(format!("[L {}]", list.len())),
        AttrValue::Ss(set) => Cow::Owned(format!("{{SS {}}}", set.len())),
        AttrValue::Ns(set) => Cow::Owned(format!("{{NS {}}}", set.len())),
        AttrValue::Bs(set) => Cow::Owned(format!("{{BS {}}}", set.len())),
    }
}

/// Terminal columns `text` takes (CJK and emoji count two).
#[must_use]
pub fn display_width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// DynamoDB's order for one column's values: S by UTF-8 bytes, N numerically, B by unsigned
/// bytes; booleans false before true; values of different types grouped by type; documents and
/// sets compare equal (a stable sort keeps them in result order).
#[must_use]
pub fn value_order(a: &AttrValue, b: &AttrValue) -> Ordering {
    if let Some(order) = compare_scalars(a, b) {
        return order;
    }
    match (a, b) {
        (AttrValue::Bool(a), AttrValue::Bool(b)) => a.cmp(b),
        _ => type_rank(a).cmp(&type_rank(b)),
    }
}

fn type_rank(value: &AttrValue) -> u8 {
    match value {
        AttrValue::S(_) => 0,
        AttrValue::N(_) => 1,
        AttrValue::B(_) => 2,
        AttrValue::Bool(_) => 3,
        AttrValue::Null => 4,
        AttrValue::M(_) => 5,
        AttrValue::L(_) => 6,
        AttrValue::Ss(_) => 7,
        AttrValue::Ns(_) => 8,
        AttrValue::Bs(_) => 9,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::domain::number::Number;

    fn n(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("test number"))
    }

    #[test]
    fn cells_are_one_line_with_every_digit_and_no_control_character() {
        let cases = [
            (AttrValue::s("a\u{1b}[2Jb\nc"), "a\\x1b[2Jb\\nc"),
            (
                n("12345678901234567890123456789012345678"),
                "12345678901234567890123456789012345678",
            ),
            (AttrValue::B(vec![0, 255]), "AP8="),
            (AttrValue::Bool(false), "false"),
            (AttrValue::Null, "null"),
            (AttrValue::M(BTreeMap::new()), "{M 0}"),
            (
                AttrValue::L(vec![AttrValue::Null, AttrValue::Null]),
                "[L 2]",
            ),
            (AttrValue::s(""), ""),
        ];
        for (value, expected) in cases {
            assert_eq!(cell_text(&value), expected);
        }
    }

    #[test]
    fn values_sort_in_dynamodb_order_and_by_type_across_types() {
        assert_eq!(value_order(&n("9"), &n("10")), Ordering::Less);
        assert_eq!(
            value_order(&AttrValue::s("a"), &AttrValue::s("B")),
            Ordering::Greater
        );
        assert_eq!(
            value_order(&AttrValue::Bool(false), &AttrValue::Bool(true)),
            Ordering::Less
        );
        assert_eq!(value_order(&AttrValue::s("z"), &n("1")), Ordering::Less);
        assert_eq!(
            value_order(&AttrValue::Null, &AttrValue::Null),
            Ordering::Equal
        );
    }
}
