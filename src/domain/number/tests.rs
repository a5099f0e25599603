//! Table-driven checks of `Number` against the service's documented behaviour (SEMANTICS §4).

use std::cmp::Ordering;

use super::{Number, NumberError};

fn number(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

const OVERFLOW: &str =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const UNDERFLOW: &str =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
const TOO_MANY_DIGITS: &str = "Attempting to store more than 38 significant digits in a Number";

#[test]
fn every_spelling_the_service_accepts_parses_to_its_normalised_form() {
    let cases = [
        ("+3", "3"),
        (".123", "0.123"),
        ("0001.23", "1.23"),
        ("1e+5", "100000"),
        ("1E5", "100000"),
        ("-17.4E37", &format!("-174{}", "0".repeat(36))),
        ("0e1000", "0"),
        ("0e-1000", "0"),
        ("1.0", "1"),
        ("-0", "0"),
        ("-0.000", "0"),
        ("+0e5", "0"),
        ("1.", "1"),
        ("100", "100"),
        ("0.050", "0.05"),
        ("-0.005", "-0.005"),
        ("12.34e1", "123.4"),
        ("12.34e-3", "0.01234"),
        ("1e125", &format!("1{}", "0".repeat(125))),
        ("-1e125", &format!("-1{}", "0".repeat(125))),
        ("1e-130", &format!("0.{}1", "0".repeat(129))),
        (
            "123456789012345678901234567890.12345678",
            "123456789012345678901234567890.12345678",
        ),
        // Trailing zeros are not significant, so this 40-character integer has one digit.
        (
            &format!("1{}", "0".repeat(39)),
            &format!("1{}", "0".repeat(39)),
        ),
        // A huge exponent on zero is still zero.
        ("0e99999999999999999999", "0"),
    ];
    for (input, expected) in cases {
        assert_eq!(number(input).to_string(), expected, "input {input:?}");
    }
}

#[test]
fn the_service_examples_of_long_numbers_come_back_in_plain_decimal() {
    let nines = "9".repeat(38);
    let input = format!("0009.{}0000e125", &nines[1..]);
    assert_eq!(
        number(&input).to_string(),
        format!("{nines}{}", "0".repeat(88))
    );
    assert_eq!(
        number("0001.000e-130").to_string(),
        format!("0.{}1", "0".repeat(129))
    );
    let long = "-00001.23456789012345678901234567890123456780";
    assert_eq!(
        number(long).to_string(),
        "-1.2345678901234567890123456789012345678"
    );
}

#[test]
fn texts_that_are_not_numbers_are_rejected_with_the_service_message() {
    let cases = [
        "NaN",
        "nan",
        "Infinity",
        "-Infinity",
        "dog",
        " 1",
        "1 ",
        "\t1",
        "1\n",
        "--1",
        "+-1",
        "-",
        "+",
        ".",
        "e5",
        ".e5",
        "1e",
        "1e+",
        "1e-",
        "1e5.5",
        "1.2.3",
        "1,5",
        "1_000",
        "0x10",
        "١",
        "1e 5",
    ];
    for input in cases {
        let error = Number::parse(input).expect_err(input);
        assert_eq!(error, NumberError::NotNumeric(input.to_owned()));
        assert_eq!(
            error.to_string(),
            format!("The parameter cannot be converted to a numeric value: {input}")
        );
    }
}

#[test]
fn an_empty_text_is_rejected_without_a_trailing_colon() {
    let error = Number::parse("").expect_err("empty text");
    assert_eq!(
        error.to_string(),
        "The parameter cannot be converted to a numeric value"
    );
}

#[test]
fn out_of_range_and_over_precise_numbers_are_rejected_with_the_service_message() {
    let cases = [
        ("1e126", OVERFLOW),
        ("-1e126", OVERFLOW),
        ("10e125", OVERFLOW),
        ("1e99999999999999999999", OVERFLOW),
        ("1e-131", UNDERFLOW),
        ("-1e-131", UNDERFLOW),
        ("0.1e-130", UNDERFLOW),
        ("1e-99999999999999999999", UNDERFLOW),
        ("123456789012345678901234567890123456789", TOO_MANY_DIGITS),
        ("1.23456789012345678901234567890123456789", TOO_MANY_DIGITS),
        (
            "-0.000123456789012345678901234567890123456789",
            TOO_MANY_DIGITS,
        ),
        // The range is checked before the precision, as the service does.
        ("1234567890123456789012345678901234567890e200", OVERFLOW),
        ("1234567890123456789012345678901234567890e-200", UNDERFLOW),
    ];
    for (input, message) in cases {
        let error = Number::parse(input).expect_err(input);
        assert_eq!(error.to_string(), message, "input {input:?}");
    }
}

#[test]
fn the_largest_and_smallest_magnitudes_are_accepted() {
    let largest = format!("9.{}E+125", "9".repeat(37));
    assert_eq!(number(&largest).significant_digits(), 38);
    assert_eq!(number(&format!("-{largest}")).to_string().len(), 1 + 126);
    assert_eq!(number(&"9".repeat(38)).significant_digits(), 38);
    assert!(number("1e-130") > Number::zero());
    assert!(number("-1e-130") < Number::zero());
}

#[test]
fn equal_values_compare_and_hash_equal_whatever_their_spelling() {
    use std::collections::HashSet;
    let spellings = [
        "1", "1.0", "1.000", "+1", "0001", "1e0", "10e-1", "0.1e1", ".1E+1",
    ];
    let set: HashSet<Number> = spellings.iter().map(|text| number(text)).collect();
    assert_eq!(set.len(), 1, "{set:?}");
    assert_eq!(number("-0"), Number::zero());
    assert!(!number("-0").is_negative());
}

#[test]
fn ordering_is_numeric_across_signs_and_exponents() {
    // Each entry is strictly smaller than the next.
    let ascending = [
        "-1e125",
        "-100",
        "-99.99",
        "-10",
        "-9",
        "-1.5",
        "-1",
        "-0.5",
        "-0.05",
        "-1e-130",
        "0",
        "1e-130",
        "0.0001",
        "0.001",
        "0.0011",
        "0.1",
        "0.12",
        "0.125",
        "0.13",
        "1",
        "1.0000000000000000000000000000000000001",
        "2",
        "9.99",
        "10",
        "100",
        "12345678901234567890123456789012345678e10",
        "1e125",
    ];
    let numbers: Vec<Number> = ascending.iter().map(|text| number(text)).collect();
    for (i, left) in numbers.iter().enumerate() {
        for (j, right) in numbers.iter().enumerate() {
            assert_eq!(left.cmp(right), i.cmp(&j), "{left:?} vs {right:?}");
        }
    }
    assert_eq!(number("1.0").cmp(&number("1")), Ordering::Equal);
}

#[test]
fn sums_and_differences_are_exact() {
    // (left, right, left + right)
    let cases = [
        ("1", "2", "3"),
        ("999", "1", "1000"),
        ("99.99", "0.01", "100"),
        ("0.1", "0.2", "0.3"),
        ("1000", "-1", "999"),
        ("1", "-1000", "-999"),
        ("-5", "3", "-2"),
        ("-5", "-3", "-8"),
        ("5", "-5", "0"),
        ("-0.001", "0.001", "0"),
        ("1e30", "1", "1000000000000000000000000000001"),
        ("100000", "-0.00001", "99999.99999"),
        (
            "1",
            &format!("-0.{}", "9".repeat(38)),
            &format!("0.{}1", "0".repeat(37)),
        ),
        ("0", "-7.5", "-7.5"),
        ("-7.5", "0", "-7.5"),
        // 38 digits exactly.
        (
            "99999999999999999999999999999999999998",
            "1",
            "99999999999999999999999999999999999999",
        ),
        // A carry out of 38 nines leaves a single significant digit.
        (&"9".repeat(38), "1", &format!("1{}", "0".repeat(38))),
        ("5e125", "-4e125", &format!("1{}", "0".repeat(125))),
        ("1e-130", "1e-130", &format!("0.{}2", "0".repeat(129))),
    ];
    for (left, right, sum) in cases {
        let (left, right, sum) = (number(left), number(right), number(sum));
        assert_eq!(
            left.checked_add(&right),
            Ok(sum.clone()),
            "{left:?} + {right:?}"
        );
        assert_eq!(
            right.checked_add(&left),
            Ok(sum.clone()),
            "{right:?} + {left:?}"
        );
        assert_eq!(
            sum.checked_sub(&right),
            Ok(left.clone()),
            "{sum:?} - {right:?}"
        );
        assert_eq!(
            sum.checked_sub(&left),
            Ok(right.clone()),
            "{sum:?} - {left:?}"
        );
    }
}

#[test]
fn inexact_or_out_of_range_arithmetic_is_rejected_as_overflow() {
    let cases = [
        // More than 38 significant digits: the service calls this an overflow too.
        ("1e50", "1"),
        ("1e50", "-1"),
        ("0.1", "1e37"),
        ("99999999999999999999999999999999999999", "0.1"),
        // Out of range.
        ("9e125", "1e125"),
        ("-9e125", "-1e125"),
    ];
    for (left, right) in cases {
        let (left, right) = (number(left), number(right));
        assert_eq!(
            left.checked_add(&right),
            Err(NumberError::Overflow),
            "{left:?} + {right:?}"
        );
    }
    assert_eq!(
        number("1e50")
            .checked_add(&number("1"))
            .map_err(|e| e.to_string()),
        Err(OVERFLOW.to_owned())
    );
}

#[test]
fn a_difference_smaller_than_the_smallest_magnitude_underflows() {
    let left = number("1.2345678901234567890123456789012345678e-100");
    let right = number("1.2345678901234567890123456789012345677e-100");
    assert_eq!(left.checked_sub(&right), Err(NumberError::Underflow));
}

#[test]
fn integers_convert_to_i128_and_fractions_do_not() {
    let cases = [
        ("0", Some(0)),
        ("1", Some(1)),
        ("-42", Some(-42)),
        ("1e3", Some(1000)),
        ("1.5", None),
        ("0.1", None),
        (
            "99999999999999999999999999999999999999",
            Some(99_999_999_999_999_999_999_999_999_999_999_999_999),
        ),
        (
            "-99999999999999999999999999999999999999",
            Some(-99_999_999_999_999_999_999_999_999_999_999_999_999),
        ),
        // Larger than i128::MAX (about 1.7e38).
        ("1e39", None),
        ("1e125", None),
    ];
    for (input, expected) in cases {
        assert_eq!(number(input).to_i128(), expected, "input {input:?}");
        assert_eq!(
            number(input).is_integer(),
            !input.contains('.'),
            "input {input:?}"
        );
    }
    assert_eq!(Number::from(i64::MIN).to_i128(), Some(i128::from(i64::MIN)));
    assert_eq!(Number::from(i64::MAX).to_string(), i64::MAX.to_string());
}

#[test]
fn storage_size_counts_aligned_digit_pairs_an_exponent_byte_and_a_sign_byte() {
    // Expected sizes follow dynalite's rule (base-100 digits aligned on the point, +1 exponent
    // byte, +1 for negatives), which agrees with the docs' "digits / 2 + 1" for positive integers
    // with an odd digit count.
    let cases = [
        ("0", 1),
        ("1", 2),
        ("9", 2),
        ("10", 2),
        ("12", 2),
        ("100", 2),
        ("123", 3),
        ("1234", 3),
        ("12345", 4),
        ("1.2", 3),
        ("1.23", 3),
        ("12.3", 3),
        ("0.12", 2),
        ("0.012", 3),
        ("-1", 3),
        ("-12", 3),
        ("-1.2", 4),
        ("99999999999999999999999999999999999999", 20),
        ("9.9999999999999999999999999999999999999", 21),
        ("1e-130", 2),
    ];
    for (input, size) in cases {
        assert_eq!(number(input).storage_size(), size, "input {input:?}");
    }
}

#[test]
fn a_number_is_stored_inline_so_values_stay_small() {
    // Pages of items hold thousands of numbers: no heap allocation each, and AttrValue no wider
    // than a String plus its tag.
    assert_eq!(std::mem::size_of::<Number>(), 24);
    assert_eq!(std::mem::size_of::<crate::domain::value::AttrValue>(), 32);
}
