//! Ordering of scalar values as DynamoDB sorts keys and evaluates `<`, `BETWEEN`, …:
//! S by the bytes of its UTF-8 encoding, N numerically, B by unsigned bytes.

use std::cmp::Ordering;

use crate::domain::value::AttrValue;

/// Compares two values of the same ordered type (S, N or B); `None` for any other pair, which
/// is how the service treats comparisons across types (they are simply false).
#[must_use]
pub fn compare_scalars(a: &AttrValue, b: &AttrValue) -> Option<Ordering> {
    match (a, b) {
        // `str`'s ordering is the lexicographic order of its UTF-8 bytes.
        (AttrValue::S(a), AttrValue::S(b)) => Some(a.as_bytes().cmp(b.as_bytes())),
        (AttrValue::N(a), AttrValue::N(b)) => Some(a.cmp(b)),
        (AttrValue::B(a), AttrValue::B(b)) => Some(a.cmp(b)),
        _ => None,
    }
}

/// A total order for key values, for sorting an index: same-type values by
/// [`compare_scalars`], otherwise by type (S < N < B < anything else). Within one key attribute
/// the service guarantees a single type, so the fallback only keeps sorting total.
#[must_use]
pub fn key_order(a: &AttrValue, b: &AttrValue) -> Ordering {
    compare_scalars(a, b).unwrap_or_else(|| type_rank(a).cmp(&type_rank(b)))
}

fn type_rank(value: &AttrValue) -> u8 {
    match value {
        AttrValue::S(_) => 0,
        AttrValue::N(_) => 1,
        AttrValue::B(_) => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::number::Number;

    fn n(text: &str) -> AttrValue {
        AttrValue::N(Number::parse(text).expect("test number"))
    }

    #[test]
    fn strings_order_by_utf8_bytes_not_by_letters() {
        let cases = [
            ("a", "A", Ordering::Greater),
            ("¿", "z", Ordering::Greater),
            ("ab", "b", Ordering::Less),
        ];
        for (a, b, expected) in cases {
            assert_eq!(
                compare_scalars(&AttrValue::s(a), &AttrValue::s(b)),
                Some(expected),
                "{a} vs {b}"
            );
        }
    }

    #[test]
    fn numbers_order_numerically_not_textually() {
        assert_eq!(compare_scalars(&n("9"), &n("10")), Some(Ordering::Less));
        assert_eq!(compare_scalars(&n("-1"), &n("-0.5")), Some(Ordering::Less));
        assert_eq!(compare_scalars(&n("1.0"), &n("1")), Some(Ordering::Equal));
    }

    #[test]
    fn binary_orders_by_unsigned_bytes() {
        assert_eq!(
            compare_scalars(&AttrValue::B(vec![128]), &AttrValue::B(vec![127])),
            Some(Ordering::Greater)
        );
    }

    #[test]
    fn values_of_different_types_do_not_compare() {
        assert_eq!(compare_scalars(&AttrValue::s("1"), &n("1")), None);
        assert_eq!(
            compare_scalars(&AttrValue::Bool(true), &AttrValue::Bool(false)),
            None
        );
        assert_eq!(key_order(&AttrValue::s("z"), &n("1")), Ordering::Less);
    }
}
