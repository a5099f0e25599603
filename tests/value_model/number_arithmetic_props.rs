//! `checked_add` / `checked_sub` against exact integer references.

use ddbx::domain::number::{Number, NumberError};
use proptest::prelude::*;

use crate::number_props::{decimal, integer_38, shift};
use crate::values;

fn parse(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

/// The exact sum of two integers of at most 38 digits as (negative, magnitude). The magnitude
/// is below 2 × 10^38, which a `u128` holds even where an `i128` would overflow.
fn exact_sum(left: i128, right: i128) -> (bool, u128) {
    if (left < 0) == (right < 0) {
        (left < 0, left.unsigned_abs() + right.unsigned_abs())
    } else {
        let sum = left + right;
        (sum < 0, sum.unsigned_abs())
    }
}

/// Significant digits of an integer: its digits without trailing zeros.
fn significant_digits(magnitude: u128) -> usize {
    magnitude.to_string().trim_end_matches('0').len()
}

/// Two numbers whose exponents are close, so their sum is always exact within 38 digits.
fn nearby_pair() -> impl Strategy<Value = (Number, Number)> {
    (
        any::<bool>(),
        "[1-9]([0-9]{0,16}[1-9])?",
        any::<bool>(),
        "[1-9]([0-9]{0,16}[1-9])?",
        -100i32..=100,
        -18i32..=18,
    )
        .prop_map(|(neg_a, digits_a, neg_b, digits_b, exponent, delta)| {
            let sign = |negative: bool| if negative { "-" } else { "" };
            (
                parse(&format!("{}0.{digits_a}e{exponent}", sign(neg_a))),
                parse(&format!("{}0.{digits_b}e{}", sign(neg_b), exponent + delta)),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn integer_sums_match_exact_arithmetic_or_overflow_past_38_digits(
        left in integer_38(),
        right in integer_38(),
    ) {
        let (a, b) = (parse(&left.to_string()), parse(&right.to_string()));
        let (negative, magnitude) = exact_sum(left, right);
        let actual = a.checked_add(&b);
        if significant_digits(magnitude) <= 38 {
            let sign = if negative && magnitude != 0 { "-" } else { "" };
            prop_assert_eq!(actual, Ok(parse(&format!("{sign}{magnitude}"))));
        } else {
            // The service reports an inexact sum as an overflow.
            prop_assert_eq!(actual, Err(NumberError::Overflow));
        }
        let difference = a.checked_sub(&b);
        let (negative, magnitude) = exact_sum(left, -right);
        if significant_digits(magnitude) <= 38 {
            let sign = if negative && magnitude != 0 { "-" } else { "" };
            prop_assert_eq!(difference, Ok(parse(&format!("{sign}{magnitude}"))));
        } else {
            prop_assert_eq!(difference, Err(NumberError::Overflow));
        }
    }

    #[test]
    fn decimal_sums_match_exact_scaled_arithmetic(
        left in decimal(),
        right in decimal(),
        shift in shift(),
    ) {
        let scale = left.scale.max(right.scale);
        let exact = left.at_scale(scale) + right.at_scale(scale);
        let exponent = shift - i32::try_from(scale).expect("scale is at most 18");
        let expected = parse(&format!("{exact}e{exponent}"));
        let (a, b) = (left.to_number(shift), right.to_number(shift));
        prop_assert_eq!(a.checked_add(&b), Ok(expected.clone()));
        prop_assert_eq!(expected.checked_sub(&b), Ok(a));
    }

    #[test]
    fn adding_then_subtracting_gives_back_the_original((a, b) in nearby_pair()) {
        let sum = a.checked_add(&b);
        prop_assert!(sum.is_ok(), "{:?} + {:?} = {:?}", a, b, sum);
        let sum = sum.unwrap_or_else(|_| Number::zero());
        prop_assert_eq!(sum.checked_sub(&b), Ok(a.clone()));
        prop_assert_eq!(sum.checked_sub(&a), Ok(b.clone()));
        prop_assert_eq!(b.checked_add(&a), Ok(sum));
    }

    #[test]
    fn any_defined_sum_can_be_undone_over_the_whole_range(
        a in values::number(),
        b in values::number(),
    ) {
        let sum = a.checked_add(&b);
        prop_assert_eq!(&sum, &b.checked_add(&a));
        if let Ok(sum) = sum {
            prop_assert_eq!(sum.checked_sub(&b), Ok(a.clone()));
        } else {
            let error = sum.err();
            prop_assert!(matches!(error, Some(NumberError::Overflow | NumberError::Underflow)), "{:?}", error);
        }
        prop_assert_eq!(a.checked_add(&a.negated()), Ok(Number::zero()));
        prop_assert_eq!(a.checked_sub(&a), Ok(Number::zero()));
        prop_assert_eq!(a.checked_add(&Number::zero()), Ok(a.clone()));
    }
}
