//! Numbers made from integers without going through text: the demo makes millions of them
//! (counts, timestamps, amounts in cents), and printing then parsing each was a visible share of
//! generating it.

use super::Number;

impl Number {
    /// `value × 10^-scale`, exactly: `from_scaled(-1250, 2)` is `-12.5`.
    #[must_use]
    pub fn from_scaled(value: i64, scale: u8) -> Self {
        if value == 0 {
            return Self::zero();
        }
        // Decimal digits of the magnitude, most significant first (an i64 has at most 19).
        let mut reversed = [0u8; 20];
        let mut count = 0;
        let mut rest = value.unsigned_abs();
        while rest > 0 {
            reversed[count] = (rest % 10) as u8;
            rest /= 10;
            count += 1;
        }
        let mut digits = [0u8; 20];
        for (slot, digit) in digits.iter_mut().zip(reversed[..count].iter().rev()) {
            *slot = *digit;
        }
        // The value is `0.d₁…d_count × 10^(count - scale)`; trailing zeros are not significant.
        let significant = digits[..count]
            .iter()
            .rposition(|digit| *digit != 0)
            .map_or(0, |last| last + 1);
        let exponent = count as i64 - i64::from(scale);
        // At most 19 digits and an exponent within ±255: always in range.
        Self::from_significant(value < 0, &digits[..significant], significant, exponent)
            .unwrap_or_else(|_| Self::zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_integers_equal_the_numbers_their_text_parses_to() {
        let cases = [
            (0, 0, "0"),
            (7, 0, "7"),
            (1200, 0, "1200"),
            (-1250, 2, "-12.5"),
            (5, 2, "0.05"),
            (-50, 2, "-0.50"),
            (100, 2, "1.00"),
            (i64::MAX, 0, "9223372036854775807"),
            (i64::MIN, 0, "-9223372036854775808"),
            (i64::MIN, 3, "-9223372036854775.808"),
        ];
        for (value, scale, text) in cases {
            let parsed = Number::parse(text).expect("a valid literal");
            assert_eq!(
                Number::from_scaled(value, scale),
                parsed,
                "{value}e-{scale}"
            );
        }
    }
}
