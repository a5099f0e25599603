//! Parsing, printing and ordering of `Number`, checked against integer references.

use std::cmp::Ordering;

use ddbx::domain::number::{Number, NumberError};
use proptest::prelude::*;

use crate::values;

/// Largest magnitude with 38 digits: 10^38 - 1.
pub const MAX_38_DIGITS: i128 = 99_999_999_999_999_999_999_999_999_999_999_999_999;

fn parse(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

/// A decimal `mantissa × 10^(shift - scale)`: mantissas up to 18 digits, so two values brought
/// to a common scale still fit an `i128` exactly.
#[derive(Clone, Debug)]
pub struct Decimal {
    pub mantissa: i64,
    pub scale: u32,
}

impl Decimal {
    /// The mantissa at `scale` (≥ `self.scale`).
    pub fn at_scale(&self, scale: u32) -> i128 {
        i128::from(self.mantissa) * 10i128.pow(scale - self.scale)
    }

    pub fn to_number(&self, shift: i32) -> Number {
        let exponent = shift - i32::try_from(self.scale).expect("scale is at most 18");
        parse(&format!("{}e{exponent}", self.mantissa))
    }
}

pub fn decimal() -> impl Strategy<Value = Decimal> {
    (
        prop_oneof![
            -999_999_999_999_999_999i64..=999_999_999_999_999_999,
            -1000i64..1000,
        ],
        0u32..=18,
    )
        .prop_map(|(mantissa, scale)| Decimal { mantissa, scale })
}

/// A common power of ten applied to both sides; it moves values across the whole range without
/// changing how they compare.
pub fn shift() -> impl Strategy<Value = i32> {
    -100i32..=100
}

pub fn integer_38() -> impl Strategy<Value = i128> {
    prop_oneof![
        -MAX_38_DIGITS..=MAX_38_DIGITS,
        -1_000_000i128..1_000_000,
        // Many trailing zeros: few significant digits, large magnitude.
        (-9i128..=9, 20u32..=37).prop_map(|(digit, power)| digit * 10i128.pow(power)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn printing_then_parsing_gives_back_the_same_number(number in values::number()) {
        let text = number.to_string();
        prop_assert_eq!(Number::parse(&text), Ok(number.clone()));
        // Plain decimal as the service prints it: no exponent, no redundant zeros or sign.
        let plain = regex_lite_plain_decimal(&text);
        prop_assert!(plain, "{} is not in normalised plain decimal form", text);
    }

    #[test]
    fn every_spelling_of_a_value_parses_to_the_same_number(
        mantissa in 1i64..=999_999_999_999,
        negative in any::<bool>(),
        exponent in -100i32..=100,
        leading_zeros in 0usize..4,
        trailing_zeros in 0usize..4,
    ) {
        let sign = if negative { "-" } else { "" };
        let reference = parse(&format!("{sign}{mantissa}e{exponent}"));
        let zeros = |count: usize| "0".repeat(count);
        let padded_exponent = exponent - i32::try_from(trailing_zeros).unwrap_or(0);
        let spellings = [
            format!("{sign}{}{mantissa}{}E{padded_exponent}", zeros(leading_zeros), zeros(trailing_zeros)),
            format!("{sign}{mantissa}.{}e{exponent:+}", zeros(trailing_zeros)),
            format!("{sign}0.{mantissa}e{}", exponent + mantissa.to_string().len() as i32),
            format!("{}{mantissa}e{exponent}", if negative { "-" } else { "+" }),
        ];
        for spelling in spellings {
            prop_assert_eq!(Number::parse(&spelling), Ok(reference.clone()), "{}", spelling);
        }
    }

    #[test]
    fn integers_print_and_order_like_i128(left in integer_38(), right in integer_38()) {
        let (a, b) = (parse(&left.to_string()), parse(&right.to_string()));
        prop_assert_eq!(a.to_string(), left.to_string());
        prop_assert_eq!(a.to_i128(), Some(left));
        prop_assert_eq!(a.cmp(&b), left.cmp(&right));
        prop_assert_eq!(a == b, left == right);
    }

    #[test]
    fn decimals_order_like_their_exact_scaled_values(
        left in decimal(),
        right in decimal(),
        shift in shift(),
    ) {
        let scale = left.scale.max(right.scale);
        let expected = left.at_scale(scale).cmp(&right.at_scale(scale));
        let (a, b) = (left.to_number(shift), right.to_number(shift));
        prop_assert_eq!(a.cmp(&b), expected, "{:?} vs {:?}", a, b);
        prop_assert_eq!(a == b, expected == Ordering::Equal);
    }

    #[test]
    fn ordering_is_a_total_order_over_the_whole_range(
        a in values::number(),
        b in values::number(),
        c in values::number(),
    ) {
        prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
        if a <= b && b <= c {
            prop_assert!(a <= c);
        }
        prop_assert_eq!(a.cmp(&b) == Ordering::Equal, a == b);
        prop_assert_eq!(a.negated().cmp(&b.negated()), b.cmp(&a));
    }

    #[test]
    fn parsing_never_panics_on_any_text(text in any::<String>()) {
        if let Ok(number) = Number::parse(&text) {
            prop_assert_eq!(Number::parse(&number.to_string()), Ok(number));
        }
    }

    #[test]
    fn number_shaped_text_is_never_called_non_numeric(
        sign in "[+-]?",
        integer in "[0-9]{0,45}",
        fraction in proptest::option::of("[0-9]{0,45}"),
        exponent in proptest::option::of("[eE][+-]?[0-9]{1,25}"),
    ) {
        let text = format!("{sign}{integer}{}{}",
            fraction.as_ref().map(|f| format!(".{f}")).unwrap_or_default(),
            exponent.unwrap_or_default());
        let has_digit = !integer.is_empty() || fraction.as_ref().is_some_and(|f| !f.is_empty());
        match Number::parse(&text) {
            Ok(number) => {
                prop_assert!(has_digit, "{} parsed", text);
                prop_assert_eq!(Number::parse(&number.to_string()), Ok(number));
            }
            Err(NumberError::NotNumeric(echo)) => {
                prop_assert!(!has_digit, "{} was called non-numeric", text);
                prop_assert_eq!(echo, text);
            }
            Err(_) => prop_assert!(has_digit),
        }
    }

    #[test]
    fn huge_exponents_overflow_underflow_or_vanish_without_panicking(
        digits in values::significant_digits(),
        exponent in "[1-9][0-9]{3,40}",
        zero in any::<bool>(),
    ) {
        let mantissa = if zero { "0".to_owned() } else { digits };
        let up = Number::parse(&format!("{mantissa}e{exponent}"));
        let down = Number::parse(&format!("{mantissa}e-{exponent}"));
        if zero {
            prop_assert_eq!(up, Ok(Number::zero()));
            prop_assert_eq!(down, Ok(Number::zero()));
        } else {
            prop_assert_eq!(up, Err(NumberError::Overflow));
            prop_assert_eq!(down, Err(NumberError::Underflow));
        }
    }
}

/// `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?`, never `-0`, written out to avoid a regex dependency.
fn regex_lite_plain_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    if text.starts_with('-') && unsigned == "0" {
        return false;
    }
    let (integer, fraction) = match unsigned.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (unsigned, None),
    };
    let integer_ok = integer == "0"
        || (integer.starts_with(|c: char| ('1'..='9').contains(&c))
            && integer.bytes().all(|b| b.is_ascii_digit()));
    let fraction_ok = fraction.is_none_or(|f| {
        !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) && !f.ends_with('0')
    });
    integer_ok && fraction_ok
}
